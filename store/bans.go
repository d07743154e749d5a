package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"topup/internal/contract"
)

// Bans. A ban is a compare-and-set on users.is_banned, revokes
// every session in the same transaction and pushes user.updated with
// updateType "ban" through the outbox, so an open tab shows the banned
// page at once. Banned users may still log in (the app needs a token to
// show the reason); every other call refuses them.

// ErrSelfBan: an admin cannot ban themselves.
var ErrSelfBan = fmt.Errorf("%w: you cannot ban yourself", ErrInvalid)

const banSnapshot = `SELECT jsonb_build_object('id', id, 'is_banned', is_banned, 'ban_reason', ban_reason,
	'banned_at', banned_at, 'banned_by', banned_by) FROM users WHERE id = $1`

// BanUser bans a user with a reason the user is shown. An already banned
// user is ErrInvalidState; an unknown one ErrNotFound. It returns the user
// as banned and how many sessions were ended.
func (s *DB) BanUser(ctx context.Context, a Actor, userID int64, reason string) (User, int64, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return User{}, 0, fmt.Errorf("store: ban: a reason is required: %w", ErrInvalid)
	}
	if userID == a.ID {
		return User{}, 0, ErrSelfBan
	}
	var u User
	var revoked int64
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		before, err := rowJSON(ctx, tx, banSnapshot+` FOR UPDATE`, userID)
		if err != nil {
			return err
		}
		if before == nil {
			return fmt.Errorf("store: ban user %d: %w", userID, ErrNotFound)
		}
		err = tx.GetContext(ctx, &u, `
			UPDATE users SET is_banned = true, ban_reason = $2, banned_at = now(), banned_by = $3
			WHERE id = $1 AND NOT is_banned
			RETURNING `+userColumns, userID, reason, nullID(a.ID))
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("store: ban user %d: already banned: %w", userID, ErrInvalidState)
		}
		if err != nil {
			return wrap(err, "ban user %d", userID)
		}
		res, err := tx.ExecContext(ctx, `UPDATE api_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL`, userID)
		if err != nil {
			return wrap(err, "ban user %d: revoke tokens", userID)
		}
		revoked, _ = res.RowsAffected()
		after, err := rowJSON(ctx, tx, banSnapshot, userID)
		if err != nil {
			return err
		}
		if err := announceUser(ctx, tx, u.ID, contract.UpdateBan); err != nil {
			return err
		}
		if err := terminateConnections(ctx, tx, u.ID); err != nil {
			return err
		}
		return writeAudit(ctx, tx, a, auditRecord{Action: "user.ban", TargetType: "user", TargetID: userID,
			Before: before, After: withField(after, "sessions_revoked", revoked), Reason: reason})
	})
	if err == nil {
		s.sessionsChanged(ctx, userID)
	}
	return u, revoked, err
}

// UnbanUser lifts a ban; the reason is kept in the audit log. A user who
// is not banned is ErrInvalidState.
func (s *DB) UnbanUser(ctx context.Context, a Actor, userID int64, reason string) (User, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return User{}, fmt.Errorf("store: unban: a reason is required: %w", ErrInvalid)
	}
	var u User
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		before, err := rowJSON(ctx, tx, banSnapshot+` FOR UPDATE`, userID)
		if err != nil {
			return err
		}
		if before == nil {
			return fmt.Errorf("store: unban user %d: %w", userID, ErrNotFound)
		}
		err = tx.GetContext(ctx, &u, `
			UPDATE users SET is_banned = false, ban_reason = NULL, banned_at = NULL, banned_by = NULL
			WHERE id = $1 AND is_banned
			RETURNING `+userColumns, userID)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("store: unban user %d: not banned: %w", userID, ErrInvalidState)
		}
		if err != nil {
			return wrap(err, "unban user %d", userID)
		}
		after, err := rowJSON(ctx, tx, banSnapshot, userID)
		if err != nil {
			return err
		}
		if err := announceUser(ctx, tx, u.ID, contract.UpdateBan); err != nil {
			return err
		}
		return writeAudit(ctx, tx, a, auditRecord{Action: "user.unban", TargetType: "user", TargetID: userID,
			Before: before, After: after, Reason: reason})
	})
	if err == nil {
		s.sessionsChanged(ctx, userID)
	}
	return u, err
}

// BanInfo is who banned a user and when.
type BanInfo struct {
	BannedAt     *time.Time `db:"banned_at"`
	BannedBy     *int64     `db:"banned_by"`
	BannedByName *string    `db:"banned_by_name"`
}

// BanInfoOf returns the ban details of a user.
func (s *DB) BanInfoOf(ctx context.Context, userID int64) (BanInfo, error) {
	var b BanInfo
	err := s.db.GetContext(ctx, &b, `SELECT u.banned_at, u.banned_by, a.username AS banned_by_name
		FROM users u LEFT JOIN users a ON a.id = u.banned_by WHERE u.id = $1`, userID)
	return b, wrap(err, "ban of user %d", userID)
}
