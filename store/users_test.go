package store_test

import (
	"context"
	"errors"
	"testing"

	"github.com/jmoiron/sqlx"

	"topup/store"
	"topup/store/storetest"
)

func TestUsers(t *testing.T) {
	ctx := context.Background()
	db := storetest.New(t)
	alice, err := db.CreateUser(ctx, store.NewUser{
		Username: "Alice", Phone: "09 7912 34567", Email: "Alice@Example.com", PasswordHash: "h1",
	})
	if err != nil {
		t.Fatal(err)
	}
	if alice.Phone != "+959791234567" || alice.WalletAmount != 0 || alice.IsAdmin {
		t.Fatalf("created %+v", alice)
	}

	t.Run("conflicts", func(t *testing.T) {
		tests := []struct {
			name  string
			nu    store.NewUser
			field string
		}{
			{"phone in another form", store.NewUser{Username: "bob", Phone: "+95 9791234567", PasswordHash: "h"}, "phone"},
			{"phone in Burmese digits", store.NewUser{Username: "bob", Phone: "၀၉၇၉၁၂၃၄၅၆၇", PasswordHash: "h"}, "phone"},
			{"username in another case", store.NewUser{Username: "ALICE", Phone: "09420000009", PasswordHash: "h"}, "username"},
			{"email in another case", store.NewUser{Username: "bob", Phone: "09420000009", Email: "alice@example.COM", PasswordHash: "h"}, "email"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				_, err := db.CreateUser(ctx, tt.nu)
				var ce *store.ConflictError
				if !errors.As(err, &ce) || !errors.Is(err, store.ErrConflict) || ce.Field != tt.field {
					t.Fatalf("err = %v, want a conflict on %s", err, tt.field)
				}
			})
		}
	})

	t.Run("invalid", func(t *testing.T) {
		tests := []store.NewUser{
			{Username: "bob", Phone: "12", PasswordHash: "h"},
			{Username: "", Phone: "09420000010", PasswordHash: "h"},
			{Username: "bob", Phone: "09420000010", PasswordHash: ""},
			{Username: "bob", Phone: "09420000010", Email: "not-an-email", PasswordHash: "h"},
		}
		for _, nu := range tests {
			if _, err := db.CreateUser(ctx, nu); !errors.Is(err, store.ErrInvalid) {
				t.Errorf("CreateUser(%+v) err = %v, want ErrInvalid", nu, err)
			}
		}
	})

	t.Run("lookups", func(t *testing.T) {
		lookups := []struct {
			name string
			get  func() (store.User, error)
		}{
			{"id", func() (store.User, error) { return db.UserByID(ctx, alice.ID) }},
			{"phone", func() (store.User, error) { return db.UserByPhone(ctx, "+959791234567") }},
			{"local phone", func() (store.User, error) { return db.UserByPhone(ctx, "09791234567") }},
			{"email", func() (store.User, error) { return db.UserByEmail(ctx, "ALICE@example.com") }},
			{"username", func() (store.User, error) { return db.UserByUsername(ctx, "alice") }},
		}
		for _, l := range lookups {
			t.Run(l.name, func(t *testing.T) {
				u, err := l.get()
				if err != nil || u.ID != alice.ID {
					t.Fatalf("got %+v, %v", u, err)
				}
			})
		}
		missing := []func() error{
			func() error { _, err := db.UserByID(ctx, alice.ID+1000); return err },
			func() error { _, err := db.UserByPhone(ctx, "09420000099"); return err },
			func() error { _, err := db.UserByPhone(ctx, "garbage"); return err },
			func() error { _, err := db.UserByEmail(ctx, "nobody@example.com"); return err },
		}
		for i, f := range missing {
			if err := f(); !errors.Is(err, store.ErrNotFound) {
				t.Errorf("missing lookup %d: err = %v, want ErrNotFound", i, err)
			}
		}
	})

	t.Run("set password revokes tokens", func(t *testing.T) {
		if _, err := db.SQL().Exec(`
			INSERT INTO api_tokens (user_id, token_hash, expires_at)
			VALUES ($1, sha256('t'), now() + interval '7 days')`, alice.ID); err != nil {
			t.Fatal(err)
		}
		if err := db.SetPassword(ctx, alice.ID, "h2"); err != nil {
			t.Fatal(err)
		}
		var live int
		if err := db.SQL().Get(&live, `SELECT count(*) FROM api_tokens WHERE user_id = $1 AND revoked_at IS NULL`, alice.ID); err != nil {
			t.Fatal(err)
		}
		u, _ := db.UserByID(ctx, alice.ID)
		if live != 0 || u.PasswordHash != "h2" {
			t.Fatalf("live tokens %d, hash %q", live, u.PasswordHash)
		}
		if err := db.SetPassword(ctx, alice.ID+1000, "h"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("unknown user: %v", err)
		}
	})
}

func TestWithTx(t *testing.T) {
	ctx := context.Background()
	db := storetest.New(t)
	count := func() int {
		var n int
		if err := db.SQL().Get(&n, `SELECT count(*) FROM settings`); err != nil {
			t.Fatal(err)
		}
		return n
	}
	insert := func(tx *sqlx.Tx, key string) {
		if _, err := tx.Exec(`INSERT INTO settings (key, value) VALUES ($1, 'true')`, key); err != nil {
			t.Fatal(err)
		}
	}
	boom := errors.New("boom")

	if err := db.WithTx(ctx, func(tx *sqlx.Tx) error { insert(tx, "a"); return boom }); !errors.Is(err, boom) {
		t.Fatalf("err = %v", err)
	}
	if count() != 0 {
		t.Fatal("error did not roll back")
	}

	func() {
		defer func() {
			if recover() == nil {
				t.Fatal("panic was swallowed")
			}
		}()
		_ = db.WithTx(ctx, func(tx *sqlx.Tx) error { insert(tx, "b"); panic("boom") })
	}()
	if count() != 0 {
		t.Fatal("panic did not roll back")
	}

	if err := db.WithTx(ctx, func(tx *sqlx.Tx) error { insert(tx, "c"); return nil }); err != nil {
		t.Fatal(err)
	}
	if count() != 1 {
		t.Fatal("commit lost")
	}
}

func TestSessionSettings(t *testing.T) {
	db := storetest.New(t)
	var timeout, tz string
	if err := db.SQL().QueryRow(`SELECT current_setting('statement_timeout'), current_setting('TimeZone')`).Scan(&timeout, &tz); err != nil {
		t.Fatal(err)
	}
	if timeout != "15s" || tz != "UTC" {
		t.Fatalf("statement_timeout %q, TimeZone %q", timeout, tz)
	}
	if err := db.Ping(context.Background()); err != nil {
		t.Fatal(err)
	}
}
