package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"image"
	"image/color"
	"image/png"

	"topup/store"
)

// customer is one websocket client's account: made in SQL (sign-ups are
// rate-limited per address, and 2,000 logins would measure the password
// hash, not the store), with a bearer token the API accepts like a login's.
type customer struct {
	id    int64
	token string
	topup int64 // a pending top-up of theirs for the admin to confirm
}

// newToken is what api's login hands out: 32 random bytes, base64url,
// stored as their SHA-256.
func newToken() (string, []byte) {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	tok := base64.RawURLEncoding.EncodeToString(b)
	sum := sha256.Sum256([]byte(tok))
	return tok, sum[:]
}

// makeCustomers creates n customers, each with a token and one pending
// top-up. Its receipt is a small PNG of its own in the blob store (so
// `topup verify` finds it intact and no duplicate-image check fires),
// without a reading job (so no other check does either).
func makeCustomers(ctx context.Context, db *store.DB, n int) ([]customer, error) {
	q := db.SQL()
	var method struct {
		ID   int64  `db:"id"`
		Name string `db:"name"`
	}
	if err := q.GetContext(ctx, &method, `SELECT id, name FROM payment_methods WHERE is_active ORDER BY id LIMIT 1`); err != nil {
		return nil, fmt.Errorf("a payment method: %w", err)
	}
	var hash string
	if err := q.GetContext(ctx, &hash, `SELECT password_hash FROM users ORDER BY id LIMIT 1`); err != nil {
		return nil, err
	}
	out := make([]customer, n)
	tx, err := q.BeginTxx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	for i := range out {
		c := &out[i]
		err := tx.GetContext(ctx, &c.id, `INSERT INTO users (username, phone, password_hash) VALUES ($1, $2, $3) RETURNING id`,
			fmt.Sprintf("drill-%d", i), fmt.Sprintf("+9597%08d", i), hash)
		if err != nil {
			return nil, fmt.Errorf("customer %d: %w", i, err)
		}
		tok, tokHash := newToken()
		c.token = tok
		if _, err := tx.ExecContext(ctx, `INSERT INTO api_tokens (user_id, token_hash, name, expires_at) VALUES ($1, $2, 'fault drill', now() + interval '1 day')`,
			c.id, tokHash); err != nil {
			return nil, err
		}
		name, receipt := fmt.Sprintf("drill-receipt-%d.png", i), receiptPNG(i)
		if err := db.Blobs(store.BlobReceipt).Put(ctx, name, receipt); err != nil {
			return nil, err
		}
		sum := sha256.Sum256(receipt)
		var upload int64
		if err := tx.GetContext(ctx, &upload, `INSERT INTO uploads (user_id, storage_name, size, content_type, sha256, width, height)
			VALUES ($1, $2, $3, 'image/png', $4, $5, $5) RETURNING id`, c.id, name, len(receipt), sum[:], receiptSide); err != nil {
			return nil, err
		}
		// Totals of pending top-ups are unique per receiving account.
		amount, verification := int64(1000*(10+i)), int64(1+i%999)
		if err := tx.GetContext(ctx, &c.topup, `INSERT INTO topup_orders (user_id, amount, verification_amount, total, payment_method_id, payment_method_name, upload_id)
			VALUES ($1, $2, $3, $2::bigint + $3::bigint, $4, $5, $6) RETURNING id`, c.id, amount, verification, method.ID, method.Name, upload); err != nil {
			return nil, err
		}
	}
	return out, tx.Commit()
}

const receiptSide = 8

// receiptPNG is a tiny grey image whose pixels spell i, so no two are alike.
func receiptPNG(i int) []byte {
	img := image.NewGray(image.Rect(0, 0, receiptSide, receiptSide))
	for b := range 4 {
		img.SetGray(b, 0, color.Gray{Y: uint8(i >> (8 * b))})
	}
	var buf bytes.Buffer
	_ = png.Encode(&buf, img)
	return buf.Bytes()
}
