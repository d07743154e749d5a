package captcha_test

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"topup/internal/captcha"
)

func TestVerify(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	is := captcha.New([]byte("a key of thirty-two bytes or so."), 500, 5*time.Minute)
	other := captcha.New([]byte("another key, not the server's..."), 500, 5*time.Minute)

	solved := func(is *captcha.Issuer) string {
		p, ok := captcha.Solve(is.Challenge(now))
		if !ok {
			t.Fatal("unsolvable challenge")
		}
		return p
	}
	// edit decodes a genuine payload, changes it and encodes it again.
	edit := func(change func(p *captcha.Payload)) string {
		raw, _ := base64.StdEncoding.DecodeString(solved(is))
		var p captcha.Payload
		if err := json.Unmarshal(raw, &p); err != nil {
			t.Fatal(err)
		}
		change(&p)
		b, _ := json.Marshal(p)
		return base64.StdEncoding.EncodeToString(b)
	}
	genuine := solved(is)

	tests := []struct {
		name    string
		payload string
		at      time.Time
		want    error
	}{
		{"genuine", genuine, now, nil},
		{"genuine, a second before expiry", genuine, now.Add(5*time.Minute - time.Second), nil},
		{"genuine, at expiry", genuine, now.Add(5 * time.Minute), captcha.ErrExpired},
		{"missing", "", now, captcha.ErrMissing},
		{"blank", "  ", now, captcha.ErrMissing},
		{"not base64", "%%%", now, captcha.ErrInvalid},
		{"not JSON", base64.StdEncoding.EncodeToString([]byte("hello")), now, captcha.ErrInvalid},
		{"the widget's test mode", base64.StdEncoding.EncodeToString([]byte(`{"challenge":null,"solution":null,"test":true}`)), now, captcha.ErrInvalid},
		{"signed by another key", solved(other), now, captcha.ErrInvalid},
		{"wrong number", edit(func(p *captcha.Payload) { p.Number++ }), now, captcha.ErrInvalid},
		{"expiry pushed back", edit(func(p *captcha.Payload) { p.Salt = strings.Split(p.Salt, "?")[0] + "?expires=4000000000" }), now.Add(time.Hour), captcha.ErrInvalid},
		{"another algorithm", edit(func(p *captcha.Payload) { p.Algorithm = "SHA-1" }), now, captcha.ErrInvalid},
		{"signature not hex", edit(func(p *captcha.Payload) { p.Signature = "zz" }), now, captcha.ErrInvalid},
		{"oversized", base64.StdEncoding.EncodeToString(make([]byte, 4096)), now, captcha.ErrInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := is.Verify(tt.payload, tt.at)
			if !errors.Is(err, tt.want) {
				t.Fatalf("Verify = %v, want %v", err, tt.want)
			}
			if err == nil && (len(s.ID) != 32 || !s.Expires.Equal(now.Add(5*time.Minute))) {
				t.Fatalf("solved = %x until %v", s.ID, s.Expires)
			}
		})
	}
}

// Challenges carry ALTCHA's field names, and their expiry in the salt where
// the widget reads it.
func TestChallengeShape(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	ch := captcha.New([]byte("k"), 1000, time.Minute).Challenge(now)
	if ch.Algorithm != "SHA-256" || ch.MaxNumber != 1000 || len(ch.Challenge) != 64 || len(ch.Signature) != 64 ||
		!strings.HasSuffix(ch.Salt, "?expires=1800000060") {
		t.Fatalf("challenge = %+v", ch)
	}
}
