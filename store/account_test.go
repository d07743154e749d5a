package store_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"topup/store"
	"topup/store/storetest"
)

func TestAccountSettings(t *testing.T) {
	ctx := context.Background()
	db := storetest.New(t)
	now := time.Now().UTC().Truncate(time.Second)
	alice, err := db.CreateUser(ctx, store.NewUser{Username: "alice", Phone: "09791232001", Email: "alice@example.com", PasswordHash: "h"})
	if err != nil {
		t.Fatal(err)
	}
	bob, err := db.CreateUser(ctx, store.NewUser{Username: "bob", Phone: "09791232002", PasswordHash: "h"})
	if err != nil {
		t.Fatal(err)
	}

	t.Run("e-mail taken in another case is a conflict on email", func(t *testing.T) {
		_, err := db.ChangeEmail(ctx, bob.ID, "ALICE@example.com")
		var ce *store.ConflictError
		if !errors.As(err, &ce) || ce.Field != "email" {
			t.Fatalf("err %v", err)
		}
		u, err := db.ChangeEmail(ctx, bob.ID, "bob@example.com")
		if err != nil || u.Email == nil || *u.Email != "bob@example.com" {
			t.Fatalf("%v %v", u.Email, err)
		}
	})
	t.Run("locale", func(t *testing.T) {
		if _, err := db.SetLocale(ctx, alice.ID, "fr"); !errors.Is(err, store.ErrInvalid) {
			t.Fatalf("fr: %v", err)
		}
		u, err := db.SetLocale(ctx, alice.ID, store.LocaleEnglish)
		if err != nil || u.Locale == nil || *u.Locale != "en" {
			t.Fatalf("%v %v", u.Locale, err)
		}
		if u, _ := db.UserByID(ctx, alice.ID); *u.Locale != "en" {
			t.Fatal("not kept")
		}
	})
	t.Run("phone change needs this account's code for that number", func(t *testing.T) {
		send := func(userID int64, phone, code string, at time.Time) {
			t.Helper()
			_, err := db.ReserveOTP(ctx, store.OTPSend{NewOTP: store.NewOTP{Phone: phone, Purpose: store.PurposeVerifyPhone,
				Code: code, IP: "192.0.2.1", Now: at, TTL: 10 * time.Minute, UserID: userID},
				Window: time.Hour, PhoneCap: 10, IPCap: 10, Budget: store.SMSBudget{Hourly: 10, Daily: 10}})
			if err != nil {
				t.Fatal(err)
			}
		}
		change := func(userID int64, phone, code string) (store.User, error) {
			return db.ChangePhone(ctx, store.PhoneChange{UserID: userID, Phone: phone, Code: code, Now: now.Add(time.Second), MaxAttempts: 5})
		}
		if _, err := change(alice.ID, "09791232009", "123456"); !errors.Is(err, store.ErrOTPNotRequested) {
			t.Fatalf("no code: %v", err)
		}
		send(alice.ID, "09791232009", "123456", now)
		// Bob cannot use a code Alice asked for, even knowing it.
		if _, err := change(bob.ID, "09791232009", "123456"); !errors.Is(err, store.ErrOTPNotRequested) {
			t.Fatalf("bob used alice's code: %v", err)
		}
		if _, err := change(alice.ID, "09791232009", "654321"); !errors.Is(err, store.ErrOTPInvalid) {
			t.Fatalf("wrong code: %v", err)
		}
		u, err := change(alice.ID, "+959791232009", "123456")
		if err != nil || u.Phone != "+959791232009" {
			t.Fatalf("%v %v", u.Phone, err)
		}
		if _, err := change(alice.ID, "09791232009", "123456"); !errors.Is(err, store.ErrOTPUsed) {
			t.Fatalf("reused: %v", err)
		}

		// Bob proves a number Alice takes meanwhile: a conflict, and his
		// code is not spent by the failed change.
		send(bob.ID, "09791232010", "222222", now.Add(2*time.Minute))
		db.SQL().MustExec(`UPDATE users SET phone = '+959791232010' WHERE id = $1`, alice.ID)
		_, err = db.ChangePhone(ctx, store.PhoneChange{UserID: bob.ID, Phone: "09791232010", Code: "222222", Now: now.Add(3 * time.Minute), MaxAttempts: 5})
		var ce *store.ConflictError
		if !errors.As(err, &ce) || ce.Field != "phone" {
			t.Fatalf("taken number: %v", err)
		}
		var used bool
		if err := db.SQL().Get(&used, `SELECT used_at IS NOT NULL FROM otp_codes WHERE user_id = $1`, bob.ID); err != nil || used {
			t.Fatalf("code spent by a failed change: %v %v", used, err)
		}
	})
}

