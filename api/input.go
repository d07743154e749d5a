package api

import (
	"bytes"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/gofiber/fiber/v2"

	"topup/internal/i18n"
)

// Text that reaches SQL is checked before any handler runs. PostgreSQL's
// text refuses a NUL character and bytes that are not UTF-8, and a
// refusal there is a 500; so the request line (path and query, as Fiber
// decodes them) and every header value are checked here, once, and JSON
// and form bodies by their decoders (decode.go). A handler never sees
// such text, and no handler has to remember to check it.

// cleanBytes reports whether b is UTF-8 without NUL.
func cleanBytes(b []byte) bool { return utf8.Valid(b) && bytes.IndexByte(b, 0) < 0 }

// cleanString is cleanBytes for a string.
func cleanString(s string) bool { return utf8.ValidString(s) && strings.IndexByte(s, 0) < 0 }

// encodingError is the 400 for text that cannot be text; field names the
// query parameter or header at fault when there is one.
func encodingError(field string) *Error {
	e := Fail(http.StatusBadRequest, i18n.InvalidEncoding)
	if field != "" && cleanString(field) {
		e.Fields = fieldsErr(field, i18n.FieldEncoding)
	}
	return e
}

// checkRequestText refuses (400 invalid_encoding) a request whose path,
// query string (names and values, decoded) or header values hold bytes
// that are not UTF-8 or a NUL.
func checkRequestText() fiber.Handler {
	return func(c *fiber.Ctx) error {
		uri := c.Request().URI()
		if !cleanBytes(uri.PathOriginal()) || !cleanBytes(uri.Path()) {
			return encodingError("")
		}
		bad := ""
		found := false
		uri.QueryArgs().VisitAll(func(k, v []byte) {
			if !found && (!cleanBytes(k) || !cleanBytes(v)) {
				bad, found = string(k), true
			}
		})
		if found {
			return encodingError(bad)
		}
		c.Request().Header.VisitAll(func(k, v []byte) {
			if !found && (!cleanBytes(k) || !cleanBytes(v)) {
				bad, found = "header:"+string(k), true
			}
		})
		if found {
			return encodingError(bad)
		}
		return c.Next()
	}
}

// fieldEncodingError is the 422 for a body field (JSON or form) holding a
// NUL, named by its path ("" for a bare top-level value).
func fieldEncodingError(field string) *Error {
	if field == "" {
		return encodingError("")
	}
	e := Invalid(fieldsErr(field, i18n.FieldEncoding))
	e.Code = i18n.InvalidEncoding
	return e
}
