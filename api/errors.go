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

// Error is a failure the client should see in the API contract's shape plus a
// stable machine code: {"success": false, "code": "…", "message": "…",
// "errors": {"field": ["…"]}}. Clients branch on code (snake_case, never
// reworded); message is for people and may change.
type Error struct {
	Status int
	// Code is the stable machine code; "" takes the one codeOf picks.
	Code    string
	Message string
	Fields  map[string][]string
	// Extra holds further top-level fields, e.g. ban_reason on 403.
	Extra map[string]any
}

func (e *Error) Error() string { return e.Message }

// errorBody is the JSON every failed call answers with.
type errorBody struct {
	Success bool                `json:"success"`
	Code    string              `json:"code"`
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
	p := describe(err)
	return p.status, p.message
}

// problem is how one failure is answered.
type problem struct {
	status  int
	code    string
	message string
}

// describe maps a failure to its status, code and message. Codes are part
// of the contract (docs/security.md lists the security ones): add new ones,
// never rename.
func describe(err error) problem {
	var apiErr *Error
	var fiberErr *fiber.Error
	var shortErr *store.InsufficientFundsError
	var gameErr *store.GameInfoError
	var conflict *store.ConflictError
	var nack *store.ChecksNotAcknowledgedError
	switch {
	case errors.As(err, &apiErr):
		return problem{apiErr.Status, apiErr.Code, apiErr.Message}
	case errors.As(err, &fiberErr) && fiberErr.Code == http.StatusRequestEntityTooLarge:
		// Only a file upload can reach the body limit.
		return problem{fiberErr.Code, "", msgReceiptSize}
	case errors.As(err, &fiberErr):
		return problem{fiberErr.Code, "", fiberErr.Message}
	// Specific errors come before the sentinels they wrap.
	case errors.As(err, &shortErr):
		return problem{http.StatusUnprocessableEntity, "insufficient_funds", insufficientFundsMessage(shortErr)}
	case errors.As(err, &gameErr):
		return problem{http.StatusUnprocessableEntity, "", gameErr.Message}
	case errors.Is(err, store.ErrProductInactive):
		return problem{http.StatusNotFound, "product_unavailable", "This product is not available."}
	case errors.Is(err, store.ErrIdempotencyMismatch):
		return problem{http.StatusConflict, "idempotency_key_reused", "This Idempotency-Key was already used for a different request."}
	case errors.Is(err, store.ErrAlreadyReviewed):
		return problem{http.StatusConflict, "already_reviewed", "You have already reviewed this order."}
	case errors.Is(err, store.ErrNotReviewable):
		return problem{http.StatusConflict, "not_reviewable", "Only a completed order can be reviewed."}
	case errors.Is(err, store.ErrBanned):
		return problem{http.StatusForbidden, "account_banned", msgBanned}
	case errors.Is(err, store.ErrClaimedByOther):
		return problem{http.StatusConflict, "claimed_by_other", "Another admin has claimed this order."}
	case errors.Is(err, store.ErrSelfBan):
		return problem{http.StatusUnprocessableEntity, "self_ban", "You cannot ban yourself."}
	case errors.Is(err, store.ErrNotAccount):
		return problem{http.StatusUnprocessableEntity, "", "This product is not a game account."}
	case errors.Is(err, store.ErrNotCodeProduct):
		return problem{http.StatusUnprocessableEntity, "", "This product does not sell redeem codes."}
	case errors.As(err, &conflict) && conflictField(conflict) != "":
		return problem{http.StatusConflict, "taken", "This " + conflictField(conflict) + " is already in use."}
	case errors.Is(err, store.ErrNotFound):
		return problem{http.StatusNotFound, "", "Not found."}
	case errors.Is(err, store.ErrConflict):
		return problem{http.StatusConflict, "", "This conflicts with the current state. Refresh and try again."}
	case errors.Is(err, store.ErrInsufficientFunds):
		return problem{http.StatusUnprocessableEntity, "insufficient_funds", "Your wallet balance is not enough for this order. Please top up first."}
	case errors.Is(err, store.ErrSoldOut):
		return problem{http.StatusConflict, "sold_out", "This product is sold out."}
	case errors.Is(err, store.ErrTransactionIDReused):
		return problem{http.StatusConflict, "transaction_id_reused", "This receipt's transaction id is on an earlier top-up: it can only be rejected."}
	case errors.As(err, &nack):
		return problem{http.StatusConflict, "checks_not_acknowledged", "Some receipt checks failed: confirm again naming each of them."}
	case errors.Is(err, store.ErrInvalidState):
		return problem{http.StatusConflict, "invalid_state", "This cannot be done in its current state. Refresh and try again."}
	case errors.Is(err, store.ErrInvalid):
		return problem{http.StatusUnprocessableEntity, "", "The given data was invalid."}
	case errors.Is(err, store.ErrUnavailable):
		return problem{http.StatusServiceUnavailable, "", "The shop is briefly unavailable. Please try again in a moment."}
	default:
		return problem{http.StatusInternalServerError, "", "Something went wrong on our side. Please try again."}
	}
}

// statusCodes are the codes of failures that have no more specific one.
var statusCodes = map[int]string{
	http.StatusBadRequest:            "bad_request",
	http.StatusUnauthorized:          "unauthenticated",
	http.StatusForbidden:             "forbidden",
	http.StatusNotFound:              "not_found",
	http.StatusMethodNotAllowed:      "method_not_allowed",
	http.StatusConflict:              "conflict",
	http.StatusGone:                  "gone",
	http.StatusRequestEntityTooLarge: "body_too_large",
	http.StatusUnsupportedMediaType:  "unsupported_media_type",
	http.StatusUnprocessableEntity:   "invalid",
	http.StatusTooManyRequests:       "too_many_requests",
	http.StatusInternalServerError:   "internal_error",
	http.StatusBadGateway:            "bad_gateway",
	http.StatusServiceUnavailable:    "unavailable",
}

// codeOf is the code err is answered with: never empty.
func codeOf(err error) string {
	p := describe(err)
	if p.code != "" {
		return p.code
	}
	if c, ok := statusCodes[p.status]; ok {
		return c
	}
	return "error"
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
		if errors.Is(err, store.ErrUnavailable) {
			c.Set(fiber.HeaderRetryAfter, "1") // a restart takes seconds
		}
		if status >= 500 {
			log.Error().Err(err).Str("request_id", requestID(c)).Str("path", c.Path()).Msg("request failed")
		}
		var apiErr *Error
		if errors.As(err, &apiErr) && apiErr.Extra != nil {
			body := fiber.Map{"success": false, "code": codeOf(err), "message": message}
			if len(apiErr.Fields) > 0 {
				body["errors"] = apiErr.Fields
			}
			for k, v := range apiErr.Extra {
				body[k] = v
			}
			return c.Status(status).JSON(body)
		}
		body := errorBody{Code: codeOf(err), Message: message, Errors: fieldsOf(err)}
		return c.Status(status).JSON(body)
	}
}
