package store_test

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"testing"
	"time"

	"github.com/pressly/goose/v3"

	"topup/sql/migrations"
	"topup/store/storetest"
)

// Keys stored before idempotency keys became digests are rewritten as the
// API now stores them, so a request retried across the upgrade still finds
// its first answer; updated_at is left alone.
func TestIdempotencyKeyDigestMigration(t *testing.T) {
	ctx := context.Background()
	db, err := sql.Open("postgres", storetest.EmptyDSN(t))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	p, err := goose.NewProvider(goose.DialectPostgres, db, migrations.FS, goose.WithDisableGlobalRegistry(true))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.UpTo(ctx, 8); err != nil {
		t.Fatal(err)
	}
	stamp := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	_, err = db.ExecContext(ctx, `
		WITH u AS (INSERT INTO users (username, phone, password_hash) VALUES ('old', '+959420000001', 'x') RETURNING id),
		m AS (INSERT INTO payment_methods (name, holder_name, phone, kind) VALUES ('KBZPay', 'U', '09000000111', 'wallet') RETURNING id),
		up AS (INSERT INTO uploads (user_id, storage_name, size, content_type, sha256, width, height)
			SELECT id, 'receipt-old', 10, 'image/png', sha256('x'::bytea), 1, 1 FROM u RETURNING id, user_id)
		INSERT INTO topup_orders (user_id, amount, verification_amount, total, payment_method_id, payment_method_name,
			upload_id, idempotency_key, created_at, updated_at)
		SELECT up.user_id, 5000, 7, 5007, m.id, 'KBZPay', up.id, 'retry-ကီး-1', $1, $1 FROM up, m`, stamp)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.UpTo(ctx, 9); err != nil {
		t.Fatal(err)
	}
	var key string
	var updated time.Time
	if err := db.QueryRowContext(ctx, `SELECT idempotency_key, updated_at FROM topup_orders`).Scan(&key, &updated); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256([]byte("retry-ကီး-1"))
	if key != hex.EncodeToString(sum[:]) || !updated.Equal(stamp) {
		t.Fatalf("key %q, updated_at %v; want the SHA-256 of the old key and %v", key, updated, stamp)
	}
}
