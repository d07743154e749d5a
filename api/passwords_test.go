package api_test

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/alexedwards/argon2id"

	"topup/api"
	"topup/store"
)

// Password hashing is bounded: with every slot taken, a login waits
// briefly, then answers 503 hashing_busy with Retry-After,
// instead of piling up more argon2id work; once a slot is free, logins
// work again.
func TestPasswordHashingIsBounded(t *testing.T) {
	h := newAuthHarness(t, func(o *api.Options) { o.PasswordSlots, o.PasswordWait = 1, 50*time.Millisecond })
	slow := h.user(t, "slow", "09420000201", "slow-pw-123", false)
	h.user(t, "quick", "09420000202", "quick-pw-123", false)
	// A stored hash with costly parameters (as an older, stronger setting
	// would leave) keeps the only slot busy for most of a second.
	costly, err := argon2id.CreateHash("slow-pw-123", &argon2id.Params{Memory: 32 * 1024, Iterations: 24,
		Parallelism: 1, SaltLength: 16, KeyLength: 32})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.db.SQL().Exec(`UPDATE users SET password_hash = $2 WHERE id = $1`, slow.ID, costly); err != nil {
		t.Fatal(err)
	}
	slots := h.srv.Passwords()

	done := make(chan authResult)
	go func() {
		done <- h.do(t, authReq{method: "POST", path: "/api/login", ip: "10.1.0.1",
			body: map[string]string{"phone_number": "09420000201", "password": "slow-pw-123"}})
	}()
	for deadline := time.Now().Add(5 * time.Second); slots.InUse() == 0; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the slow login never started hashing")
		}
	}
	refused := slots.Refused()
	for i, ip := range []string{"10.1.0.2", "10.1.0.3"} {
		res := h.do(t, authReq{method: "POST", path: "/api/login", ip: ip,
			body: map[string]string{"phone_number": "09420000202", "password": "quick-pw-123"}}).want(t, http.StatusServiceUnavailable)
		if res.str("code") != "hashing_busy" || res.header.Get("Retry-After") != "1" {
			t.Fatalf("login %d while hashing is saturated: code %q, Retry-After %q; %s", i, res.str("code"), res.header.Get("Retry-After"), res.body)
		}
	}
	if slots.InUse() == 0 {
		t.Fatal("the slow login ended before the refusals were checked; they prove nothing")
	}
	if got := slots.Refused() - refused; got != 2 {
		t.Fatalf("%d refusals counted, want 2", got)
	}
	(<-done).want(t, http.StatusOK)

	// Normal use: one slot, one login at a time, all served.
	for range 3 {
		h.login(t, "09420000202", "quick-pw-123")
	}
	if slots.InUse() != 0 {
		t.Fatalf("%d slots still taken", slots.InUse())
	}
}

// A password reset checks its token before it hashes the new password, so
// resets without a valid token (guessed, expired, for another number)
// cost a query, never an argon2id hash.
func TestResetChecksTheTokenFirst(t *testing.T) {
	h := newAuthHarness(t)
	h.user(t, "resetter", "09791234567", "old-pw-123", false)
	h.user(t, "other", "09791234568", "other-pw-123", false)
	ctx := context.Background()
	// A reset token as otp/verify hands it out, made through the store so
	// that this test does not depend on how codes are sent.
	token := func(phone string) string {
		t.Helper()
		var b [32]byte
		_, _ = rand.Read(b[:])
		tok := base64.RawURLEncoding.EncodeToString(b[:])
		now := h.clock.Now()
		if _, err := h.db.ReserveOTP(ctx, store.OTPSend{NewOTP: store.NewOTP{Phone: phone, Purpose: store.PurposeResetPassword,
			Code: "123456", IP: "192.0.2.1", Now: now, TTL: 10 * time.Minute},
			Window: time.Hour, PhoneCap: 10, IPCap: 10, Budget: store.SMSBudget{Hourly: 10, Daily: 10}}); err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256([]byte(tok))
		if err := h.db.VerifyOTP(ctx, store.OTPCheck{Phone: phone, Purpose: store.PurposeResetPassword, Code: "123456",
			Now: now, MaxAttempts: 3, ResetTokenHash: sum[:]}); err != nil {
			t.Fatal(err)
		}
		return tok
	}
	slots := h.srv.Passwords()
	reset := func(phone, tok string) authResult {
		return h.reset(t, phone, "new-pw-123", "new-pw-123", tok, "10.2.0.1")
	}

	runs := slots.Runs()
	wantCode(t, reset(resetPhone, strings.Repeat("A", 43)), 422, "reset_session_expired", "Session expired. Please start over.")
	wantCode(t, reset(resetPhone, token("+959791234568")), 422, "reset_session_expired", "Session expired. Please start over.")
	stale := token(resetPhone)
	h.clock.Advance(time.Hour)
	wantCode(t, reset(resetPhone, stale), 422, "reset_session_expired", "Session expired. Please start over.")
	if got := slots.Runs() - runs; got != 0 {
		t.Fatalf("%d password hashes for resets without a valid token, want 0", got)
	}

	reset(resetPhone, token(resetPhone)).want(t, 200)
	if got := slots.Runs() - runs; got != 1 {
		t.Fatalf("%d password hashes for one reset, want 1", got)
	}
	h.login(t, "09791234567", "new-pw-123")
}
