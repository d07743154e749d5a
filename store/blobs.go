package store

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"errors"
	"fmt"

	"topup/internal/blobs"
)

// Blob kinds: the two families of files the store keeps.
const (
	BlobReceipt = "receipt"
	BlobMedia   = "media"
)

// Blobs is a blobs.Store of one kind in the blobs table, shared by every
// node (BLOB_STORE=postgres).
type Blobs struct {
	db   *DB
	kind string
}

var _ blobs.Store = (*Blobs)(nil)

// Blobs returns the blob store of kind (BlobReceipt or BlobMedia).
func (s *DB) Blobs(kind string) *Blobs { return &Blobs{db: s, kind: kind} }

// Put stores a blob; a second Put of the same name is an error (names are
// random, so it would mean two uploads collided).
func (b *Blobs) Put(ctx context.Context, name string, body []byte) error {
	sum := sha256.Sum256(body)
	_, err := b.db.db.ExecContext(ctx, `INSERT INTO blobs (kind, name, body, sha256) VALUES ($1, $2, $3, $4)`,
		b.kind, name, body, sum[:])
	return wrap(err, "put %s blob", b.kind)
}

// Get reads a blob and checks it against its SHA-256.
func (b *Blobs) Get(ctx context.Context, name string) ([]byte, error) {
	var row struct {
		Body   []byte `db:"body"`
		SHA256 []byte `db:"sha256"`
	}
	err := b.db.db.GetContext(ctx, &row, `SELECT body, sha256 FROM blobs WHERE kind = $1 AND name = $2`, b.kind, name)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, blobs.ErrNotFound
	}
	if err != nil {
		return nil, wrap(err, "get %s blob", b.kind)
	}
	if sum := sha256.Sum256(row.Body); !bytes.Equal(sum[:], row.SHA256) {
		return nil, fmt.Errorf("store: %s blob %q: %w", b.kind, name, blobs.ErrCorrupt)
	}
	return row.Body, nil
}

// Delete removes a blob; a missing one is not an error.
func (b *Blobs) Delete(ctx context.Context, name string) error {
	_, err := b.db.db.ExecContext(ctx, `DELETE FROM blobs WHERE kind = $1 AND name = $2`, b.kind, name)
	return wrap(err, "delete %s blob", b.kind)
}

// Names calls fn with every name of the kind, in name order, a page at a
// time so no listing holds the table.
func (b *Blobs) Names(ctx context.Context, fn func(string) error) error {
	after := ""
	for {
		var names []string
		err := b.db.db.SelectContext(ctx, &names, `
			SELECT name FROM blobs WHERE kind = $1 AND name > $2 ORDER BY name LIMIT 500`, b.kind, after)
		if err != nil {
			return wrap(err, "list %s blobs", b.kind)
		}
		for _, n := range names {
			if err := fn(n); err != nil {
				return err
			}
		}
		if len(names) < 500 {
			return nil
		}
		after = names[len(names)-1]
	}
}
