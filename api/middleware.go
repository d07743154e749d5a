package api

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/recover"
	"github.com/rs/zerolog"
)

const (
	requestIDKey       = "requestid"
	clientRequestIDKey = "client_requestid"
	// maxClientRequestID bounds the client's X-Request-ID that is logged.
	maxClientRequestID = 128
)

func requestID(c *fiber.Ctx) string {
	id, _ := c.Locals(requestIDKey).(string)
	return id
}

// recoverer turns a panic into a logged 500 instead of a dropped connection.
func recoverer(log zerolog.Logger) fiber.Handler {
	return recover.New(recover.Config{
		EnableStackTrace: true,
		StackTraceHandler: func(c *fiber.Ctx, e any) {
			log.Error().Str("request_id", requestID(c)).Str("panic", fmt.Sprint(e)).Msg("panic in handler")
		},
	})
}

// requestIDs gives every request an id of our own, answered in
// X-Request-ID and written to the log and the audit log. A client's
// X-Request-ID never becomes it, or anyone could put any id on an audit
// entry (or the same id on many); it is kept apart as client_request_id,
// for following a request from a client's own logs, when it is short and
// plain (clientRequestID).
func requestIDs() fiber.Handler {
	return func(c *fiber.Ctx) error {
		var b [16]byte
		_, _ = rand.Read(b[:]) // never fails (crypto/rand)
		id := hex.EncodeToString(b[:])
		c.Locals(requestIDKey, id)
		if cid, ok := clientRequestID(c.Get(fiber.HeaderXRequestID)); ok {
			c.Locals(clientRequestIDKey, cid)
		}
		c.Set(fiber.HeaderXRequestID, id)
		return c.Next()
	}
}

// clientRequestID accepts a client's request id of at most
// maxClientRequestID letters, digits and -_.:+=/ ; anything else (control
// bytes that would garble a log line, megabytes of header) is dropped.
func clientRequestID(v string) (string, bool) {
	if v == "" || len(v) > maxClientRequestID {
		return "", false
	}
	for i := 0; i < len(v); i++ {
		switch ch := v[i]; {
		case ch >= 'a' && ch <= 'z', ch >= 'A' && ch <= 'Z', ch >= '0' && ch <= '9':
		case ch == '-' || ch == '_' || ch == '.' || ch == ':' || ch == '+' || ch == '=' || ch == '/':
		default:
			return "", false
		}
	}
	return v, true
}

// accessLog writes one line per request after it is answered.
func accessLog(log zerolog.Logger) fiber.Handler {
	return func(c *fiber.Ctx) error {
		start := time.Now()
		err := c.Next()
		status := c.Response().StatusCode()
		if err != nil {
			// The error handler has not run yet; log the status it will pick.
			status = statusOf(err)
		}
		ev := log.Info()
		if status >= 500 {
			ev = log.Warn()
		}
		ev = ev.Str("request_id", requestID(c))
		if cid, ok := c.Locals(clientRequestIDKey).(string); ok {
			ev = ev.Str("client_request_id", cid)
		}
		ev.Str("method", c.Method()).
			Str("path", c.Path()).
			Int("status", status).
			Dur("duration", time.Since(start)).
			Str("ip", clientIP(c)).
			Msg("request")
		return err
	}
}
