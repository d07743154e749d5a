package api

import (
	"errors"
	"net/http"
	"slices"
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/rs/zerolog"

	"topup/internal/i18n"
	"topup/store"
)

// Error is a failure the client should see in the API contract's shape,
// every part with a stable code from the catalogue (internal/i18n) and
// written in the reader's language only when answered:
//
//	{"success": false, "code": "…", "message": "…", "params": {…},
//	 "errors": {"field": ["…"]}, "codes": {"field": ["…"]}}
//
// Clients branch on code (snake_case, never reworded); message and errors
// are for people (docs/architecture.md#the-api-contract).
type Error struct {
	Status int
	// Text is what went wrong: its code is the answer's code unless Code
	// says otherwise, and it is written as the answer's message.
	Text i18n.Text
	// Code, when set, is the answer's code instead of Text's: a 422's
	// "invalid" whose message is its first field's error.
	Code   i18n.Code
	Fields fieldErrors
	// Extra holds further top-level fields, e.g. ban_reason on 403.
	Extra map[string]any
}

func (e *Error) Error() string { return e.Text.String() }

// code is the answer's top-level code.
func (e *Error) code() i18n.Code {
	if !e.Code.IsZero() {
		return e.Code
	}
	return e.Text.Code
}

// Fail builds an Error with a status and a coded text: Fail(409,
// i18n.SoldOut), or with parameters Fail(422, code, "name", value). A 404's
// code is always not_found, whatever its words name (clients branch on
// it), so Fail(404, i18n.UserNotFound) answers code not_found with "User
// not found.".
func Fail(status int, code i18n.Code, kv ...any) *Error {
	e := &Error{Status: status, Text: i18n.T(code, kv...)}
	if status == http.StatusNotFound {
		e.Code = i18n.NotFound
	}
	return e
}

// fieldErrors collects coded errors by the request's field names, first
// error first, and becomes a 422 through Invalid.
type fieldErrors map[string][]i18n.Text

// add appends code (with name, value parameters) to field's errors.
func (f fieldErrors) add(field string, code i18n.Code, kv ...any) {
	f[field] = append(f[field], i18n.T(code, kv...))
}

func (f fieldErrors) has(field string) bool { return len(f[field]) > 0 }

// fieldsErr is one field's coded error.
func fieldsErr(field string, code i18n.Code, kv ...any) fieldErrors {
	return fieldErrors{field: {i18n.T(code, kv...)}}
}

// formOrder is the order fields appear on the forms; the top-level
// message is the first field's first error in it, not whichever a map
// iteration happens to give.
var formOrder = []string{"username", "phone_number", "email", "password", "password_confirmation", "code", "reset_token"}

// err is nil when nothing was added.
func (f fieldErrors) err() error {
	if len(f) == 0 {
		return nil
	}
	return Invalid(f)
}

