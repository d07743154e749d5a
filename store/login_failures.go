package store

import (
	"context"
	"time"
)

// Failed logins are counted per account (the identifier as typed and
// normalised, whether or not it names a customer) over a window that starts
// at the first failure, in PostgreSQL so every node sees the same count.

// LoginFailures is how many logins for account failed in the window
// ending at now.
func (s *DB) LoginFailures(ctx context.Context, account string, now time.Time, window time.Duration) (int, error) {
	var n int
	err := s.db.GetContext(ctx, &n, `
		SELECT COALESCE((SELECT failures FROM login_failures WHERE account = $1 AND since > $2), 0)`,
		account, now.Add(-window))
	return n, wrap(err, "login failures")
}

// AddLoginFailure counts one more failure for account and answers the new
// count; a window older than window starts again at 1.
func (s *DB) AddLoginFailure(ctx context.Context, account string, now time.Time, window time.Duration) (int, error) {
	var n int
	err := s.db.GetContext(ctx, &n, `
		INSERT INTO login_failures AS f (account, failures, since) VALUES ($1, 1, $2)
		ON CONFLICT (account) DO UPDATE SET
			failures = CASE WHEN f.since > $3 THEN f.failures + 1 ELSE 1 END,
			since    = CASE WHEN f.since > $3 THEN f.since ELSE $2 END
		RETURNING failures`, account, now, now.Add(-window))
	return n, wrap(err, "add login failure")
}

// ClearLoginFailures forgets account's failures after a good login.
func (s *DB) ClearLoginFailures(ctx context.Context, account string) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM login_failures WHERE account = $1`, account)
	return wrap(err, "clear login failures")
}

// DeleteStaleLoginFailures drops windows that started before cutoff.
func (s *DB) DeleteStaleLoginFailures(ctx context.Context, cutoff time.Time) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM login_failures WHERE since < $1`, cutoff)
	return wrap(err, "prune login failures")
}
