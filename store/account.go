package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"topup/internal/contract"
	"topup/internal/phone"
)

// A customer's own account settings: password, e-mail, phone, language
// and the request to delete the account. Each change is one transaction;
// changing the password also ends every other session (and closes the
// customer's sockets) in it.

// Locales a customer may choose (users.locale).
const (
	LocaleBurmese = "my"
	LocaleEnglish = "en"
)

var (
	// ErrBalanceNotZero: an account with money in its wallet cannot be
	// deleted; the customer spends it or asks for a refund first.
	ErrBalanceNotZero = errors.New("wallet balance is not zero")
	// ErrDeletionHasOpenBusiness: the customer has a top-up waiting for
	// confirmation, an order not yet delivered or a refund not yet decided;
	// each may still move money on the account.
	ErrDeletionHasOpenBusiness = fmt.Errorf("%w: the account has open top-ups, orders or refund requests", ErrInvalidState)
	// ErrDeletionNotRequested: the admin tried to complete a deletion the
	// customer did not ask for (or that was already completed).
	ErrDeletionNotRequested = fmt.Errorf("%w: account deletion was not requested", ErrInvalidState)
	// ErrAccountDeleted: the account was deleted (CompleteDeletion), so
	// nothing new is opened on it and no money moves into it (see
	// lockLiveUser).
	ErrAccountDeleted = fmt.Errorf("%w: the account was deleted", ErrInvalidState)
)

// ChangePassword sets a new password hash for the user and ends every
// session but keep (the one that asked); it answers how many were ended.
func (s *DB) ChangePassword(ctx context.Context, userID, keep int64, hash string, now time.Time) (int64, error) {
	if hash == "" {
		return 0, fmt.Errorf("store: change password: empty hash: %w", ErrInvalid)
	}
	var n int64
	err := s.changingSessions(ctx, userID, func(tx *sqlx.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE users SET password_hash = $2 WHERE id = $1`, userID, hash)
		if err != nil {
			return wrap(err, "change password of user %d", userID)
		}
		if k, _ := res.RowsAffected(); k == 0 {
			return fmt.Errorf("store: change password of user %d: %w", userID, ErrNotFound)
		}
		if n, err = revokeOthers(ctx, tx, userID, keep, now); err != nil || n == 0 {
			return err
		}
		return terminateConnections(ctx, tx, userID)
	})
	return n, err
}

// ChangeEmail sets the user's e-mail address. One taken by another account
// (in any case) is a *ConflictError naming "email".
func (s *DB) ChangeEmail(ctx context.Context, userID int64, email string) (User, error) {
	return s.updateAccount(ctx, userID, `email = $2`, strings.TrimSpace(email))
}

// SetLocale keeps the user's language (LocaleBurmese or LocaleEnglish).
func (s *DB) SetLocale(ctx context.Context, userID int64, locale string) (User, error) {
	if locale != LocaleBurmese && locale != LocaleEnglish {
		return User{}, fmt.Errorf("store: set locale %q: %w", locale, ErrInvalid)
	}
	return s.updateAccount(ctx, userID, `locale = $2`, locale)
}

// updateAccount sets one column of the user (set uses $1 for the id and
// $2 for value) and tells the customer's other devices (user.updated,
// updateType account) in the same transaction; the servers' cached
// sessions, which hold the user, are forgotten after it.
func (s *DB) updateAccount(ctx context.Context, userID int64, set string, value any) (User, error) {
	var u User
	err := s.changingSessions(ctx, userID, func(tx *sqlx.Tx) error {
		return setAccount(ctx, tx, &u, userID, set, value)
	})
	return u, err
}

func setAccount(ctx context.Context, tx *sqlx.Tx, u *User, userID int64, set string, value any) error {
	if err := tx.GetContext(ctx, u, `UPDATE users SET `+set+` WHERE id = $1 RETURNING `+userColumns, userID, value); err != nil {
		return wrap(err, "update user %d", userID)
	}
	return announceUser(ctx, tx, userID, contract.UpdateAccount)
}

// PhoneChange is a new number and the code texted to it.
type PhoneChange struct {
	UserID      int64
	Phone       string
	Code        string
	Now         time.Time
	MaxAttempts int
}

// ChangePhone replaces the user's phone with c.Phone if c.Code is the
// newest PurposeVerifyPhone code this user asked for that number, using the
// code in the same transaction. It returns the OTP errors of VerifyOTP, or
// a *ConflictError naming "phone" when another account took the number
// meanwhile (the code then stays unused).
func (s *DB) ChangePhone(ctx context.Context, c PhoneChange) (User, error) {
	p, err := phone.Normalize(c.Phone)
	if err != nil {
		return User{}, fmt.Errorf("store: change phone: %w", ErrOTPNotRequested)
	}
	var u User
	check := OTPCheck{Phone: p, Purpose: PurposeVerifyPhone, Code: c.Code, Now: c.Now, MaxAttempts: c.MaxAttempts}
	err = s.useOTP(ctx, check, c.UserID, func(tx *sqlx.Tx, _ int64) error {
		return setAccount(ctx, tx, &u, c.UserID, `phone = $2`, p)
	})
	if err == nil {
		s.sessionsChanged(ctx, c.UserID)
	}
	return u, err
}

// RequestDeletion records the user's request to delete the account, which
// an admin completes (CompleteDeletion). A wallet with money in it is
// ErrBalanceNotZero; asking twice keeps the first time.
func (s *DB) RequestDeletion(ctx context.Context, userID int64, now time.Time) (User, error) {
	var u User
	err := s.changingSessions(ctx, userID, func(tx *sqlx.Tx) error {
		if err := tx.GetContext(ctx, &u, `SELECT `+userColumns+` FROM users WHERE id = $1 FOR UPDATE`, userID); err != nil {
			return wrap(err, "request deletion of user %d", userID)
		}
		if u.WalletAmount != 0 {
			return fmt.Errorf("store: request deletion of user %d: %w", userID, ErrBalanceNotZero)
		}
		return setAccount(ctx, tx, &u, userID, `deletion_requested_at = COALESCE(deletion_requested_at, $2)`, now)
	})
	return u, err
}

// CancelDeletion withdraws the user's request; one that was never made is
// ErrDeletionNotRequested.
func (s *DB) CancelDeletion(ctx context.Context, userID int64) (User, error) {
	var u User
	err := s.changingSessions(ctx, userID, func(tx *sqlx.Tx) error {
		var open bool
		err := tx.GetContext(ctx, &open, `
			SELECT deletion_requested_at IS NOT NULL AND deleted_at IS NULL FROM users WHERE id = $1 FOR UPDATE`, userID)
		if err != nil {
			return wrap(err, "cancel deletion of user %d", userID)
		}
		if !open {
			return fmt.Errorf("store: cancel deletion of user %d: %w", userID, ErrDeletionNotRequested)
		}
		return setAccount(ctx, tx, &u, userID, `deletion_requested_at = $2`, nil)
	})
	return u, err
}
