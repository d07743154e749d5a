package api

import (
	"context"
	"time"

	"github.com/gofiber/fiber/v2"
)

// readyTimeout bounds the readiness probe so a stuck database shows as
// not-ready instead of hanging the load balancer's check.
const readyTimeout = 2 * time.Second

func healthz(c *fiber.Ctx) error {
	return c.JSON(fiber.Map{"status": "ok"})
}

func (s *Server) readyz(c *fiber.Ctx) error {
	ctx, cancel := context.WithTimeout(c.UserContext(), readyTimeout)
	defer cancel()
	checks := fiber.Map{}
	ready := true
	for name, check := range s.opts.Ready {
		if err := check(ctx); err != nil {
			s.log.Warn().Err(err).Str("check", name).Msg("not ready")
			checks[name] = "failing"
			ready = false
			continue
		}
		checks[name] = "ok"
	}
	if !ready {
		return c.Status(fiber.StatusServiceUnavailable).JSON(fiber.Map{"status": "not ready", "checks": checks})
	}
	return c.JSON(fiber.Map{"status": "ready", "checks": checks})
}
