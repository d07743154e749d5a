package api_test

import (
	"fmt"
	"testing"
	"time"
)

const resetPhone = "+959791234567"

func (h *authHarness) sendCode(t *testing.T, phone, ip string) authResult {
	t.Helper()
	return h.do(t, authReq{method: "POST", path: "/api/otp/send", ip: ip, body: map[string]string{"phone_number": phone, "captcha_token": h.solve(t)}})
}

func (h *authHarness) verifyCode(t *testing.T, phone, code, ip string) authResult {
	t.Helper()
	return h.do(t, authReq{method: "POST", path: "/api/otp/verify", ip: ip, body: map[string]string{"phone_number": phone, "code": code}})
}

func (h *authHarness) reset(t *testing.T, phone, pw, confirm, token, ip string) authResult {
	t.Helper()
	return h.do(t, authReq{method: "POST", path: "/api/reset-password-phone", ip: ip, body: map[string]string{
		"phone_number": phone, "password": pw, "password_confirmation": confirm, "reset_token": token}})
}

// wrongCode is a code that is not code.
func wrongCode(code string) string {
	if code == "000000" {
		return "000001"
	}
	return "000000"
}

func wantCode(t *testing.T, r authResult, status int, errorCode, msg string) {
	t.Helper()
	r.want(t, status)
	if r.str("code") != errorCode || r.str("message") != msg {
		t.Fatalf("code %q message %q, want %q %q", r.str("code"), r.str("message"), errorCode, msg)
	}
}

func TestResetFlow(t *testing.T) {
	h := newAuthHarness(t)
	u := h.user(t, "Aung", "09791234567", "old-password", false)
	oldTok := h.login(t, "09791234567", "old-password")

	// Step 1: the code goes out by SMS, written as the customer typed it.
	r := h.do(t, authReq{method: "POST", path: "/api/otp/send", ip: "10.20.0.1",
		body: map[string]string{"phone_number": "09 7912 34567", "captcha_token": h.solve(t)}}).want(t, 200)
	if r.data()["phone_number"] != resetPhone {
		t.Fatalf("%s", r.body)
	}
	code := h.sms.lastCode(t, resetPhone)
	if len(code) != 6 {
		t.Fatalf("code %q", code)
	}
	var plain int
	if err := h.db.SQL().Get(&plain, `SELECT count(*) FROM otp_codes WHERE code_hash = convert_to($1, 'UTF8')`, code); err != nil || plain != 0 {
		t.Fatalf("code stored in the clear (%d, %v)", plain, err)
	}

	// Step 2: a wrong code is refused, the right one gives a reset token.
	wantCode(t, h.verifyCode(t, resetPhone, wrongCode(code), "10.20.0.1"), 422, "otp_invalid",
		"Invalid verification code. Please check and try again.")
	r = h.verifyCode(t, "09791234567", code, "10.20.0.1").want(t, 200)
	resetTok, _ := r.data()["reset_token"].(string)
	if resetTok == "" || r.str("reset_token") != resetTok {
		t.Fatalf("no reset token: %s", r.body)
	}
	t.Run("a code works once", func(t *testing.T) {
		wantCode(t, h.verifyCode(t, resetPhone, code, "10.20.0.1"), 422, "otp_used",
			"Verification code expired. Please request a new code.")
	})

	// Step 3: the new password, once.
	t.Run("another phone cannot use the token", func(t *testing.T) {
		h.user(t, "Other", "09791234568", "other-password", false)
		wantCode(t, h.reset(t, "09791234568", "new-password", "new-password", resetTok, "10.20.0.1"), 422,
			"reset_session_expired", "Session expired. Please start over.")
	})
	h.reset(t, resetPhone, "new-password", "new-password", resetTok, "10.20.0.1").want(t, 200)
	t.Run("every old session ended", func(t *testing.T) {
		h.do(t, authReq{method: "GET", path: fmt.Sprintf("/api/user/%d", u.ID), token: oldTok}).want(t, 401)
	})
	t.Run("new password logs in, old does not", func(t *testing.T) {
		h.login(t, resetPhone, "new-password")
		h.clock.Advance(time.Minute)
		h.do(t, authReq{method: "POST", path: "/api/login", ip: "10.20.0.2",
			body: map[string]string{"phone_number": resetPhone, "password": "old-password"}}).want(t, 401)
	})
	t.Run("the reset token works once", func(t *testing.T) {
		wantCode(t, h.reset(t, resetPhone, "third-password", "third-password", resetTok, "10.20.0.1"), 422,
			"reset_session_expired", "Session expired. Please start over.")
	})
}

