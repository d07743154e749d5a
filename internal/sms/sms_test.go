package sms_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"topup/internal/sms"
)

func TestLog(t *testing.T) {
	var buf bytes.Buffer
	if err := (sms.Log{Logger: zerolog.New(&buf)}).Send(context.Background(), "+959791234567", "code 123456"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "+959791234567") || !strings.Contains(buf.String(), "code 123456") {
		t.Fatalf("log = %q", buf.String())
	}
}

func TestHTTP(t *testing.T) {
	type got struct {
		auth, ctype string
		body        map[string]string
	}
	tests := []struct {
		name    string
		status  int
		wantErr bool
	}{
		{"accepted", http.StatusOK, false},
		{"accepted 202", http.StatusAccepted, false},
		{"rejected", http.StatusUnauthorized, true},
		{"gateway down", http.StatusBadGateway, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var g got
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				g.auth, g.ctype = r.Header.Get("Authorization"), r.Header.Get("Content-Type")
				if err := json.NewDecoder(r.Body).Decode(&g.body); err != nil {
					t.Error(err)
				}
				w.WriteHeader(tt.status)
			}))
			defer srv.Close()
			s, err := sms.NewHTTP(sms.HTTPConfig{URL: srv.URL + "/send", Key: "k3y", From: "ShweTopUp"})
			if err != nil {
				t.Fatal(err)
			}
			err = s.Send(context.Background(), "+959791234567", "your code is 123456")
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, wantErr %v", err, tt.wantErr)
			}
			if err != nil && strings.Contains(err.Error(), "123456") {
				t.Errorf("error leaks the message: %v", err)
			}
			if g.auth != "Bearer k3y" || g.ctype != "application/json" {
				t.Errorf("headers: auth %q, type %q", g.auth, g.ctype)
			}
			if g.body["to"] != "+959791234567" || g.body["text"] != "your code is 123456" || g.body["from"] != "ShweTopUp" {
				t.Errorf("body = %v", g.body)
			}
		})
	}
}

func TestNewHTTPConfig(t *testing.T) {
	tests := []struct {
		name string
		cfg  sms.HTTPConfig
	}{
		{"no url", sms.HTTPConfig{Key: "k"}},
		{"relative url", sms.HTTPConfig{URL: "/send", Key: "k"}},
		{"ftp url", sms.HTTPConfig{URL: "ftp://gw/send", Key: "k"}},
		{"no key", sms.HTTPConfig{URL: "https://gw.example/send"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := sms.NewHTTP(tt.cfg); err == nil {
				t.Fatal("accepted a bad configuration")
			}
		})
	}
}

func TestHTTPUnreachable(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close()
	s, err := sms.NewHTTP(sms.HTTPConfig{URL: url, Key: "k"})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Send(context.Background(), "+959791234567", "x"); err == nil {
		t.Fatal("no error from a closed gateway")
	}
}
