package api

import (
	"errors"
	"fmt"
	"net/http"
	"testing"

	"github.com/gofiber/fiber/v2"

	"topup/internal/i18n"
	"topup/store"
)

// Whatever a handler returns (its own *Error, a wrapped store error,
// Fiber's, a bare Go error) is answered with a code from the catalogue and
// a message in each language: no failure reaches a client uncoded.
func TestEveryFailureIsCoded(t *testing.T) {
	failures := []error{
		Fail(http.StatusNotFound, i18n.UserNotFound),
		Invalid(fieldErrors{"username": {i18n.T(i18n.UsernameRequired)}}),
		Invalid(fieldErrors{}),
		fiber.NewError(http.StatusMethodNotAllowed, "Method Not Allowed"),
		fiber.NewError(http.StatusRequestEntityTooLarge),
		fiber.NewError(http.StatusTeapot),
		errors.New("boom"),
		&store.InsufficientFundsError{Required: 5000, Balance: 1000, Shortfall: 4000},
		&store.GameInfoError{Field: "game_uid", Code: i18n.GameUIDRequired},
		&store.ConflictError{Constraint: "users_phone_key", Field: "phone"},
		&store.ConflictError{Constraint: "games_name_key"},
		&store.ChecksNotAcknowledgedError{Missing: []string{"amount"}},
		errQuoteExpired,
	}
	for _, sentinel := range []error{store.ErrNotFound, store.ErrConflict, store.ErrInsufficientFunds,
		store.ErrSoldOut, store.ErrInvalidState, store.ErrInvalid, store.ErrUnavailable, store.ErrProductInactive,
		store.ErrIdempotencyMismatch, store.ErrAlreadyReviewed, store.ErrNotReviewable, store.ErrBanned,
		store.ErrClaimedByOther, store.ErrSelfBan, store.ErrNotAccount, store.ErrNotCodeProduct,
		store.ErrTransactionIDReused, store.ErrAccountDeleted} {
		failures = append(failures, fmt.Errorf("store: wrapped: %w", sentinel))
	}
	if got := describe(fiber.NewError(http.StatusRequestEntityTooLarge)).code.String(); got != "body_too_large" {
		t.Errorf("an oversized body is answered %q, want body_too_large (docs/security.md)", got)
	}
	for _, err := range failures {
		p := describe(err)
		if _, ok := i18n.Lookup(p.code.String()); !ok {
			t.Errorf("%v: code %q is not in the catalogue", err, p.code)
		}
		if _, ok := i18n.Lookup(p.text.Code.String()); !ok {
			t.Errorf("%v: message code %q is not in the catalogue", err, p.text.Code)
		}
		for _, lang := range i18n.Langs {
			body := errorBody(p, i18n.In(lang))
			if msg, _ := body["message"].(string); msg == "" || msg == p.text.Code.String() {
				t.Errorf("%v in %s: message %q", err, lang, msg)
			}
			if len(p.fields) > 0 {
				codes, _ := body["codes"].(map[string][]string)
				msgs, _ := body["errors"].(map[string][]string)
				for field, list := range p.fields {
					if len(codes[field]) != len(list) || len(msgs[field]) != len(list) {
						t.Errorf("%v: field %s has %d errors, %d codes, %d messages", err, field, len(list), len(codes[field]), len(msgs[field]))
					}
				}
			}
		}
	}
}