func TestResetFailures(t *testing.T) {
	h := newAuthHarness(t)
	h.user(t, "Aung", "09791234567", "old-password", false)
	// Each case gets its own address so the IP throttles stay out of the way,
	// and a fresh hour so the per-phone send cap does.
	ip := 0
	fresh := func() string {
		ip++
		h.clock.Advance(2 * time.Hour)
		return fmt.Sprintf("10.21.0.%d", ip)
	}

	t.Run("verify before any code", func(t *testing.T) {
		h.user(t, "Never", "09791234569", "password1", false)
		wantCode(t, h.verifyCode(t, "09791234569", "123456", fresh()), 422, "otp_not_requested", "Please request OTP first")
	})

	t.Run("expired code", func(t *testing.T) {
		addr := fresh()
		h.sendCode(t, resetPhone, addr).want(t, 200)
		code := h.sms.lastCode(t, resetPhone)
		h.clock.Advance(10 * time.Minute)
		wantCode(t, h.verifyCode(t, resetPhone, code, addr), 422, "otp_expired",
			"Verification code expired. Please request a new code.")
	})

	t.Run("brute force burns the code", func(t *testing.T) {
		addr := fresh()
		h.sendCode(t, resetPhone, addr).want(t, 200)
		code := h.sms.lastCode(t, resetPhone)
		for range 5 {
			wantCode(t, h.verifyCode(t, resetPhone, wrongCode(code), addr), 422, "otp_invalid",
				"Invalid verification code. Please check and try again.")
		}
		// The right code no longer helps: a new one must be requested.
		wantCode(t, h.verifyCode(t, resetPhone, code, addr), 422, "otp_used",
			"Verification code expired. Please request a new code.")
	})

	t.Run("a resend retires the older code", func(t *testing.T) {
		addr := fresh()
		if r := h.sendCode(t, resetPhone, addr).want(t, 200); r.data()["resend_in"] != float64(60) {
			t.Fatalf("resend_in: %s", r.body)
		}
		first := h.sms.lastCode(t, resetPhone)
		// A second code within the minute the dialog counts down: refused.
		if r := h.sendCode(t, resetPhone, addr).want(t, 429); r.header.Get("Retry-After") != "60" {
			t.Fatalf("Retry-After %q", r.header.Get("Retry-After"))
		}
		h.clock.Advance(time.Minute)
		h.sendCode(t, resetPhone, addr).want(t, 200)
		second := h.sms.lastCode(t, resetPhone)
		if first != second {
			wantCode(t, h.verifyCode(t, resetPhone, first, addr), 422, "otp_invalid",
				"Invalid verification code. Please check and try again.")
		}
		h.verifyCode(t, resetPhone, second, addr).want(t, 200)
	})

	t.Run("reset token expires", func(t *testing.T) {
		addr := fresh()
		h.sendCode(t, resetPhone, addr).want(t, 200)
		r := h.verifyCode(t, resetPhone, h.sms.lastCode(t, resetPhone), addr).want(t, 200)
		h.clock.Advance(15 * time.Minute)
		wantCode(t, h.reset(t, resetPhone, "new-password", "new-password", r.data()["reset_token"].(string), addr), 422,
			"reset_session_expired", "Session expired. Please start over.")
	})

	t.Run("forged reset token", func(t *testing.T) {
		wantCode(t, h.reset(t, resetPhone, "new-password", "new-password", "forged", fresh()), 422,
			"reset_session_expired", "Session expired. Please start over.")
	})

	t.Run("phone number not found", func(t *testing.T) {
		r := h.sendCode(t, "09791111111", fresh())
		wantCode(t, r, 404, "phone_not_found", "phone number not found")
		if r.fieldError("phone_number") != "phone number not found" {
			t.Fatalf("%s", r.body)
		}
		if len(h.sms.sent) > 0 && h.sms.sent[len(h.sms.sent)-1].to == "+959791111111" {
			t.Fatal("an SMS went to an unknown number")
		}
	})

	t.Run("account gone between verify and reset", func(t *testing.T) {
		addr := fresh()
		h.user(t, "Gone", "09791234560", "password1", false)
		h.sendCode(t, "09791234560", addr).want(t, 200)
		r := h.verifyCode(t, "09791234560", h.sms.lastCode(t, "+959791234560"), addr).want(t, 200)
		if _, err := h.db.SQL().Exec(`DELETE FROM users WHERE phone = '+959791234560'`); err != nil {
			t.Fatal(err)
		}
		wantCode(t, h.reset(t, "09791234560", "new-password", "new-password", r.data()["reset_token"].(string), addr), 404,
			"phone_not_found", "phone number not found")
	})

	t.Run("gateway failure", func(t *testing.T) {
		h.sms.mu.Lock()
		h.sms.fail = true
		h.sms.mu.Unlock()
		defer func() { h.sms.mu.Lock(); h.sms.fail = false; h.sms.mu.Unlock() }()
		wantCode(t, h.sendCode(t, resetPhone, fresh()), 502, "sms_failed",
			"Failed to send OTP. Please check your phone number and try again.")
	})
}

