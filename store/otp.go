package store

import (
	"context"
	"crypto/hmac"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"topup/internal/phone"
)

// One-time SMS codes for password reset. A code is stored as an HMAC under
// the store's secret box (never in the clear), bound to one phone and one
// purpose, lives a fixed time, dies after a few wrong guesses and is used
// once. A correct code is exchanged for a reset token whose hash sits on the
// same row; the reset consumes it.

// Purposes of codes: "forgot password", and proving a new phone number
// before it replaces an account's (only that account may use the code).
const (
	PurposeResetPassword = "reset_password"
	PurposeVerifyPhone   = "verify_phone"
)

// Outcomes of VerifyOTP and ResetPassword the client must tell apart.
var (
	// ErrOTPNotRequested: no code was sent to this phone.
	ErrOTPNotRequested = errors.New("no code requested")
	// ErrOTPExpired: the newest code outlived its time.
	ErrOTPExpired = errors.New("code expired")
	// ErrOTPInvalid: wrong code; the attempt was counted.
	ErrOTPInvalid = errors.New("invalid code")
	// ErrOTPUsed: the newest code was already exchanged, or burnt by too
	// many wrong guesses; a new one must be requested.
	ErrOTPUsed = errors.New("code already used")
	// ErrResetTokenInvalid: the reset token is unknown, used, expired or for
	// another phone.
	ErrResetTokenInvalid = errors.New("reset token invalid")
)

// NewOTP is a code about to be sent.
type NewOTP struct {
	Phone   string // any form phone.Normalize reads
	Purpose string
	Code    string
	IP      string // the requester, or ""
	Now     time.Time
	TTL     time.Duration
	// UserID is the account a PurposeVerifyPhone code is for (0 for a
	// reset, which names its account by the phone).
	UserID int64
}

// OTPCheck is a code typed by a customer.
type OTPCheck struct {
	Phone       string
	Purpose     string
	Code        string
	Now         time.Time
	MaxAttempts int
	// ResetTokenHash is stored on the code when it is right; the caller
	// keeps the plaintext token to hand to the client.
	ResetTokenHash []byte
}

// VerifyOTP checks a code against the newest one for the phone and
// purpose. It returns nil when the code is right (and stores the reset
// token hash), or ErrOTPNotRequested, ErrOTPExpired, ErrOTPUsed or
// ErrOTPInvalid. A wrong guess is counted even though an error is returned,
// and the guess that reaches MaxAttempts burns the code.
func (s *DB) VerifyOTP(ctx context.Context, c OTPCheck) error {
	return s.useOTP(ctx, c, 0, func(tx *sqlx.Tx, codeID int64) error {
		_, err := tx.ExecContext(ctx, `UPDATE otp_codes SET reset_token_hash = $2 WHERE id = $1`, codeID, c.ResetTokenHash)
		return wrap(err, "use otp")
	})
}

// useOTP checks c against the newest code for its phone and purpose (and,
// when userID is not 0, requires the code to be that account's) and, when
// it is right, marks it used and runs then in the same transaction: if
// then fails, the code stays unused. A counted wrong attempt is committed
// even though an error is returned.
func (s *DB) useOTP(ctx context.Context, c OTPCheck, userID int64, then func(tx *sqlx.Tx, codeID int64) error) error {
	p, err := phone.Normalize(c.Phone)
	if err != nil {
		return fmt.Errorf("store: verify otp: %w", ErrOTPNotRequested)
	}
	want, err := s.otpHash(p, c.Purpose, c.Code)
	if err != nil {
		return err
	}
	// The outcome is decided inside the transaction but returned after the
	// commit: a counted wrong attempt must be kept, not rolled back.
	var outcome error
	err = s.WithTx(ctx, func(tx *sqlx.Tx) error {
		var row struct {
			ID        int64         `db:"id"`
			Hash      []byte        `db:"code_hash"`
			Attempts  int           `db:"attempts"`
			ExpiresAt time.Time     `db:"expires_at"`
			UsedAt    sql.NullTime  `db:"used_at"`
			UserID    sql.NullInt64 `db:"user_id"`
		}
		err := tx.GetContext(ctx, &row, `
			SELECT id, code_hash, attempts, expires_at, used_at, user_id FROM otp_codes
			WHERE phone = $1 AND purpose = $2
			ORDER BY created_at DESC, id DESC LIMIT 1
			FOR UPDATE`, p, c.Purpose)
		switch {
		case errors.Is(err, sql.ErrNoRows), err == nil && userID != 0 && row.UserID.Int64 != userID:
			outcome = ErrOTPNotRequested
			return nil
		case err != nil:
			return wrap(err, "verify otp")
		case row.UsedAt.Valid || row.Attempts >= c.MaxAttempts:
			outcome = ErrOTPUsed
			return nil
		case !c.Now.Before(row.ExpiresAt):
			outcome = ErrOTPExpired
			return nil
		case !hmac.Equal(row.Hash, want):
			outcome = ErrOTPInvalid
			_, err := tx.ExecContext(ctx, `
				UPDATE otp_codes SET attempts = attempts + 1,
					used_at = CASE WHEN attempts + 1 >= $2 THEN $3 ELSE used_at END
				WHERE id = $1`, row.ID, c.MaxAttempts, c.Now)
			return wrap(err, "count otp attempt")
		}
		_, err = tx.ExecContext(ctx, `
			UPDATE otp_codes SET verified_at = $2, used_at = $2 WHERE id = $1`, row.ID, c.Now)
		if err != nil {
			return wrap(err, "use otp")
		}
		return then(tx, row.ID)
	})
	if err != nil {
		return err
	}
	if outcome != nil {
		return fmt.Errorf("store: verify otp: %w", outcome)
	}
	return nil
}

