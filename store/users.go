package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"topup/internal/phone"
)

// User is a customer or an admin.
type User struct {
	ID           int64     `db:"id"`
	Username     string    `db:"username"`
	Phone        string    `db:"phone"` // E.164, see phone.Normalize
	Email        *string   `db:"email"`
	PasswordHash string    `db:"password_hash"`
	WalletAmount int64     `db:"wallet_amount"` // whole kyat
	IsAdmin      bool      `db:"is_admin"`
	IsBanned     bool      `db:"is_banned"`
	BanReason    *string   `db:"ban_reason"`
	CreatedAt    time.Time `db:"created_at"`
	UpdatedAt    time.Time `db:"updated_at"`
	// Locale is the language the customer chose (LocaleBurmese,
	// LocaleEnglish), nil until they choose.
	Locale *string `db:"locale"`
	// DeletionRequestedAt is set while the customer's request to delete
	// the account waits for an admin.
	DeletionRequestedAt *time.Time `db:"deletion_requested_at"`
}

// Language is the language the customer chose ("my" or "en"), or "" when
// they have not: server-written messages and answers use it when the
// request names none.
func (u User) Language() string {
	if u.Locale == nil {
		return ""
	}
	return *u.Locale
}

const userColumns = `id, username, phone, email, password_hash, wallet_amount,
	is_admin, is_banned, ban_reason, created_at, updated_at, locale, deletion_requested_at`

// NewUser is what CreateUser needs. The password arrives hashed: store never
// sees a plaintext password.
type NewUser struct {
	Username     string
	Phone        string // any form phone.Normalize reads
	Email        string // optional; "" stores NULL
	PasswordHash string
	IsAdmin      bool
}

// CreateUser inserts a user with an empty wallet. A taken phone, username
// or e-mail gives a *ConflictError naming the field.
func (s *DB) CreateUser(ctx context.Context, nu NewUser) (User, error) {
	var u User
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		var err error
		u, err = createUser(ctx, tx, nu)
		return err
	})
	return u, err
}

func createUser(ctx context.Context, q sqlx.QueryerContext, nu NewUser) (User, error) {
	phone, err := phone.Normalize(nu.Phone)
	if err != nil {
		return User{}, fmt.Errorf("store: create user: %w: %w", ErrInvalid, err)
	}
	var email sql.NullString
	if e := strings.TrimSpace(nu.Email); e != "" {
		email = sql.NullString{String: e, Valid: true}
	}
	var u User
	err = sqlx.GetContext(ctx, q, &u, `
		INSERT INTO users (username, phone, email, password_hash, is_admin)
		VALUES ($1, $2, $3, $4, $5)
		RETURNING `+userColumns,
		strings.TrimSpace(nu.Username), phone, email, nu.PasswordHash, nu.IsAdmin)
	if err != nil {
		return User{}, wrap(err, "create user")
	}
	return u, nil
}

// UserByID returns the user with id.
func (s *DB) UserByID(ctx context.Context, id int64) (User, error) {
	var u User
	err := s.db.GetContext(ctx, &u, `SELECT `+userColumns+` FROM users WHERE id = $1`, id)
	if err != nil {
		return User{}, wrap(err, "user %d", id)
	}
	return u, nil
}

// UserByPhone returns the user with the phone number, in any form
// phone.Normalize reads. An unreadable number is ErrNotFound: no user has it.
func (s *DB) UserByPhone(ctx context.Context, number string) (User, error) {
	p, err := phone.Normalize(number)
	if err != nil {
		return User{}, fmt.Errorf("store: user by phone: %w", ErrNotFound)
	}
	var u User
	err = s.db.GetContext(ctx, &u, `SELECT `+userColumns+` FROM users WHERE phone = $1`, p)
	if err != nil {
		return User{}, wrap(err, "user by phone")
	}
	return u, nil
}

