package store_test

import (
	"context"
	"crypto/sha256"
	"errors"
	"testing"
	"time"

	"topup/store"
	"topup/store/storetest"
)

func tokenHash(s string) []byte {
	h := sha256.Sum256([]byte(s))
	return h[:]
}

func TestTokens(t *testing.T) {
	ctx := context.Background()
	db := storetest.New(t)
	u, err := db.CreateUser(ctx, store.NewUser{Username: "tok", Phone: "09791230001", PasswordHash: "h"})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC().Truncate(time.Second)
	id, err := db.CreateToken(ctx, u.ID, tokenHash("a"), "login", now, now.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.CreateToken(ctx, u.ID, tokenHash("b"), "login", now, now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name string
		hash []byte
		at   time.Time
		ok   bool
	}{
		{"live", tokenHash("a"), now, true},
		{"just before expiry", tokenHash("a"), now.Add(time.Hour - time.Microsecond), true},
		{"at expiry", tokenHash("a"), now.Add(time.Hour), false},
		{"unknown", tokenHash("zzz"), now, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			se, err := db.SessionByToken(ctx, tt.hash, tt.at, "")
			if tt.ok && (err != nil || se.ID != u.ID || se.TokenID != id || se.Username != "tok") {
				t.Fatalf("session %+v, %v", se, err)
			}
			if !tt.ok && !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("err = %v, want ErrNotFound", err)
			}
		})
	}

	t.Run("use is recorded", func(t *testing.T) {
		var used *time.Time
		if err := db.SQL().Get(&used, `SELECT last_used_at FROM api_tokens WHERE id = $1`, id); err != nil || used == nil {
			t.Fatalf("last_used_at %v, %v", used, err)
		}
	})

	t.Run("revoke one", func(t *testing.T) {
		if err := db.RevokeToken(ctx, id, now); err != nil {
			t.Fatal(err)
		}
		if _, err := db.SessionByToken(ctx, tokenHash("a"), now, ""); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("revoked token still works: %v", err)
		}
		if _, err := db.SessionByToken(ctx, tokenHash("b"), now, ""); err != nil {
			t.Fatalf("other token revoked too: %v", err)
		}
	})

	t.Run("revoke all", func(t *testing.T) {
		n, err := db.RevokeUserTokens(ctx, u.ID, now)
		if err != nil || n != 1 {
			t.Fatalf("revoked %d, %v", n, err)
		}
		if _, err := db.SessionByToken(ctx, tokenHash("b"), now, ""); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("token survived: %v", err)
		}
	})

	t.Run("password change revokes", func(t *testing.T) {
		if _, err := db.CreateToken(ctx, u.ID, tokenHash("c"), "login", now, now.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if err := db.SetPassword(ctx, u.ID, "h2"); err != nil {
			t.Fatal(err)
		}
		if _, err := db.SessionByToken(ctx, tokenHash("c"), now, ""); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("token survived a password change: %v", err)
		}
	})

	t.Run("stale tokens are deleted", func(t *testing.T) {
		n, err := db.DeleteStaleTokens(ctx, now.Add(2*time.Hour))
		if err != nil || n != 3 {
			t.Fatalf("deleted %d, %v", n, err)
		}
	})

	t.Run("duplicate hash is a conflict", func(t *testing.T) {
		if _, err := db.CreateToken(ctx, u.ID, tokenHash("d"), "", now, now.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if _, err := db.CreateToken(ctx, u.ID, tokenHash("d"), "", now, now.Add(time.Hour)); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("err = %v", err)
		}
	})
}

func TestSettings(t *testing.T) {
	ctx := context.Background()
	db := storetest.New(t)
	var v bool
	if err := db.Setting(ctx, "no_such_key", &v); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("err = %v", err)
	}
	for _, want := range []bool{true, false} {
		if err := db.SetSetting(ctx, store.SettingAdminOnline, want, 0); err != nil {
			t.Fatal(err)
		}
		if err := db.Setting(ctx, store.SettingAdminOnline, &v); err != nil || v != want {
			t.Fatalf("got %v, %v", v, err)
		}
	}
	if err := db.SetSetting(ctx, "Bad Key!", 1, 0); !errors.Is(err, store.ErrInvalid) {
		t.Fatalf("bad key: %v", err)
	}
}
