package store

import (
	"context"
	"errors"
	"time"
)

// ErrCaptchaSpent: this captcha solution was already used.
var ErrCaptchaSpent = errors.New("captcha already used")

// SpendCaptcha records a solved challenge (its 32-byte hash) as used until
// expires, or answers ErrCaptchaSpent when any node already did: the
// primary key decides a race between two requests carrying one solution.
func (s *DB) SpendCaptcha(ctx context.Context, challenge []byte, expires time.Time) error {
	res, err := s.db.ExecContext(ctx, `
		INSERT INTO captcha_spent (challenge, expires_at) VALUES ($1, $2)
		ON CONFLICT (challenge) DO NOTHING`, challenge, expires)
	if err != nil {
		return wrap(err, "spend captcha")
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrCaptchaSpent
	}
	return nil
}

// DeleteSpentCaptchas forgets solutions whose challenges expired before
// cutoff: they are refused as expired anyway.
func (s *DB) DeleteSpentCaptchas(ctx context.Context, cutoff time.Time) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM captcha_spent WHERE expires_at < $1`, cutoff)
	return wrap(err, "prune spent captchas")
}
