package api_test

import (
	"fmt"
	"testing"
	"time"
)

// loginAs posts a login from ip, with a solved captcha when withCaptcha.
func (h *authHarness) loginAs(t *testing.T, id, pw, ip string, withCaptcha bool) authResult {
	t.Helper()
	body := map[string]string{"phone_number": id, "password": pw}
	if withCaptcha {
		body["captcha_token"] = h.solve(t)
	}
	return h.do(t, authReq{method: "POST", path: "/api/login", ip: ip, body: body})
}

// Three failures for an account, from anywhere, make its logins carry a
// captcha until one succeeds; the third failure already says so. Unknown
// accounts behave the same, so the captcha tells nobody who is a customer.
func TestLoginCaptchaAfterFailures(t *testing.T) {
	h := newAuthHarness(t)
	h.user(t, "Aung", "09791234567", "right-password", false)

	for _, id := range []string{"09791234567", "09420000042"} {
		t.Run(id, func(t *testing.T) {
			for i := 1; i <= 3; i++ {
				r := h.loginAs(t, id, "wrong-password", fmt.Sprintf("10.30.%d.1", i), false).want(t, 401)
				if got, want := r.json["captcha_required"], i >= 3; got != want {
					t.Fatalf("failure %d: captcha_required = %v, want %v", i, got, want)
				}
			}
			// The owner's right password without a captcha is refused too.
			r := h.loginAs(t, id, "right-password", "10.30.9.1", false)
			wantCode(t, r, 422, "captcha_required", "Please complete the security check.")
			if r.fieldError("captcha") == "" {
				t.Fatalf("no captcha field error: %s", r.body)
			}
			h.loginAs(t, id, "wrong-password", "10.30.9.1", true).want(t, 401)
		})
	}
	h.loginAs(t, "09791234567", "right-password", "10.30.9.2", true).want(t, 200)
	// A success forgets the failures.
	h.loginAs(t, "09791234567", "right-password", "10.30.9.2", false).want(t, 200)

	// So does an hour without failures.
	for range 3 {
		h.loginAs(t, "09420000042", "wrong-password", "10.30.8.1", true).want(t, 401)
	}
	h.clock.Advance(time.Hour)
	h.loginAs(t, "09420000042", "wrong-password", "10.30.8.1", false).want(t, 401)
}

// An attacker hammering one account from one address is throttled there;
// the owner, from their own address, still logs in (on the old
// per-account limit the owner got 429 for as long as the attack went on).
func TestLoginLockOutHasNoVictim(t *testing.T) {
	h := newAuthHarness(t)
	h.user(t, "Aung", "09791234567", "right-password", false)

	for minute := range 30 {
		limited := 0
		for range 10 {
			r := h.loginAs(t, "09791234567", "guess", "198.51.100.66", true)
			if r.status == 429 {
				limited++
			} else {
				r.want(t, 401)
			}
		}
		if limited == 0 {
			t.Fatalf("minute %d: the attacker was never throttled", minute)
		}
		h.loginAs(t, "09791234567", "right-password", "203.0.113.7", true).want(t, 200)
		h.clock.Advance(time.Minute)
	}
}

// However many addresses an attack comes from, an account takes at most
// 100 tries at once and one more every 36 s (100 an hour), each with a
// solved captcha; beyond it 429 with Retry-After, for everyone.
func TestLoginCeilingPerAccount(t *testing.T) {
	h := newAuthHarness(t)
	h.user(t, "Aung", "09791234567", "right-password", false)

	for i := range 100 {
		h.loginAs(t, "09791234567", "guess", fmt.Sprintf("10.31.%d.%d", i/200, i%200+1), i >= 3).want(t, 401)
	}
	r := h.loginAs(t, "09791234567", "guess", "10.32.0.1", true)
	wantCode(t, r, 429, "too_many_requests", "Too many requests. Please try again later.")
	if ra := r.header.Get("Retry-After"); ra != "36" {
		t.Fatalf("Retry-After = %q, want 36", ra)
	}
	h.loginAs(t, "09791234567", "right-password", "10.32.0.2", true).want(t, 429)

	// Tries without the captcha do not spend the allowance …
	for i := range 20 {
		wantCode(t, h.loginAs(t, "09791234567", "guess", fmt.Sprintf("10.33.0.%d", i+1), false), 422, "captcha_required", "Please complete the security check.")
	}
	// … so the owner gets the next one.
	h.clock.Advance(36 * time.Second)
	h.loginAs(t, "09791234567", "right-password", "10.32.0.2", true).want(t, 200)
}