// PasswordReset replaces a password with a reset token from VerifyOTP.
type PasswordReset struct {
	Phone        string
	TokenHash    []byte
	PasswordHash string
	Now          time.Time
	// TokenTTL is how long after the code was verified the token works.
	TokenTTL time.Duration
}

// CheckResetToken reports whether a reset would accept r's token now
// (nil) or not (ErrResetTokenInvalid), without using it: callers check
// before the costly password hash, and ResetPassword checks again.
func (s *DB) CheckResetToken(ctx context.Context, r PasswordReset) error {
	_, err := resetToken(ctx, s.db, r, "")
	return err
}

// ResetPassword consumes the reset token, sets the new password hash and
// revokes every session of the user (closing their sockets), all in one
// transaction. It returns the user's id, ErrResetTokenInvalid, or
// ErrNotFound when no user has the phone (the token then stays unused).
func (s *DB) ResetPassword(ctx context.Context, r PasswordReset) (int64, error) {
	var userID int64
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		codeID, err := resetToken(ctx, tx, r, " FOR UPDATE")
		if err != nil {
			return err
		}
		p, _ := phone.Normalize(r.Phone) // resetToken matched it
		if err := tx.GetContext(ctx, &userID, `
			UPDATE users SET password_hash = $2 WHERE phone = $1 RETURNING id`, p, r.PasswordHash); err != nil {
			return wrap(err, "reset password: user by phone")
		}
		if _, err := tx.ExecContext(ctx, `
			UPDATE api_tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL`, userID, r.Now); err != nil {
			return wrap(err, "reset password: revoke tokens")
		}
		if err := terminateConnections(ctx, tx, userID); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE otp_codes SET reset_token_hash = NULL WHERE id = $1`, codeID)
		return wrap(err, "reset password: consume token")
	})
	if err == nil {
		s.sessionsChanged(ctx, userID)
	}
	return userID, err
}

// resetToken finds the code r's token was handed out for and checks that
// it is r.Phone's and still in time; it answers the code's id. lock is
// appended to the query (" FOR UPDATE" inside ResetPassword).
func resetToken(ctx context.Context, q sqlx.QueryerContext, r PasswordReset, lock string) (int64, error) {
	p, err := phone.Normalize(r.Phone)
	if err != nil {
		return 0, fmt.Errorf("store: reset password: %w", ErrNotFound)
	}
	var row struct {
		ID         int64        `db:"id"`
		Phone      string       `db:"phone"`
		VerifiedAt sql.NullTime `db:"verified_at"`
	}
	err = sqlx.GetContext(ctx, q, &row, `
		SELECT id, phone, verified_at FROM otp_codes
		WHERE reset_token_hash = $1 AND purpose = $2`+lock, r.TokenHash, PurposeResetPassword)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("store: reset password: %w", ErrResetTokenInvalid)
	}
	if err != nil {
		return 0, wrap(err, "reset password")
	}
	if row.Phone != p || !row.VerifiedAt.Valid || !r.Now.Before(row.VerifiedAt.Time.Add(r.TokenTTL)) {
		return 0, fmt.Errorf("store: reset password: %w", ErrResetTokenInvalid)
	}
	return row.ID, nil
}

// DeleteStaleOTPs removes codes created before cutoff; they can no longer
// be used, and the send caps look back far less than any sane cutoff.
func (s *DB) DeleteStaleOTPs(ctx context.Context, cutoff time.Time) (int64, error) {
	res, err := s.db.ExecContext(ctx, `DELETE FROM otp_codes WHERE created_at < $1`, cutoff)
	if err != nil {
		return 0, wrap(err, "delete stale otps")
	}
	n, _ := res.RowsAffected()
	return n, nil
}

// otpHash is the keyed hash a code is stored and compared as. Phone and
// purpose are inside it, so a code for one number or purpose never matches
// another's row even if rows were swapped.
func (s *DB) otpHash(phone, purpose, code string) ([]byte, error) {
	box, err := s.needBox()
	if err != nil {
		return nil, err
	}
	return box.Hash([]byte("otp\x00" + purpose + "\x00" + phone + "\x00" + code)), nil
}
