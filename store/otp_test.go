package store_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"topup/store"
	"topup/store/storetest"
)

func TestOTP(t *testing.T) {
	ctx := context.Background()
	db := storetest.New(t)
	u, err := db.CreateUser(ctx, store.NewUser{Username: "otp", Phone: "09791230002", PasswordHash: "old"})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC().Truncate(time.Second)
	send := func(code string, at time.Time) {
		t.Helper()
		_, err := db.ReserveOTP(ctx, store.OTPSend{NewOTP: store.NewOTP{Phone: "09791230002", Purpose: store.PurposeResetPassword,
			Code: code, IP: "192.0.2.1", Now: at, TTL: 10 * time.Minute},
			Window: time.Hour, PhoneCap: 10, IPCap: 10, Budget: store.SMSBudget{Hourly: 10, Daily: 10}})
		if err != nil {
			t.Fatal(err)
		}
	}
	check := func(code string, at time.Time, token string) error {
		return db.VerifyOTP(ctx, store.OTPCheck{Phone: "+959791230002", Purpose: store.PurposeResetPassword,
			Code: code, Now: at, MaxAttempts: 3, ResetTokenHash: tokenHash(token)})
	}

	if err := check("123456", now, "t0"); !errors.Is(err, store.ErrOTPNotRequested) {
		t.Fatalf("no code: %v", err)
	}

	send("111111", now)
	send("222222", now.Add(time.Second))
	tests := []struct {
		name string
		code string
		at   time.Time
		want error
	}{
		{"retired older code", "111111", now.Add(2 * time.Second), store.ErrOTPInvalid},
		{"wrong code", "333333", now.Add(2 * time.Second), store.ErrOTPInvalid},
		{"expired", "222222", now.Add(time.Second + 10*time.Minute), store.ErrOTPExpired},
		{"right code in time", "222222", now.Add(3 * time.Second), nil},
		{"used", "222222", now.Add(4 * time.Second), store.ErrOTPUsed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := check(tt.code, tt.at, "t1"); !errors.Is(err, tt.want) && !(err == nil && tt.want == nil) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
		})
	}

	t.Run("only hashes stored", func(t *testing.T) {
		var n int
		if err := db.SQL().Get(&n, `SELECT count(*) FROM otp_codes WHERE code_hash IN (convert_to('111111','UTF8'), convert_to('222222','UTF8'))`); err != nil || n != 0 {
			t.Fatalf("plaintext codes: %d, %v", n, err)
		}
	})

	t.Run("attempts are kept and burn the code", func(t *testing.T) {
		at := now.Add(time.Hour)
		send("444444", at)
		for range 3 {
			if err := check("000000", at, "t2"); !errors.Is(err, store.ErrOTPInvalid) {
				t.Fatalf("err = %v", err)
			}
		}
		if err := check("444444", at, "t2"); !errors.Is(err, store.ErrOTPUsed) {
			t.Fatalf("burnt code: %v", err)
		}
	})

	reset := func(phone, token, hash string, at time.Time) error {
		_, err := db.ResetPassword(ctx, store.PasswordReset{Phone: phone, TokenHash: tokenHash(token),
			PasswordHash: hash, Now: at, TokenTTL: 15 * time.Minute})
		return err
	}
	t.Run("reset", func(t *testing.T) {
		at := now.Add(3 * time.Second) // t1 was issued then
		if _, err := db.CreateToken(ctx, u.ID, tokenHash("session"), "", now, now.Add(24*time.Hour)); err != nil {
			t.Fatal(err)
		}
		if err := reset("09791230002", "t1", "new", at.Add(15*time.Minute)); !errors.Is(err, store.ErrResetTokenInvalid) {
			t.Fatalf("expired token: %v", err)
		}
		if err := reset("09791230003", "t1", "new", at); !errors.Is(err, store.ErrResetTokenInvalid) {
			t.Fatalf("other phone: %v", err)
		}
		if err := reset("09791230002", "nope", "new", at); !errors.Is(err, store.ErrResetTokenInvalid) {
			t.Fatalf("unknown token: %v", err)
		}
		if err := reset("09791230002", "t1", "new", at); err != nil {
			t.Fatal(err)
		}
		got, _ := db.UserByID(ctx, u.ID)
		if got.PasswordHash != "new" {
			t.Fatalf("hash %q", got.PasswordHash)
		}
		if _, err := db.SessionByToken(ctx, tokenHash("session"), at, ""); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("session survived the reset: %v", err)
		}
		// Its sockets close too, as the sessions ended (store/sessions.go).
		var terminate int
		if err := db.SQL().Get(&terminate, `SELECT count(*) FROM outbox WHERE event = $1 AND payload->>'user_id' = $2`,
			store.EventTerminateConnections, fmt.Sprint(u.ID)); err != nil || terminate != 1 {
			t.Fatalf("terminate events %d (%v)", terminate, err)
		}
		if err := reset("09791230002", "t1", "newer", at); !errors.Is(err, store.ErrResetTokenInvalid) {
			t.Fatalf("token reused: %v", err)
		}
	})

	t.Run("stale codes are deleted", func(t *testing.T) {
		n, err := db.DeleteStaleOTPs(ctx, now.Add(2*time.Hour))
		if err != nil || n != 3 {
			t.Fatalf("deleted %d, %v", n, err)
		}
	})
}
