package api_test

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"topup/api"
	"topup/internal/captcha"
)

// The challenge is ALTCHA's bare object (the widget reads it as is), fresh
// every time and never cached.
func TestCaptchaChallenge(t *testing.T) {
	h := newAuthHarness(t)
	seen := map[string]bool{}
	for range 3 {
		r := h.do(t, authReq{method: "GET", path: "/api/captcha/challenge"}).want(t, 200)
		var ch captcha.Challenge
		if err := json.Unmarshal([]byte(r.body), &ch); err != nil {
			t.Fatal(err)
		}
		if ch.Algorithm != "SHA-256" || ch.MaxNumber != 1000 || len(ch.Challenge) != 64 || ch.Signature == "" || seen[ch.Challenge] {
			t.Fatalf("challenge %s", r.body)
		}
		seen[ch.Challenge] = true
		if cc := r.header.Get("Cache-Control"); cc != "no-store" {
			t.Fatalf("Cache-Control = %q", cc)
		}
	}
}

// Register and otp/send refuse missing, forged, unsolved, expired and
// replayed solutions with 422 and a code each, on any node, and take a
// genuine one once.
func TestCaptchaRefusals(t *testing.T) {
	h := newAuthHarness(t)
	h.user(t, "Aung", "09791234567", "password1", false)
	// A second node on the same database: a solution spent on one is spent
	// on all.
	node2 := api.New(h.opts)

	// forged is solved for a challenge signed with another key.
	forged, _ := captcha.Solve(captcha.New([]byte("not the server's key, 32 bytes.."), 1000, time.Minute).Challenge(h.clock.Now()))
	// wrongNumber is a genuine challenge with another number.
	wrongNumber := func() string {
		raw, _ := base64.StdEncoding.DecodeString(h.solve(t))
		var p captcha.Payload
		_ = json.Unmarshal(raw, &p)
		p.Number++
		b, _ := json.Marshal(p)
		return base64.StdEncoding.EncodeToString(b)
	}

	endpoints := []struct {
		name string
		path string
		body func(n int) map[string]string
		ok   int
	}{
		{"register", "/api/register", func(n int) map[string]string {
			return map[string]string{"username": fmt.Sprintf("new%d", n), "phone_number": fmt.Sprintf("0942%07d", n),
				"password": "password1", "password_confirmation": "password1"}
		}, 201},
		{"otp send", "/api/otp/send", func(int) map[string]string {
			return map[string]string{"phone_number": "09791234567"}
		}, 200},
	}
	n := 0
	for _, ep := range endpoints {
		post := func(t *testing.T, token string, node *api.Server) authResult {
			t.Helper()
			n++
			body := ep.body(n)
			if token != "" {
				body["captcha_token"] = token
			}
			return h.do(t, authReq{method: "POST", path: ep.path, body: body, ip: fmt.Sprintf("10.50.0.%d", n), node: node})
		}
		t.Run(ep.name, func(t *testing.T) {
			refusals := []struct {
				name, token, code, msg string
			}{
				{"missing", "", "captcha_required", "Please complete the security check."},
				{"not a payload", "from-the-widget", "captcha_invalid", "reCAPTCHA verification failed. Please try again."},
				{"the widget's test mode", base64.StdEncoding.EncodeToString([]byte(`{"challenge":null,"solution":null,"test":true}`)), "captcha_invalid", "reCAPTCHA verification failed. Please try again."},
				{"forged", forged, "captcha_invalid", "reCAPTCHA verification failed. Please try again."},
				{"not solved", wrongNumber(), "captcha_invalid", "reCAPTCHA verification failed. Please try again."},
			}
			for _, tt := range refusals {
				t.Run(tt.name, func(t *testing.T) {
					r := post(t, tt.token, nil)
					wantCode(t, r, 422, tt.code, tt.msg)
					if r.fieldError("captcha") != tt.msg {
						t.Fatalf("errors: %s", r.body)
					}
				})
			}
			t.Run("expired", func(t *testing.T) {
				old := h.solve(t)
				h.clock.Advance(5 * time.Minute)
				wantCode(t, post(t, old, nil), 422, "captcha_expired", "The security check expired. Please verify again.")
			})
			t.Run("genuine, then replayed on both nodes", func(t *testing.T) {
				token := h.solve(t)
				post(t, token, nil).want(t, ep.ok)
				h.clock.Advance(time.Minute) // past the resend gap: only the captcha refuses
				wantCode(t, post(t, token, nil), 422, "captcha_used", "reCAPTCHA verification failed. Please try again.")
				wantCode(t, post(t, token, node2), 422, "captcha_used", "reCAPTCHA verification failed. Please try again.")
			})
			t.Run("spent on one node first", func(t *testing.T) {
				h.clock.Advance(time.Minute)
				token := h.solve(t)
				post(t, token, node2).want(t, ep.ok)
				wantCode(t, post(t, token, nil), 422, "captcha_used", "reCAPTCHA verification failed. Please try again.")
			})
		})
	}
	if sent := len(h.sms.sent); sent != 2 {
		t.Fatalf("%d codes texted, want 2 (one per genuine solution)", sent)
	}
}
