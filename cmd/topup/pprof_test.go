package main

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/rs/zerolog"
)

func TestPprofAddressMustBeLocalAndNotThePublicPort(t *testing.T) {
	tests := []struct {
		addr, listen string
		remote       bool
		want         error
	}{
		{"127.0.0.1:6060", ":8080", false, nil},
		{"[::1]:6060", ":8080", false, nil},
		{"localhost:6060", ":8080", false, nil},
		{"0.0.0.0:6060", ":8080", false, errPprofNotLocal},
		{":6060", ":8080", false, errPprofNotLocal}, // every interface
		{"10.0.0.5:6060", ":8080", false, errPprofNotLocal},
		{"10.0.0.5:6060", ":8080", true, nil},
		{"127.0.0.1:8080", ":8080", false, errPprofPublicPort},
		{"0.0.0.0:8080", ":8080", true, errPprofPublicPort},
	}
	for _, tt := range tests {
		err := checkPprofAddr(tt.addr, tt.listen, tt.remote)
		if !errors.Is(err, tt.want) {
			t.Errorf("checkPprofAddr(%q, %q, remote=%v) = %v, want %v", tt.addr, tt.listen, tt.remote, err, tt.want)
		}
	}
	if err := checkPprofAddr("nonsense", ":8080", false); err == nil {
		t.Error("an address without a port was accepted")
	}
}

// serve refuses to start with a profiler on every interface, before it
// touches the database.
func TestServeRefusesPublicPprof(t *testing.T) {
	e, _ := testEnv(map[string]string{"DATABASE_URL": "postgres://127.0.0.1:1/none?sslmode=disable", "PPROF_ADDR": "0.0.0.0:6060"}, "")
	err := run(context.Background(), []string{"serve"}, e)
	if !errors.Is(err, errPprofNotLocal) {
		t.Fatalf("serve with PPROF_ADDR=0.0.0.0:6060: %v, want %v", err, errPprofNotLocal)
	}
}

func TestPprofServesProfilesOnItsOwnListener(t *testing.T) {
	env := map[string]string{"PPROF_ADDR": "127.0.0.1:0"}
	addr, stop, err := startPprof(func(k string) string { return env[k] }, ":8080", zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	for _, path := range []string{"/debug/pprof/", "/debug/pprof/heap?debug=1", "/debug/pprof/goroutine?debug=1"} {
		res, err := http.Get("http://" + addr + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || !strings.Contains(string(b), "goroutine") && !strings.Contains(string(b), "heap") {
			t.Errorf("GET %s: %d %.200s", path, res.StatusCode, b)
		}
	}
	res, err := http.Get("http://" + addr + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusNotFound {
		t.Errorf("the profiler's listener answers /metrics with %d: it must serve only /debug/pprof/", res.StatusCode)
	}
	addr, stop, err = startPprof(func(string) string { return "" }, ":8080", zerolog.Nop())
	if err != nil || addr != "" {
		t.Fatalf("without PPROF_ADDR: addr %q err %v, want nothing started", addr, err)
	}
	stop()
}