func TestResetValidation(t *testing.T) {
	h := newAuthHarness(t)
	tests := []struct {
		name, path  string
		body        map[string]string
		field, want string
	}{
		{"send: phone missing", "/api/otp/send", map[string]string{"phone_number": ""}, "phone_number", "Please enter a valid phone number"},
		{"send: not a phone", "/api/otp/send", map[string]string{"phone_number": "12"}, "phone_number",
			"Invalid phone number format. Please use +country_code format (e.g., +959123456789)"},
		{"send: an e-mail", "/api/otp/send", map[string]string{"phone_number": "mg@example.com"}, "phone_number",
			"Invalid phone number format. Please use +country_code format (e.g., +959123456789)"},
		{"verify: phone missing", "/api/otp/verify", map[string]string{"code": "123456"}, "phone_number", "Please enter a valid phone number"},
		{"verify: code missing", "/api/otp/verify", map[string]string{"phone_number": resetPhone}, "code", "Please enter the verification code"},
		{"verify: code short", "/api/otp/verify", map[string]string{"phone_number": resetPhone, "code": "12345"}, "code",
			"Invalid verification code. Please check and try again."},
		{"verify: code not digits", "/api/otp/verify", map[string]string{"phone_number": resetPhone, "code": "12345a"}, "code",
			"Invalid verification code. Please check and try again."},
		{"reset: phone invalid", "/api/reset-password-phone", map[string]string{"phone_number": "x", "password": "secret1", "password_confirmation": "secret1"},
			"phone_number", "Please enter a valid phone number"},
		{"reset: passwords missing", "/api/reset-password-phone", map[string]string{"phone_number": resetPhone}, "password", "Please fill in both password fields"},
		{"reset: confirmation missing", "/api/reset-password-phone", map[string]string{"phone_number": resetPhone, "password": "secret1"},
			"password", "Please fill in both password fields"},
		{"reset: mismatch", "/api/reset-password-phone", map[string]string{"phone_number": resetPhone, "password": "secret1", "password_confirmation": "secret2"},
			"password_confirmation", "Passwords do not match"},
		{"reset: short", "/api/reset-password-phone", map[string]string{"phone_number": resetPhone, "password": "12345", "password_confirmation": "12345"},
			"password", "Password must be at least 6 characters long"},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := h.do(t, authReq{method: "POST", path: tt.path, body: tt.body, ip: fmt.Sprintf("10.22.0.%d", i)}).want(t, 422)
			if got := r.fieldError(tt.field); got != tt.want {
				t.Fatalf("errors[%s] = %q, want %q; %s", tt.field, got, tt.want, r.body)
			}
		})
	}
}

