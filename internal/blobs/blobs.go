// Package blobs keeps the files the store is given (payment receipts,
// admins' public images) behind one small interface with two homes: a
// directory on one machine (Dir), or PostgreSQL (store.Blobs) so that every
// node of a cluster reads what any node wrote (BLOB_STORE=postgres).
//
// Names are chosen by the caller (random, validated there); a blob is
// written whole or not at all, and deleting a missing blob is not an error,
// so retention can run on several nodes at once.
package blobs

import (
	"context"
	"errors"
)

// ErrNotFound means no blob has the name.
var ErrNotFound = errors.New("blobs: not found")

// ErrCorrupt means a home that keeps a blob's hash found the blob no
// longer matches it (damage at rest): it is never served.
var ErrCorrupt = errors.New("blobs: does not match its SHA-256")

// Store keeps named blobs.
type Store interface {
	// Put stores body under name. Callers give fresh random names; a home
	// may refuse an existing one (PostgreSQL) or replace it (Dir).
	Put(ctx context.Context, name string, body []byte) error
	// Get returns the blob's bytes, or ErrNotFound, or ErrCorrupt.
	Get(ctx context.Context, name string) ([]byte, error)
	// Delete removes the blob; a missing one is not an error.
	Delete(ctx context.Context, name string) error
	// Names calls fn with every stored name (for moving blobs between homes).
	Names(ctx context.Context, fn func(name string) error) error
}

// Copy puts every blob of from that to lacks into to, and returns how many
// it copied: moving a shop from one home to the other, resumable after a
// failure. Blobs already in to are left as they are.
func Copy(ctx context.Context, from, to Store) (int, error) {
	n := 0
	err := from.Names(ctx, func(name string) error {
		if _, err := to.Get(ctx, name); err == nil {
			return nil
		} else if !errors.Is(err, ErrNotFound) {
			return err
		}
		body, err := from.Get(ctx, name)
		if err != nil {
			return err
		}
		if err := to.Put(ctx, name, body); err != nil {
			return err
		}
		n++
		return nil
	})
	return n, err
}
