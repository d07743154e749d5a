package api

import (
	"errors"
	"net/http"
	"slices"

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
	switch {
	case errors.As(err, &apiErr):
		return apiErr.Status, apiErr.Message
	case errors.As(err, &fiberErr) && fiberErr.Code == http.StatusRequestEntityTooLarge:
		// Only a file upload can reach the body limit.
		return fiberErr.Code, msgReceiptSize
	case errors.As(err, &fiberErr):
		return fiberErr.Code, fiberErr.Message
	case errors.Is(err, store.ErrNotFound):
		return http.StatusNotFound, "Not found."
	case errors.Is(err, store.ErrConflict):
		return http.StatusConflict, "This conflicts with the current state. Refresh and try again."
	case errors.Is(err, store.ErrInsufficientFunds):
		return http.StatusUnprocessableEntity, "Your wallet balance is not enough for this order. Please top up first."
	case errors.Is(err, store.ErrSoldOut):
		return http.StatusConflict, "This product is sold out."
	default:
		return http.StatusInternalServerError, "Something went wrong on our side. Please try again."
	}
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
		body := errorBody{Message: message}
		if apiErr != nil {
			body.Errors = apiErr.Fields
		}
		return c.Status(status).JSON(body)
	}
}
