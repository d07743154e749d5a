package store

import (
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"net"

	"github.com/lib/pq"
)

// Sentinel errors. Store functions wrap them (test with errors.Is); the API
// maps them to HTTP statuses.
var (
	// ErrNotFound: no such row, or not one the caller may see.
	ErrNotFound = errors.New("not found")
	// ErrConflict: a unique value is taken or the request was already
	// applied (see ConflictError for which constraint).
	ErrConflict = errors.New("conflict")
	// ErrInsufficientFunds: the wallet cannot pay.
	ErrInsufficientFunds = errors.New("insufficient funds")
	// ErrSoldOut: no code left, or the account is already sold.
	ErrSoldOut = errors.New("sold out")
	// ErrInvalidState: the row is not in a state that allows the change
	// (confirming a rejected top-up, refunding a pending order).
	ErrInvalidState = errors.New("invalid state")
	// ErrInvalid: a value breaks a rule of the data model (a CHECK, a
	// foreign key, a length).
	ErrInvalid = errors.New("invalid value")
	// ErrUnavailable: the database is restarting or cannot be reached; the
	// same request can succeed a moment later (the API answers 503).
	ErrUnavailable = errors.New("database unavailable")
)

// ConflictError says which unique constraint was hit, so a caller can name
// the offending field ("phone is taken").
type ConflictError struct {
	Constraint string
	// Field is the domain field the constraint guards ("phone",
	// "username", "email"), or "" when it is not a single user-facing field.
	Field string
}

func (e *ConflictError) Error() string {
	if e.Field != "" {
		return fmt.Sprintf("conflict: %s already exists", e.Field)
	}
	return "conflict: " + e.Constraint
}

// Unwrap makes errors.Is(err, ErrConflict) true.
func (e *ConflictError) Unwrap() error { return ErrConflict }

// constraintFields maps unique constraints to the field they guard.
var constraintFields = map[string]string{
	"users_phone_key":    "phone",
	"users_username_key": "username",
	"users_email_key":    "email",
	"games_slug_key":     "slug",
	"services_slug_key":  "slug",
	"products_sku_key":   "sku",
}

// mapErr turns driver errors into sentinels; other errors pass through.
func mapErr(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	pe := pq.As(err)
	if pe == nil {
		var netErr *net.OpError
		if errors.As(err, &netErr) || errors.Is(err, driver.ErrBadConn) {
			return fmt.Errorf("%w: %w", ErrUnavailable, err)
		}
		return err
	}
	// Class 08 (connection lost), 57P01-57P03 (shutting down, starting),
	// 53300 (no connection slot): a restart or an overload, not a bug.
	if pe.Code.Class() == "08" || pe.Code == "57P01" || pe.Code == "57P02" || pe.Code == "57P03" || pe.Code == "53300" {
		return fmt.Errorf("%w: %s", ErrUnavailable, pe.Message)
	}
	switch pe.Code {
	case "23505": // unique_violation
		return &ConflictError{Constraint: pe.Constraint, Field: constraintFields[pe.Constraint]}
	case "23514", "23502", "23503", "22001", "22P02": // check, not null, foreign key, too long, bad text
		return fmt.Errorf("%w: %s", ErrInvalid, pe.Message)
	}
	return err
}

// wrap adds context to err after mapping it.
func wrap(err error, format string, args ...any) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("store: %s: %w", fmt.Sprintf(format, args...), mapErr(err))
}
