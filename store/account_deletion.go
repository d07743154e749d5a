package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
)

// Deleting an account is asked by the customer (RequestDeletion) and
// completed by an admin: the row stays, because orders, top-ups and the
// ledger point at it and the accounts must still add up, but everything
// that names the person goes. The username and phone become placeholders
// no one can sign in with (the password hash matches no password), the
// e-mail and the language are cleared, the customer's messages and one-time
// codes are deleted, and every session ends with its sockets.

// DeletionRequest is an account waiting for an admin to delete it.
type DeletionRequest struct {
	UserID       int64     `db:"id"`
	Username     string    `db:"username"`
	Phone        string    `db:"phone"`
	WalletAmount int64     `db:"wallet_amount"`
	RequestedAt  time.Time `db:"deletion_requested_at"`
}

// DeletionRequests lists the open requests, oldest first.
func (s *DB) DeletionRequests(ctx context.Context) ([]DeletionRequest, error) {
	out := []DeletionRequest{}
	err := s.db.SelectContext(ctx, &out, `
		SELECT id, username, phone, wallet_amount, deletion_requested_at FROM users
		WHERE deletion_requested_at IS NOT NULL AND deleted_at IS NULL
		ORDER BY deletion_requested_at, id`)
	return out, wrap(err, "deletion requests")
}

// CompleteDeletion anonymises an account whose owner asked for it. It is
// ErrDeletionNotRequested without a request (or when already done),
// ErrBalanceNotZero when money arrived in the wallet since,
// ErrDeletionHasOpenBusiness while a top-up, order or refund request is
// still open, ErrNotFound for an unknown user.
func (s *DB) CompleteDeletion(ctx context.Context, a Actor, userID int64) error {
	return s.changingSessions(ctx, userID, func(tx *sqlx.Tx) error {
		var row struct {
			Phone       string       `db:"phone"`
			Wallet      int64        `db:"wallet_amount"`
			RequestedAt sql.NullTime `db:"deletion_requested_at"`
			DeletedAt   sql.NullTime `db:"deleted_at"`
		}
		err := tx.GetContext(ctx, &row, `
			SELECT phone, wallet_amount, deletion_requested_at, deleted_at FROM users WHERE id = $1 FOR UPDATE`, userID)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return fmt.Errorf("store: delete user %d: %w", userID, ErrNotFound)
		case err != nil:
			return wrap(err, "delete user %d", userID)
		case !row.RequestedAt.Valid || row.DeletedAt.Valid:
			return fmt.Errorf("store: delete user %d: %w", userID, ErrDeletionNotRequested)
		case row.Wallet != 0:
			return fmt.Errorf("store: delete user %d: %w", userID, ErrBalanceNotZero)
		}
		if err := noOpenBusiness(ctx, tx, userID); err != nil {
			return err
		}
		// The placeholders are unique by id; the random tail keeps a
		// customer who registered "deleted-<id>" from blocking this.
		_, err = tx.ExecContext(ctx, `
			UPDATE users SET
				username = 'deleted-' || id || '-' || substr(md5(random()::text), 1, 6),
				phone = '+999' || lpad(id::text, 11, '0'),
				email = NULL, locale = NULL, password_hash = '!deleted', deleted_at = now()
			WHERE id = $1`, userID)
		if err != nil {
			return wrap(err, "delete user %d: anonymise", userID)
		}
		if _, err := tx.ExecContext(ctx, `
			UPDATE api_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL`, userID); err != nil {
			return wrap(err, "delete user %d: revoke sessions", userID)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM messages WHERE user_id = $1`, userID); err != nil {
			return wrap(err, "delete user %d: messages", userID)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM otp_codes WHERE user_id = $1 OR phone = $2`, userID, row.Phone); err != nil {
			return wrap(err, "delete user %d: codes", userID)
		}
		if err := terminateConnections(ctx, tx, userID); err != nil {
			return err
		}
		// The audit row names the account by id only: it must not keep
		// what the deletion removed.
		return writeAudit(ctx, tx, a, auditRecord{Action: "user.delete", TargetType: "user", TargetID: userID,
			After: map[string]any{"deleted": true, "requested_at": row.RequestedAt.Time}})
	})
}

// noOpenBusiness refuses a deletion while anything could still move money
// on the account: a top-up confirmed later, an order delivered or failed
// later, a refund approved later. The user row is locked by the caller;
// these rows are read in the same transaction.
func noOpenBusiness(ctx context.Context, tx *sqlx.Tx, userID int64) error {
	var open bool
	err := tx.GetContext(ctx, &open, `
		SELECT EXISTS (SELECT 1 FROM topup_orders WHERE user_id = $1 AND status = 'pending')
		    OR EXISTS (SELECT 1 FROM orders WHERE user_id = $1 AND status IN ('pending', 'processing'))
		    OR EXISTS (SELECT 1 FROM refund_requests WHERE user_id = $1 AND status = 'requested')`, userID)
	if err != nil {
		return wrap(err, "delete user %d: open business", userID)
	}
	if open {
		return fmt.Errorf("store: delete user %d: %w", userID, ErrDeletionHasOpenBusiness)
	}
	return nil
}

// lockUser is how whatever opens business or moves money on an account
// meets a deletion completing at the same moment. FOR KEY SHARE conflicts
// with the FOR UPDATE CompleteDeletion takes (and with nothing a purchase
// or a wallet credit takes), so: taken first, it makes the deletion wait
// and then see what this transaction opened (noOpenBusiness); taken
// second, it waits for the deletion and reads its outcome. It answers
// whether the account is deleted.
func lockUser(ctx context.Context, tx *sqlx.Tx, userID int64) (deleted bool, err error) {
	err = tx.GetContext(ctx, &deleted, `SELECT deleted_at IS NOT NULL FROM users WHERE id = $1 FOR KEY SHARE`, userID)
	if errors.Is(err, sql.ErrNoRows) {
		return false, fmt.Errorf("store: user %d: %w", userID, ErrNotFound)
	}
	return deleted, wrap(err, "lock user %d", userID)
}

// lockLiveUser is lockUser refusing a deleted account (ErrAccountDeleted).
func lockLiveUser(ctx context.Context, tx *sqlx.Tx, userID int64) error {
	deleted, err := lockUser(ctx, tx, userID)
	if err == nil && deleted {
		err = fmt.Errorf("store: user %d: %w", userID, ErrAccountDeleted)
	}
	return err
}
