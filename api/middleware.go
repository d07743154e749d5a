package api

import (
	"fmt"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/recover"
	"github.com/gofiber/fiber/v2/middleware/requestid"
	"github.com/rs/zerolog"
)

const requestIDKey = "requestid"

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

func requestIDs() fiber.Handler {
	return requestid.New(requestid.Config{ContextKey: requestIDKey})
}

// accessLog writes one line per request after it is answered.
func accessLog(log zerolog.Logger) fiber.Handler {
	return func(c *fiber.Ctx) error {
		start := time.Now()
		err := c.Next()
		status := c.Response().StatusCode()
		if err != nil {
			// The error handler has not run yet; log the status it will pick.
			status, _ = statusOf(err)
		}
		ev := log.Info()
		if status >= 500 {
			ev = log.Warn()
		}
		ev.Str("request_id", requestID(c)).
			Str("method", c.Method()).
			Str("path", c.Path()).
			Int("status", status).
			Dur("duration", time.Since(start)).
			Str("ip", clientIP(c)).
			Msg("request")
		return err
	}
}