func TestAccountDeletion(t *testing.T) {
	ctx := context.Background()
	db := storetest.New(t)
	now := time.Now().UTC().Truncate(time.Second)
	admin, err := db.CreateUser(ctx, store.NewUser{Username: "admin", Phone: "09791233000", PasswordHash: "h", IsAdmin: true})
	if err != nil {
		t.Fatal(err)
	}
	u, err := db.CreateUser(ctx, store.NewUser{Username: "leaver", Phone: "09791233001", Email: "leaver@example.com", PasswordHash: "h"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.CreateToken(ctx, u.ID, tokenHash("leaver"), "login", now, now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	actor := store.Actor{ID: admin.ID}

	if err := db.CompleteDeletion(ctx, actor, u.ID); !errors.Is(err, store.ErrDeletionNotRequested) {
		t.Fatalf("complete without request: %v", err)
	}
	if _, err := db.AdjustWallet(ctx, u.ID, 500, admin.ID, "gift", "gift-1"); err != nil {
		t.Fatal(err)
	}
	if _, err := db.RequestDeletion(ctx, u.ID, now); !errors.Is(err, store.ErrBalanceNotZero) {
		t.Fatalf("request with money: %v", err)
	}
	if _, err := db.AdjustWallet(ctx, u.ID, -500, admin.ID, "refunded to bank", "gift-1-back"); err != nil {
		t.Fatal(err)
	}
	got, err := db.RequestDeletion(ctx, u.ID, now)
	if err != nil || got.DeletionRequestedAt == nil {
		t.Fatalf("request: %v %v", got.DeletionRequestedAt, err)
	}
	if list, err := db.DeletionRequests(ctx); err != nil || len(list) != 1 || list[0].UserID != u.ID {
		t.Fatalf("queue %+v %v", list, err)
	}

	// Money that arrives after the request blocks the completion.
	if _, err := db.AdjustWallet(ctx, u.ID, 100, admin.ID, "late refund", "late-1"); err != nil {
		t.Fatal(err)
	}
	if err := db.CompleteDeletion(ctx, actor, u.ID); !errors.Is(err, store.ErrBalanceNotZero) {
		t.Fatalf("complete with money: %v", err)
	}
	if _, err := db.AdjustWallet(ctx, u.ID, -100, admin.ID, "paid out", "late-1-back"); err != nil {
		t.Fatal(err)
	}
	terminations(t, db)
	if err := db.CompleteDeletion(ctx, actor, u.ID); err != nil {
		t.Fatal(err)
	}
	after, err := db.UserByID(ctx, u.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(after.Username, "deleted-") || after.Email != nil || after.Phone == u.Phone || after.PasswordHash == u.PasswordHash {
		t.Fatalf("not anonymised: %+v", after)
	}
	if _, err := db.UserByPhone(ctx, "09791233001"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("old phone still finds the account: %v", err)
	}
	if _, err := db.SessionByToken(ctx, tokenHash("leaver"), now, ""); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("session survives: %v", err)
	}
	if len(terminations(t, db)) != 1 {
		t.Fatal("sockets not closed")
	}
	// The ledger stays, and still adds up to the (empty) wallet.
	var entries int
	if err := db.SQL().Get(&entries, `SELECT count(*) FROM wallet_ledger WHERE user_id = $1`, u.ID); err != nil || entries != 4 {
		t.Fatalf("ledger %d %v", entries, err)
	}
	if err := db.CompleteDeletion(ctx, actor, u.ID); !errors.Is(err, store.ErrDeletionNotRequested) {
		t.Fatalf("second completion: %v", err)
	}
	if list, _ := db.DeletionRequests(ctx); len(list) != 0 {
		t.Fatalf("still queued: %+v", list)
	}
}
