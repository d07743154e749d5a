package api

import (
	"net/http"
	"regexp"
	"strings"

	"github.com/gofiber/fiber/v2"

	"topup/internal/i18n"
)

// Request bodies are bounded per route: a JSON call never needs more than
// a few kilobytes, so one that sends more is refused before any decoder or
// handler spends time on it; only the upload routes take a multipart body
// as large as a receipt.
const (
	jsonBodyBytes = 64 * 1024
	// uploadBodyBytes is a 10 MB file (receipts.MaxBytes, the largest
	// upload) and its multipart envelope.
	uploadBodyBytes = 10*1024*1024 + 64*1024
	// readBodyBytes is the most any request makes the server read (Fiber's
	// BodyLimit): a little over the largest bound, so a body just over it
	// is still read and refused here in the error shape; a larger one is
	// cut off while reading (also 413, but the client, still sending, may
	// only see the connection close).
	readBodyBytes = uploadBodyBytes + jsonBodyBytes
)

// uploadRoutes are the POST paths that take multipart files: receipts,
// the admins' images, and code lists as CSV.
var uploadRoutes = regexp.MustCompile(`^/api/(uploads|admin/media|admin/products/[0-9]+/codes)/?$`)

// boundBody answers 413 body_too_large when a body is over its route's
// bound. The size is the body's as read (fasthttp reads it, up to
// readBodyBytes, before any handler runs), so a chunked body is measured
// too, not just a declared Content-Length.
func boundBody(c *fiber.Ctx) error {
	limit, what := jsonBodyBytes, "64 KB"
	if c.Method() == fiber.MethodPost && uploadRoutes.MatchString(c.Path()) &&
		strings.HasPrefix(c.Get(fiber.HeaderContentType), fiber.MIMEMultipartForm) {
		limit, what = uploadBodyBytes, "10 MB"
	}
	if len(c.Request().Body()) > limit || c.Request().Header.ContentLength() > limit {
		return Fail(http.StatusRequestEntityTooLarge, i18n.BodyTooLarge, "limit", what)
	}
	return c.Next()
}
