package store

import (
	"context"
	"sync"

	"github.com/jmoiron/sqlx"
)

// Servers cache sessions for a few seconds (api/session_cache.go). Every
// store function that ends or changes a user's sessions — a token
// revoked, all of them revoked, a ban or unban, a password set or reset,
// admin rights changed — calls sessionsChanged once its transaction has
// committed, and the server registered here forgets the user's cached
// sessions on every node before the function returns. A new function of
// that kind must call it too.

type sessionHooks struct {
	mu  sync.RWMutex
	fns []func(ctx context.Context, userID int64)
}

// changingSessions runs fn in a transaction and, once it has committed,
// tells the hooks about userID.
func (s *DB) changingSessions(ctx context.Context, userID int64, fn func(*sqlx.Tx) error) error {
	if err := s.WithTx(ctx, fn); err != nil {
		return err
	}
	s.sessionsChanged(ctx, userID)
	return nil
}

// OnSessionChange registers fn to be called, after commit, with the user
// whose sessions a store function ended or changed.
func (s *DB) OnSessionChange(fn func(ctx context.Context, userID int64)) {
	s.hooks.mu.Lock()
	defer s.hooks.mu.Unlock()
	s.hooks.fns = append(s.hooks.fns, fn)
}

// sessionsChanged tells the registered functions; call it only after the
// change has committed (a forget before it could be undone by a lookup
// that reads the old rows).
func (s *DB) sessionsChanged(ctx context.Context, userID int64) {
	s.hooks.mu.RLock()
	fns := s.hooks.fns
	s.hooks.mu.RUnlock()
	for _, fn := range fns {
		fn(ctx, userID)
	}
}
