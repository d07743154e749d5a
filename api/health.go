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

// Drain makes /readyz answer 503 "draining" from now on, while every other
// route keeps working: a node that is shutting down tells the balancer
// first, and goes on serving what it is still sent until it notices.
func (s *Server) Drain() { s.draining.Store(true) }

func (s *Server) readyz(c *fiber.Ctx) error {
	if s.draining.Load() {
		return c.Status(fiber.StatusServiceUnavailable).JSON(fiber.Map{"status": "draining"})
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), readyTimeout)
	defer cancel()
	checks := fiber.Map{}
	run := func(list map[string]func(context.Context) error) (passed bool) {
		passed = true
		for name, check := range list {
			if err := check(ctx); err != nil {
				s.log.Warn().Err(err).Str("check", name).Msg("not ready")
				checks[name] = "failing"
				passed = false
				continue
			}
			checks[name] = "ok"
		}
		return passed
	}
	ready, whole := run(s.opts.Ready), run(s.opts.Degraded)
	switch {
	case !ready:
		return c.Status(fiber.StatusServiceUnavailable).JSON(fiber.Map{"status": "not ready", "checks": checks})
	case !whole:
		return c.JSON(fiber.Map{"status": "degraded", "checks": checks})
	}
	return c.JSON(fiber.Map{"status": "ready", "checks": checks})
}
