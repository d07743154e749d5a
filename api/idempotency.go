package api

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"

	"github.com/gofiber/fiber/v2"

	"topup/internal/i18n"
)

// Idempotency keys (the Idempotency-Key header of orders, top-ups and
// wallet adjustments) are opaque to us: whatever the client sends, up to
// maxIdempotencyKey bytes after trimming spaces, compared as bytes. Only
// their SHA-256 is stored, so no key reaches PostgreSQL as text (a key
// that is not text at all is refused earlier, by checkRequestText), and
// each is scoped: per customer for orders and top-ups, per admin and
// target user for adjustments.

const (
	headerIdempotencyKey = "Idempotency-Key"
	maxIdempotencyKey    = 255
)

// idempotencyKey is the digest of the request's key ("" without one); a
// key over the limit adds a field error to f.
func idempotencyKey(c *fiber.Ctx, f fieldErrors) string {
	raw := bytes.TrimSpace(c.Request().Header.Peek(headerIdempotencyKey))
	switch {
	case len(raw) == 0:
		return ""
	case len(raw) > maxIdempotencyKey:
		f.add("idempotency_key", i18n.IdempotencyKeyLong)
		return ""
	}
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:])
}
