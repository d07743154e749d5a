package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Bearer tokens live in api_tokens. The store only ever sees the SHA-256 of
// a token: the plaintext is shown to the client once and never kept, so a
// copy of the database cannot be replayed as sessions.

// tokenTouchEvery limits how often a token's last_used_at (and the address
// it was used from) is written: once per request would turn every
// authenticated read into a write, and the account page's "last used" needs
// no finer grain.
const tokenTouchEvery = time.Minute

// Session is a live token and the user it belongs to.
type Session struct {
	User
	TokenID int64 `db:"token_id"`
	// TokenExpiresAt is when the token stops working: a cache of the
	// session must not outlive it.
	TokenExpiresAt time.Time `db:"token_expires_at"`
}

// CreateToken stores the hash of a new token for userID, valid from now
// until expires, without a device (tests and tools; sign-in uses
// CreateSession).
func (s *DB) CreateToken(ctx context.Context, userID int64, hash []byte, name string, now, expires time.Time) (int64, error) {
	return s.CreateSession(ctx, NewSession{UserID: userID, TokenHash: hash, Name: name, Now: now, Expires: expires})
}

// SessionByToken returns the session of a token hash that is neither
// revoked nor expired at now; anything else is ErrNotFound. It records the
// use, and ip (the client's address, "" when unknown), at most once every
// tokenTouchEvery.
func (s *DB) SessionByToken(ctx context.Context, hash []byte, now time.Time, ip string) (Session, error) {
	var se Session
	// The data-modifying CTE runs even though nothing reads its result.
	err := s.db.GetContext(ctx, &se, `
		WITH t AS (
			SELECT id, user_id, last_used_at, expires_at FROM api_tokens
			WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > $2
		), touch AS (
			UPDATE api_tokens a SET last_used_at = $2, ip = COALESCE($4::inet, a.ip)
			FROM t
			WHERE a.id = t.id AND (t.last_used_at IS NULL OR t.last_used_at < $2 - $3 * interval '1 second')
		)
		SELECT `+userColumns+`, (SELECT id FROM t) AS token_id, (SELECT expires_at FROM t) AS token_expires_at
		FROM users WHERE id = (SELECT user_id FROM t)`,
		hash, now, tokenTouchEvery.Seconds(), nullIP(ip))
	if err != nil {
		return Session{}, wrap(err, "session by token")
	}
	return se, nil
}

// RevokeToken ends one session (logout). Revoking a revoked token is a
// no-op.
func (s *DB) RevokeToken(ctx context.Context, tokenID int64, now time.Time) error {
	var userID int64
	err := s.db.GetContext(ctx, &userID, `
		UPDATE api_tokens SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING user_id`, tokenID, now)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return wrap(err, "revoke token %d", tokenID)
	}
	s.sessionsChanged(ctx, userID)
	return nil
}

// RevokeUserTokens ends every session of a user, e.g. when an admin bans
// them, and reports how many were live.
func (s *DB) RevokeUserTokens(ctx context.Context, userID int64, now time.Time) (int64, error) {
	res, err := s.db.ExecContext(ctx, `
		UPDATE api_tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL`, userID, now)
	if err != nil {
		return 0, wrap(err, "revoke tokens of user %d", userID)
	}
	s.sessionsChanged(ctx, userID)
	n, _ := res.RowsAffected()
	return n, nil
}

// DeleteStaleTokens removes tokens that expired or were revoked before
// cutoff; they can never authenticate again and only grow the table.
func (s *DB) DeleteStaleTokens(ctx context.Context, cutoff time.Time) (int64, error) {
	res, err := s.db.ExecContext(ctx, `
		DELETE FROM api_tokens WHERE expires_at < $1 OR revoked_at < $1`, cutoff)
	if err != nil {
		return 0, fmt.Errorf("store: delete stale tokens: %w", mapErr(err))
	}
	n, _ := res.RowsAffected()
	return n, nil
}