func TestOTPThrottle(t *testing.T) {
	h := newAuthHarness(t)
	h.user(t, "Aung", "09791234567", "password1", false)

	t.Run("three codes per phone an hour", func(t *testing.T) {
		for i := range 3 {
			h.sendCode(t, resetPhone, fmt.Sprintf("10.30.0.%d", i)).want(t, 200)
			h.clock.Advance(time.Minute)
		}
		r := h.sendCode(t, "09791234567", "10.30.0.9").want(t, 429)
		if r.str("message") != "Too many requests. Please try again later." || r.str("code") != "too_many_requests" {
			t.Fatalf("%s", r.body)
		}
		// The oldest of the three was sent 3 minutes ago: 57 minutes to go.
		if ra := r.header.Get("Retry-After"); ra != "3420" {
			t.Fatalf("Retry-After = %q, want 3420", ra)
		}
		h.clock.Advance(57 * time.Minute)
		h.sendCode(t, resetPhone, "10.30.0.9").want(t, 200)
	})

	t.Run("per address, across phones", func(t *testing.T) {
		h.clock.Advance(2 * time.Hour)
		for i := range 10 {
			phone := fmt.Sprintf("0979200%04d", i)
			h.user(t, fmt.Sprintf("u%d", i), phone, "password1", false)
			h.sendCode(t, phone, "10.31.0.1").want(t, 200)
		}
		h.user(t, "u10", "09792009999", "password1", false)
		h.sendCode(t, "09792009999", "10.31.0.1").want(t, 429)
		h.sendCode(t, "09792009999", "10.31.0.2").want(t, 200)
	})

	t.Run("verify attempts per phone", func(t *testing.T) {
		h.clock.Advance(2 * time.Hour)
		for i := range 10 {
			h.verifyCode(t, "09791234567", "999999", fmt.Sprintf("10.32.0.%d", i))
		}
		h.verifyCode(t, "09791234567", "999999", "10.32.0.99").want(t, 429)
	})
}

// TestResetAsTyped: a customer who only ever types the number the local way
// (09…, 9…, spaces, dashes) gets through all three steps, and every way of
// writing one number counts against the same send and verify caps, so
// retyping it differently buys no extra SMS.
func TestResetAsTyped(t *testing.T) {
	h := newAuthHarness(t)
	h.user(t, "Aung", "+959791234567", "old-password", false)

	h.sendCode(t, "09791234567", "10.40.0.1").want(t, 200)
	tok := h.verifyCode(t, "9 7912 34567", h.sms.lastCode(t, resetPhone), "10.40.0.1").want(t, 200).str("reset_token")
	h.reset(t, "09-7912-34567", "new-password", "new-password", tok, "10.40.0.1").want(t, 200)
	h.login(t, "09791234567", "new-password")

	t.Run("send cap counts the number, not the spelling", func(t *testing.T) {
		h.clock.Advance(2 * time.Hour)
		before := len(h.sms.sent)
		for i, typed := range []string{"09791234567", "9791234567", "+95 9 7912 34567"} {
			h.sendCode(t, typed, fmt.Sprintf("10.41.0.%d", i)).want(t, 200)
			h.clock.Advance(time.Minute)
		}
		h.sendCode(t, "09-7912-34567", "10.41.0.9").want(t, 429)
		if n := len(h.sms.sent) - before; n != 3 {
			t.Fatalf("%d texts sent, want 3", n)
		}
	})

	t.Run("verify cap counts the number, not the spelling", func(t *testing.T) {
		h.clock.Advance(2 * time.Hour)
		spellings := []string{"09791234567", "9791234567", "+959791234567", "09 7912 34567", "09-7912-34567"}
		for i := range 10 {
			h.verifyCode(t, spellings[i%len(spellings)], "999999", fmt.Sprintf("10.42.0.%d", i))
		}
		h.verifyCode(t, "9-7912-34567", "999999", "10.42.0.99").want(t, 429)
	})
}
