package store_test

import (
	"context"
	"io/fs"
	"os"
	"os/exec"
	"sync"
	"testing"

	"topup/sql/migrations"
	"topup/store"
	"topup/store/storetest"
)

var wantTables = []string{
	"users", "api_tokens", "otp_codes", "settings", "audit_log",
	"services", "games", "products", "account_credentials",
	"orders", "redeem_codes", "wallet_ledger", "uploads", "payment_methods", "topup_orders",
	"messages", "reviews", "banners", "outbox",
}

func migrationCount(t *testing.T) int {
	t.Helper()
	files, err := fs.Glob(migrations.FS, "*.sql")
	if err != nil || len(files) == 0 {
		t.Fatalf("no embedded migrations: %v", err)
	}
	return len(files)
}

// schemaSum fingerprints the schema: columns, indexes, constraints,
// triggers and functions.
func schemaSum(t *testing.T, db *store.DB) string {
	t.Helper()
	var sum string
	err := db.SQL().Get(&sum, `
		SELECT md5(string_agg(x, E'\n' ORDER BY x)) FROM (
			SELECT table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '')
			FROM information_schema.columns WHERE table_schema = 'public'
			UNION ALL SELECT indexdef FROM pg_indexes WHERE schemaname = 'public'
			UNION ALL SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
			FROM pg_constraint WHERE connamespace = 'public'::regnamespace
			UNION ALL SELECT tgrelid::regclass::text || ' ' || tgname FROM pg_trigger WHERE NOT tgisinternal
			UNION ALL SELECT proname || md5(prosrc) FROM pg_proc WHERE pronamespace = 'public'::regnamespace
		) s(x)`)
	if err != nil {
		t.Fatal(err)
	}
	return sum
}

func gooseRows(t *testing.T, db *store.DB) int {
	t.Helper()
	var n int
	if err := db.SQL().Get(&n, `SELECT count(*) FROM goose_db_version`); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestMigrateEmptyThenNoop(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, storetest.EmptyDSN(t))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()

	if err := db.Migrate(ctx); err != nil {
		t.Fatalf("first migrate: %v", err)
	}
	cur, latest, err := db.SchemaVersion(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if cur != latest || cur < int64(migrationCount(t)) {
		t.Fatalf("version %d, latest %d, files %d", cur, latest, migrationCount(t))
	}
	for _, tbl := range wantTables {
		t.Run(tbl, func(t *testing.T) {
			var ok bool
			if err := db.SQL().Get(&ok, `SELECT to_regclass('public.' || $1) IS NOT NULL`, tbl); err != nil || !ok {
				t.Fatalf("table %s missing (%v)", tbl, err)
			}
		})
	}

	sum, rows := schemaSum(t, db), gooseRows(t, db)
	if err := db.Migrate(ctx); err != nil {
		t.Fatalf("second migrate: %v", err)
	}
	if got := schemaSum(t, db); got != sum {
		t.Error("second migrate changed the schema")
	}
	if got := gooseRows(t, db); got != rows {
		t.Errorf("second migrate recorded versions: %d rows, was %d", got, rows)
	}
}

// TestMigrateConcurrently starts several nodes on one empty database at
// once: separate processes (this test binary re-executed) and separate
// pools in this process. The advisory lock must make all of them succeed
// and apply every migration exactly once.
func TestMigrateConcurrently(t *testing.T) {
	dsn := storetest.EmptyDSN(t)
	const procs, pools = 3, 2
	var wg sync.WaitGroup
	errs := make(chan error, procs+pools)
	outs := make([][]byte, procs)
	for i := range procs {
		wg.Go(func() {
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), envMigrateChild+"="+dsn)
			out, err := cmd.CombinedOutput()
			outs[i] = out
			errs <- err
		})
	}
	for range pools {
		wg.Go(func() {
			ctx := context.Background()
			db, err := store.Open(ctx, dsn)
			if err != nil {
				errs <- err
				return
			}
			defer db.Close()
			errs <- db.Migrate(ctx)
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Errorf("a node failed to migrate: %v", err)
		}
	}
	for i, out := range outs {
		if len(out) > 0 {
			t.Logf("process %d: %s", i, out)
		}
	}

	db, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// One row per migration plus goose's version-0 row: nothing ran twice.
	if got, want := gooseRows(t, db), migrationCount(t)+1; got != want {
		t.Fatalf("goose_db_version has %d rows, want %d", got, want)
	}
}
