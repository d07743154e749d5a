package store

import (
	"context"
	"database/sql"
	"fmt"
	"net"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/jmoiron/sqlx"
)

// Sessions as the account page shows them: each sign-in is one row of
// api_tokens with the browser it came from (User-Agent), the address it was
// last used from and when. A customer may end any of their own sessions;
// ending one also closes the sockets signed in as the customer, through the
// outbox, so a revoked device stops receiving live events as well as
// answers (see terminateConnections).

// maxUserAgent is what is kept of a User-Agent header (the column's check).
const maxUserAgent = 512

// NewSession is a sign-in about to be stored.
type NewSession struct {
	UserID    int64
	TokenHash []byte
	Name      string
	// UserAgent is the browser's header as sent; IP the client's address
	// ("" when unknown).
	UserAgent string
	IP        string
	// Now and Expires come from the caller so that an injected clock
	// governs expiry end to end.
	Now, Expires time.Time
}

// SessionInfo is one live session of a customer.
type SessionInfo struct {
	ID         int64      `db:"id"`
	UserAgent  string     `db:"user_agent"`
	IP         *string    `db:"ip"`
	CreatedAt  time.Time  `db:"created_at"`
	LastUsedAt *time.Time `db:"last_used_at"`
}

// CreateSession stores the hash of a new token and where it was issued,
// and answers its id.
func (s *DB) CreateSession(ctx context.Context, ns NewSession) (int64, error) {
	var id int64
	err := s.db.GetContext(ctx, &id, `
		INSERT INTO api_tokens (user_id, token_hash, name, user_agent, ip, created_at, expires_at, last_used_at)
		VALUES ($1, $2, $3, $4, $5::inet, $6, $7, $6)
		RETURNING id`, ns.UserID, ns.TokenHash, ns.Name, cutUserAgent(ns.UserAgent), nullIP(ns.IP), ns.Now, ns.Expires)
	if err != nil {
		return 0, wrap(err, "create token for user %d", ns.UserID)
	}
	return id, nil
}

// Sessions lists the user's sessions that are neither revoked nor expired
// at now, the most recently used first.
func (s *DB) Sessions(ctx context.Context, userID int64, now time.Time) ([]SessionInfo, error) {
	out := []SessionInfo{}
	err := s.db.SelectContext(ctx, &out, `
		SELECT id, user_agent, host(ip) AS ip, created_at, last_used_at FROM api_tokens
		WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2
		ORDER BY COALESCE(last_used_at, created_at) DESC, id DESC`, userID, now)
	return out, wrap(err, "sessions of user %d", userID)
}

// RevokeSession ends one of the user's live sessions and closes the user's
// sockets. A session that is not the user's, or no longer live, is
// ErrNotFound: ids of other customers' sessions tell nothing.
func (s *DB) RevokeSession(ctx context.Context, userID, tokenID int64, now time.Time) error {
	return s.changingSessions(ctx, userID, func(tx *sqlx.Tx) error {
		res, err := tx.ExecContext(ctx, `
			UPDATE api_tokens SET revoked_at = $3
			WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > $3`, tokenID, userID, now)
		if err != nil {
			return wrap(err, "revoke session %d", tokenID)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("store: revoke session %d: %w", tokenID, ErrNotFound)
		}
		return terminateConnections(ctx, tx, userID)
	})
}

// RevokeOtherSessions ends every live session of the user but keep (the one
// asking) and closes the user's sockets; it answers how many were ended.
func (s *DB) RevokeOtherSessions(ctx context.Context, userID, keep int64, now time.Time) (int64, error) {
	var n int64
	err := s.changingSessions(ctx, userID, func(tx *sqlx.Tx) error {
		var err error
		n, err = revokeOthers(ctx, tx, userID, keep, now)
		if err != nil || n == 0 {
			return err
		}
		return terminateConnections(ctx, tx, userID)
	})
	return n, err
}

func revokeOthers(ctx context.Context, tx *sqlx.Tx, userID, keep int64, now time.Time) (int64, error) {
	res, err := tx.ExecContext(ctx, `
		UPDATE api_tokens SET revoked_at = $3
		WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL`, userID, keep, now)
	if err != nil {
		return 0, wrap(err, "revoke other sessions of user %d", userID)
	}
	n, _ := res.RowsAffected()
	return n, nil
}

// cutUserAgent keeps at most maxUserAgent characters of valid UTF-8
// without control characters (PostgreSQL's text refuses NUL).
func cutUserAgent(ua string) string {
	ua = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, strings.ToValidUTF8(strings.TrimSpace(ua), ""))
	if utf8.RuneCountInString(ua) <= maxUserAgent {
		return ua
	}
	return string([]rune(ua)[:maxUserAgent])
}

// nullIP is ip as an inet parameter: NULL unless it is an address.
func nullIP(ip string) sql.NullString {
	parsed := net.ParseIP(strings.TrimSpace(ip))
	if parsed == nil {
		return sql.NullString{}
	}
	return sql.NullString{String: parsed.String(), Valid: true}
}
