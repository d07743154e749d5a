package store_test

import (
	"context"
	"testing"

	"topup/internal/secret"
	"topup/sql/seed"
	"topup/store"
	"topup/store/storetest"
)

// A restored backup is only useful with the APP_KEY it was sealed under:
// CheckSealed opens every sealed value and names the columns that do not.
func TestCheckSealed(t *testing.T) {
	ctx := context.Background()
	dsn := storetest.NewDSN(t)
	db, err := store.Open(ctx, dsn, store.WithSecretBox(storetest.Box()))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.SeedDemo(ctx, seed.Demo(), storetest.PasswordHash); err != nil {
		t.Fatal(err)
	}

	report, err := db.CheckSealed(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if report.Opened < 20+3*5 || len(report.Failed) != 0 {
		t.Fatalf("with the right key: %+v", report)
	}

	other, err := secret.New("another-app-key-that-is-long-enough-0123456789")
	if err != nil {
		t.Fatal(err)
	}
	wrong, err := store.Open(ctx, dsn, store.WithSecretBox(other))
	if err != nil {
		t.Fatal(err)
	}
	defer wrong.Close()
	report, err = wrong.CheckSealed(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if report.Opened != 0 || report.Failed["redeem_codes.code"] < 20 || report.Failed["account_credentials.game_password"] < 5 {
		t.Fatalf("with another key: %+v", report)
	}
}
