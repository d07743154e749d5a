package main

import (
	"context"
	"strings"
	"testing"

	"topup/store/storetest"
)

// verify passes on a seeded shop with its own APP_KEY and names every
// sealed column that another key cannot open: the restore drill's check.
func TestVerify(t *testing.T) {
	ctx := context.Background()
	dsn := storetest.NewDSN(t)
	key := "verify-test-app-key-0123456789abcdef-0123"
	vars := map[string]string{"DATABASE_URL": dsn, "APP_KEY": key}
	e, _ := testEnv(vars, "")
	if err := run(ctx, []string{"seed"}, e); err != nil {
		t.Fatal(err)
	}

	e, out := testEnv(vars, "")
	if err := run(ctx, []string{"verify"}, e); err != nil {
		t.Fatalf("verify with the sealing key: %v\n%s", err, out)
	}
	for _, want := range []string{"ledger: 0 wallets differ", "ok\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("verify said %q, want %q in it", out, want)
		}
	}

	e, out = testEnv(map[string]string{"DATABASE_URL": dsn, "APP_KEY": "another-key-0123456789abcdef-0123456789"}, "")
	if err := run(ctx, []string{"verify"}, e); err == nil {
		t.Fatalf("verify with another key passed:\n%s", out)
	}
	for _, want := range []string{"sealed: 0 values open", "problem: redeem_codes.code:", "problem: account_credentials.game_password:"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("verify with another key said %q, want %q in it", out, want)
		}
	}
}
