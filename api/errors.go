package api

import (
	"errors"
	"net/http"
	"slices"
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/rs/zerolog"

	"topup/store"
)

// Error is a failure the client should see in DESIGN §3's shape:
// {"success": false, "message": "…", "errors": {"field": ["…"]}}.
type Error struct {
	Status  int
	Message string
	Fields  map[string][]string
	// Extra holds further top-level fields, e.g. ban_reason on 403.
	Extra map[string]any
}

func (e *Error) Error() string { return e.Message }

// errorBody is the JSON every failed call answers with.
type errorBody struct {
	Success bool                `json:"success"`
	Message string              `json:"message"`
	Errors  map[string][]string `json:"errors,omitempty"`
}

// Fail builds an Error with a status and message.
func Fail(status int, message string) *Error {
	return &Error{Status: status, Message: message}
}

// Invalid builds a 422 naming the fields at fault. Its message is the first
// field's (by name) first error, so the same input always answers the same.
func Invalid(fields map[string][]string) *Error {
	msg := "The given data was invalid."
	names := make([]string, 0, len(fields))
	for name, list := range fields {
		if len(list) > 0 {
			names = append(names, name)
		}
	}
	if len(names) > 0 {
		msg = fields[slices.Min(names)][0]
	}
	return &Error{Status: http.StatusUnprocessableEntity, Message: msg, Fields: fields}
}

// statusOf maps errors from the store (and Fiber's own) to HTTP, in one
// place, so handlers can return wrapped errors as they are.
func statusOf(err error) (int, string) {
	var apiErr *Error
	var fiberErr *fiber.Error
	var shortErr *store.InsufficientFundsError
	var gameErr *store.GameInfoError
	var conflict *store.ConflictError
	switch {
	case errors.As(err, &apiErr):
		return apiErr.Status, apiErr.Message
	case errors.As(err, &fiberErr) && fiberErr.Code == http.StatusRequestEntityTooLarge:
		// Only a file upload can reach the body limit.
		return fiberErr.Code, msgReceiptSize
	case errors.As(err, &fiberErr):
		return fiberErr.Code, fiberErr.Message
	// Specific errors come before the sentinels they wrap.
	case errors.As(err, &shortErr):
		return http.StatusUnprocessableEntity, insufficientFundsMessage(shortErr)
	case errors.As(err, &gameErr):
		return http.StatusUnprocessableEntity, gameErr.Message
	case errors.Is(err, store.ErrProductInactive):
		return http.StatusNotFound, "This product is not available."
	case errors.Is(err, store.ErrIdempotencyMismatch):
		return http.StatusConflict, "This Idempotency-Key was already used for a different order."
	case errors.Is(err, store.ErrAlreadyReviewed):
		return http.StatusConflict, "You have already reviewed this order."
	case errors.Is(err, store.ErrNotReviewable):
		return http.StatusConflict, "Only a completed order can be reviewed."
	case errors.Is(err, store.ErrBanned):
		return http.StatusForbidden, msgBanned
	case errors.Is(err, store.ErrClaimedByOther):
		return http.StatusConflict, "Another admin has claimed this order."
	case errors.Is(err, store.ErrSelfBan):
		return http.StatusUnprocessableEntity, "You cannot ban yourself."
	case errors.Is(err, store.ErrNotAccount):
		return http.StatusUnprocessableEntity, "This product is not a game account."
	case errors.Is(err, store.ErrNotCodeProduct):
		return http.StatusUnprocessableEntity, "This product does not sell redeem codes."
	case errors.As(err, &conflict) && conflictField(conflict) != "":
		return http.StatusConflict, "This " + conflictField(conflict) + " is already in use."
	case errors.Is(err, store.ErrNotFound):
		return http.StatusNotFound, "Not found."
	case errors.Is(err, store.ErrConflict):
		return http.StatusConflict, "This conflicts with the current state. Refresh and try again."
	case errors.Is(err, store.ErrInsufficientFunds):
		return http.StatusUnprocessableEntity, "Your wallet balance is not enough for this order. Please top up first."
	case errors.Is(err, store.ErrSoldOut):
		return http.StatusConflict, "This product is sold out."
	case errors.Is(err, store.ErrInvalidState):
		return http.StatusConflict, "This cannot be done in its current state. Refresh and try again."
	case errors.Is(err, store.ErrInvalid):
		return http.StatusUnprocessableEntity, "The given data was invalid."
	default:
		return http.StatusInternalServerError, "Something went wrong on our side. Please try again."
	}
}

// fieldsOf is a failure's errors by request field: an *Error's, or the
// field a store error names (a coin order's game_uid or server_id).
func fieldsOf(err error) map[string][]string {
	var apiErr *Error
	if errors.As(err, &apiErr) {
		return apiErr.Fields
	}
	var gameErr *store.GameInfoError
	if errors.As(err, &gameErr) {
		return map[string][]string{gameErr.Field: {gameErr.Message}}
	}
	var conflict *store.ConflictError
	if errors.As(err, &conflict) && conflictField(conflict) != "" {
		_, msg := statusOf(err)
		return map[string][]string{conflictField(conflict): {msg}}
	}
	return nil
}

// conflictField is the request field a unique constraint guards: the one
// the store names, or "name" for the catalogue's unique names.
func conflictField(ce *store.ConflictError) string {
	if ce.Field == "" && strings.HasSuffix(ce.Constraint, "_name_key") {
		return "name"
	}
	return ce.Field
}

// errorHandler is Fiber's single exit for failures. 5xx answers never carry
// a Go error text: it is logged with the request id instead.
func errorHandler(log zerolog.Logger) fiber.ErrorHandler {
	return func(c *fiber.Ctx, err error) error {
		status, message := statusOf(err)
		if status >= 500 {
			log.Error().Err(err).Str("request_id", requestID(c)).Str("path", c.Path()).Msg("request failed")
		}
		var apiErr *Error
		if errors.As(err, &apiErr) && apiErr.Extra != nil {
			body := fiber.Map{"success": false, "message": message}
			if len(apiErr.Fields) > 0 {
				body["errors"] = apiErr.Fields
			}
			for k, v := range apiErr.Extra {
				body[k] = v
			}
			return c.Status(status).JSON(body)
		}
		body := errorBody{Message: message, Errors: fieldsOf(err)}
		return c.Status(status).JSON(body)
	}
}