// UserByEmail returns the user with the e-mail address, ignoring case.
func (s *DB) UserByEmail(ctx context.Context, email string) (User, error) {
	var u User
	err := s.db.GetContext(ctx, &u, `SELECT `+userColumns+` FROM users WHERE lower(email) = lower($1)`,
		strings.TrimSpace(email))
	if err != nil {
		return User{}, wrap(err, "user by email")
	}
	return u, nil
}

// UserByUsername returns the user with the username, ignoring case.
func (s *DB) UserByUsername(ctx context.Context, username string) (User, error) {
	var u User
	err := s.db.GetContext(ctx, &u, `SELECT `+userColumns+` FROM users WHERE lower(username) = lower($1)`,
		strings.TrimSpace(username))
	if err != nil {
		return User{}, wrap(err, "user by username")
	}
	return u, nil
}

// SetPassword replaces a user's password hash and revokes all of their
// tokens in the same transaction, so a reset logs out every session.
func (s *DB) SetPassword(ctx context.Context, userID int64, hash string) error {
	return s.changingSessions(ctx, userID, func(tx *sqlx.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE users SET password_hash = $2 WHERE id = $1`, userID, hash)
		if err != nil {
			return wrap(err, "set password")
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("store: set password: user %d: %w", userID, ErrNotFound)
		}
		_, err = tx.ExecContext(ctx, `
			UPDATE api_tokens SET revoked_at = now()
			WHERE user_id = $1 AND revoked_at IS NULL`, userID)
		return wrap(err, "revoke tokens")
	})
}

// SetAdmin grants or removes admin rights. A demotion also closes the
// user's sockets (terminateConnections), so an open dashboard stops
// receiving admin events at once; channel auth refuses them afterwards.
func (s *DB) SetAdmin(ctx context.Context, userID int64, admin bool) error {
	return s.changingSessions(ctx, userID, func(tx *sqlx.Tx) error {
		var was bool
		err := tx.GetContext(ctx, &was, `
			UPDATE users u SET is_admin = $2 FROM (SELECT id, is_admin FROM users WHERE id = $1 FOR UPDATE) old
			WHERE u.id = old.id RETURNING old.is_admin`, userID, admin)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("store: set admin: user %d: %w", userID, ErrNotFound)
		}
		if err != nil {
			return wrap(err, "set admin")
		}
		if was && !admin {
			return terminateConnections(ctx, tx, userID)
		}
		return nil
	})
}

// UserFilter narrows SearchUsers. Q matches a phone number in any form
// phone.Normalize reads, an e-mail, a user id, or part of a username.
type UserFilter struct {
	Q      string
	Banned *bool
	Admins bool // only admins
	Paging
}

// SearchUsers finds users for the admin, newest first.
func (s *DB) SearchUsers(ctx context.Context, f UserFilter) (Page[User], error) {
	q := strings.TrimSpace(f.Q)
	normPhone := ""
	if n, err := phone.Normalize(q); err == nil {
		normPhone = n
	}
	var id int64
	if n, err := strconv.ParseInt(strings.TrimPrefix(q, "#"), 10, 64); err == nil && n > 0 {
		id = n
	}
	banned := -1
	if f.Banned != nil {
		banned = 0
		if *f.Banned {
			banned = 1
		}
	}
	where := ` WHERE ($1::text = '' OR phone = $2 OR id = $3 OR lower(email) = lower($1)
		OR strpos(lower(username), lower($1)) > 0 OR strpos(phone, $1) > 0)
		AND ($4::int = -1 OR is_banned = ($4 = 1))
		AND ($5::bool = false OR is_admin)`
	args := []any{q, normPhone, id, banned, f.Admins}
	return selectPage[User](ctx, s, f.Paging, "users", `SELECT count(*) FROM users`+where, `SELECT `+userColumns+` FROM users`+where+`
		ORDER BY (phone = $2 OR id = $3 OR lower(username) = lower($1)) DESC, created_at DESC, id DESC
		LIMIT $6 OFFSET $7`, args...)
}
