package main

import (
	"context"
	"strings"
	"testing"

	"topup/store"
	"topup/store/storetest"
)

// `topup backfill zawgyi` converts a Zawgyi name stored by an older server
// and says how many values it converted; a second run converts none.
// `topup backfill messages` gives an old English message its codes.
func TestBackfillCommands(t *testing.T) {
	ctx := context.Background()
	dsn := storetest.NewDSN(t)
	vars := map[string]string{"DATABASE_URL": dsn, "UPLOAD_DIR": t.TempDir()}
	e, _ := testEnv(vars, "")
	if err := run(ctx, []string{"seed"}, e); err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// "မင်္ဂလာပါ" typed on a Zawgyi phone, from myanmar-tools' samples.
	if _, err := db.SQL().Exec(`UPDATE games SET description = 'မဂၤလာပါ ခင္ဗ်ာ ေနေကာင္းလား' WHERE slug = 'free-fire'`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.SQL().Exec(`INSERT INTO messages (user_id, title, body) SELECT id, 'Top-up #7 confirmed', '10300 Ks from your KBZPay transfer has been added to your wallet.' FROM users WHERE phone = '+959123456789'`); err != nil {
		t.Fatal(err)
	}

	for i, want := range []string{"done: 1 values converted", "done: 0 values converted"} {
		e, out := testEnv(vars, "")
		if err := run(ctx, []string{"backfill", "zawgyi", "-batch", "2"}, e); err != nil {
			t.Fatalf("run %d: %v\n%s", i+1, err, out)
		}
		if !strings.Contains(out.String(), want) {
			t.Errorf("run %d said %q, want %q", i+1, out, want)
		}
	}
	var desc string
	if err := db.SQL().Get(&desc, `SELECT description FROM games WHERE slug = 'free-fire'`); err != nil {
		t.Fatal(err)
	}
	if desc != "မင်္ဂလာပါ ခင်ဗျာ နေကောင်းလား" {
		t.Errorf("description %q", desc)
	}

	e, out := testEnv(vars, "")
	if err := run(ctx, []string{"backfill", "messages"}, e); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "1 given codes") {
		t.Errorf("backfill messages said %q", out)
	}
	if err := run(ctx, []string{"backfill", "spelling"}, e); err == nil {
		t.Error("an unknown backfill ran")
	}
}