// first is the field error the top-level message repeats: the first in
// form order, else the first field by name.
func (f fieldErrors) first() (i18n.Text, bool) {
	for _, name := range formOrder {
		if f.has(name) {
			return f[name][0], true
		}
	}
	names := make([]string, 0, len(f))
	for name := range f {
		if f.has(name) {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return i18n.Text{}, false
	}
	return f[slices.Min(names)][0], true
}

// Invalid builds a 422 "invalid" naming the fields at fault. Its message is
// the first field's first error, so the same input always answers the same.
func Invalid(fields fieldErrors) *Error {
	text := i18n.T(i18n.Invalid)
	if first, ok := fields.first(); ok {
		text = first
	}
	return &Error{Status: http.StatusUnprocessableEntity, Code: i18n.Invalid, Text: text, Fields: fields}
}

// problem is how one failure is answered.
type problem struct {
	status int
	code   i18n.Code
	text   i18n.Text
	fields fieldErrors
}

// coded is a problem whose code is its text's.
func coded(status int, code i18n.Code, kv ...any) problem {
	return problem{status: status, code: code, text: i18n.T(code, kv...)}
}

// describe maps a failure (an *Error, the store's, Fiber's own) to its
// status, codes and texts, in one place, so handlers can return wrapped
// errors as they are. Codes are part of the contract (docs/security.md
// lists the security ones): add new ones, never rename.
func describe(err error) problem {
	var apiErr *Error
	var fiberErr *fiber.Error
	var shortErr *store.InsufficientFundsError
	var gameErr *store.GameInfoError
	var conflict *store.ConflictError
	var nack *store.ChecksNotAcknowledgedError
	var priceErr *store.PriceChangedError
	switch {
	case errors.As(err, &apiErr):
		return problem{status: apiErr.Status, code: apiErr.code(), text: apiErr.Text, fields: apiErr.Fields}
	case errors.As(err, &fiberErr) && fiberErr.Code == http.StatusRequestEntityTooLarge:
		// Only a file upload can reach the body limit; the code stays the
		// one docs/security.md names for every oversized body.
		return problem{status: fiberErr.Code, code: i18n.BodyTooLarge, text: i18n.T(i18n.ReceiptSize)}
	case errors.As(err, &fiberErr):
		return coded(fiberErr.Code, statusCode(fiberErr.Code))
	// Specific errors come before the sentinels they wrap.
	case errors.As(err, &shortErr):
		return problem{status: http.StatusUnprocessableEntity, code: i18n.InsufficientFunds,
			text: i18n.T(i18n.InsufficientFundsBy, "required", i18n.Kyat(shortErr.Required),
				"balance", i18n.Kyat(shortErr.Balance), "shortfall", i18n.Kyat(shortErr.Shortfall))}
	case errors.As(err, &priceErr):
		return coded(http.StatusConflict, i18n.PriceChanged, "total", i18n.Kyat(priceErr.Total))
	case errors.As(err, &gameErr):
		p := coded(http.StatusUnprocessableEntity, gameErr.Code)
		p.code, p.fields = i18n.Invalid, fieldsErr(gameErr.Field, gameErr.Code)
		return p
	case errors.Is(err, store.ErrProductInactive):
		return coded(http.StatusNotFound, i18n.ProductUnavailable)
	case errors.Is(err, store.ErrIdempotencyMismatch):
		return coded(http.StatusConflict, i18n.IdempotencyKeyReused)
	case errors.Is(err, store.ErrAlreadyReviewed):
		return coded(http.StatusConflict, i18n.AlreadyReviewed)
	case errors.Is(err, store.ErrNotReviewable):
		return coded(http.StatusConflict, i18n.NotReviewable)
	case errors.Is(err, store.ErrBanned):
		return coded(http.StatusForbidden, i18n.AccountBanned)
	case errors.Is(err, store.ErrClaimedByOther):
		return coded(http.StatusConflict, i18n.ClaimedByOther)
	case errors.Is(err, store.ErrSelfBan):
		return coded(http.StatusUnprocessableEntity, i18n.SelfBan)
	case errors.Is(err, store.ErrNotAccount):
		return coded(http.StatusUnprocessableEntity, i18n.ProductNotAccount)
	case errors.Is(err, store.ErrNotCodeProduct):
		return coded(http.StatusUnprocessableEntity, i18n.ProductNotCode)
	case errors.As(err, &conflict) && conflictField(conflict) != "":
		field := conflictField(conflict)
		text := i18n.T(takenCode(field))
		return problem{status: http.StatusConflict, code: i18n.Taken, text: text, fields: fieldErrors{field: {text}}}
	case errors.Is(err, store.ErrNotFound):
		return coded(http.StatusNotFound, i18n.NotFound)
	case errors.Is(err, store.ErrConflict):
		return coded(http.StatusConflict, i18n.Conflict)
	case errors.Is(err, store.ErrInsufficientFunds):
		return coded(http.StatusUnprocessableEntity, i18n.InsufficientFunds)
	case errors.Is(err, store.ErrSoldOut):
		return coded(http.StatusConflict, i18n.SoldOut)
	case errors.Is(err, store.ErrAccountDeleted):
		return coded(http.StatusConflict, i18n.DeletedAccount)
	case errors.Is(err, store.ErrTransactionIDReused):
		return coded(http.StatusConflict, i18n.TransactionIDReused)
	case errors.As(err, &nack):
		return coded(http.StatusConflict, i18n.ChecksNotAcked, "checks", strings.Join(nack.Missing, ", "))
	case errors.Is(err, store.ErrInvalidState):
		return coded(http.StatusConflict, i18n.InvalidState)
	case errors.Is(err, store.ErrInvalid):
		return coded(http.StatusUnprocessableEntity, i18n.Invalid)
	case errors.Is(err, store.ErrUnavailable):
		return coded(http.StatusServiceUnavailable, i18n.Unavailable)
	default:
		return coded(http.StatusInternalServerError, i18n.InternalError)
	}
}

// statusCodes are the codes of failures that have no more specific one.
var statusCodes = map[int]i18n.Code{
	http.StatusBadRequest:            i18n.BadRequest,
	http.StatusUnauthorized:          i18n.Unauthenticated,
	http.StatusForbidden:             i18n.Forbidden,
	http.StatusNotFound:              i18n.NotFound,
	http.StatusMethodNotAllowed:      i18n.MethodNotAllowed,
	http.StatusConflict:              i18n.Conflict,
	http.StatusGone:                  i18n.Gone,
	http.StatusRequestEntityTooLarge: i18n.ReceiptSize,
	http.StatusUnsupportedMediaType:  i18n.UnsupportedMedia,
	http.StatusUnprocessableEntity:   i18n.Invalid,
	http.StatusTooManyRequests:       i18n.TooManyRequests,
	http.StatusInternalServerError:   i18n.InternalError,
	http.StatusBadGateway:            i18n.BadGateway,
	http.StatusServiceUnavailable:    i18n.Unavailable,
}

// statusCode is the generic code of an HTTP status.
func statusCode(status int) i18n.Code {
	if c, ok := statusCodes[status]; ok {
		return c
	}
	if status >= 500 {
		return i18n.InternalError
	}
	return i18n.BadRequest
}

// statusOf is err's HTTP status.
func statusOf(err error) int { return describe(err).status }

// codeOf is the code err is answered with: never empty.
func codeOf(err error) string { return describe(err).code.String() }

// takenCode is the field error of a unique value already in use.
func takenCode(field string) i18n.Code {
	switch field {
	case "phone", "phone_number":
		return i18n.PhoneTaken
	case "username":
		return i18n.UsernameTaken
	case "email":
		return i18n.EmailTaken
	case "slug":
		return i18n.SlugTaken
	case "sku":
		return i18n.SKUTaken
	case "name":
		return i18n.NameTaken
	}
	return i18n.Taken
}

// conflictField is the request field a unique constraint guards: the one
// the store names, or "name" for the catalogue's unique names.
func conflictField(ce *store.ConflictError) string {
	if ce.Field == "" && strings.HasSuffix(ce.Constraint, "_name_key") {
		return "name"
	}
	return ce.Field
}

// errorBody is the JSON every failed call answers with, written for loc.
func errorBody(p problem, loc i18n.Locale) fiber.Map {
	body := fiber.Map{"success": false, "code": p.code.String(), "message": p.text.In(loc)}
	if params := p.text.Params.Wire(); params != nil {
		body["params"] = params
	}
	if len(p.fields) > 0 {
		messages := make(map[string][]string, len(p.fields))
		codes := make(map[string][]string, len(p.fields))
		for field, list := range p.fields {
			for _, t := range list {
				messages[field] = append(messages[field], t.In(loc))
				codes[field] = append(codes[field], t.Code.String())
			}
		}
		body["errors"], body["codes"] = messages, codes
	}
	return body
}

// errorHandler is Fiber's single exit for failures. 5xx answers never carry
// a Go error text: it is logged with the request id instead.
func errorHandler(log zerolog.Logger) fiber.ErrorHandler {
	return func(c *fiber.Ctx, err error) error {
		p := describe(err)
		if errors.Is(err, store.ErrUnavailable) {
			c.Set(fiber.HeaderRetryAfter, "1") // a restart takes seconds
		}
		if p.status >= 500 {
			log.Error().Err(err).Str("request_id", requestID(c)).Str("path", c.Path()).Msg("request failed")
		}
		body := errorBody(p, requestLocale(c))
		var apiErr *Error
		if errors.As(err, &apiErr) {
			for k, v := range apiErr.Extra {
				body[k] = v
			}
		}
		return c.Status(p.status).JSON(body)
	}
}

// codedError is a sentinel error whose text a client is shown, for
// helpers that return error (parseQuote) rather than *Error.
// Each is a distinct pointer, so errors.Is tells them apart.
type codedError struct{ text i18n.Text }

func newCodedError(code i18n.Code, kv ...any) *codedError {
	return &codedError{text: i18n.T(code, kv...)}
}

func (e *codedError) Error() string { return e.text.String() }

// textOf is the text of a codedError, or the generic "invalid" one.
func textOf(err error) i18n.Text {
	var ce *codedError
	if errors.As(err, &ce) {
		return ce.text
	}
	return i18n.T(i18n.Invalid)
}
