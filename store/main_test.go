package store_test

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"topup/store"
	"topup/store/storetest"
)

// envMigrateChild makes the test binary act as one more "node" that opens
// the database it names and migrates it; see TestMigrateConcurrently.
const envMigrateChild = "STORE_TEST_MIGRATE_CHILD_DSN"

func TestMain(m *testing.M) {
	if dsn := os.Getenv(envMigrateChild); dsn != "" {
		os.Exit(migrateChild(dsn))
	}
	storetest.Main(m)
}

func migrateChild(dsn string) int {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	db, err := store.Open(ctx, dsn)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer db.Close()
	if err := db.Migrate(ctx); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// ptr returns a pointer to a copy of v, for the optional fields of store
// types.
func ptr[T any](v T) *T { return &v }

// val is *p, or the zero value for nil.
func val[T any](p *T) T {
	if p == nil {
		var zero T
		return zero
	}
	return *p
}
