package main

import (
	"strings"

	"github.com/gofiber/fiber/v2"
)

// realtimeClientIP names the client of a websocket handshake for the
// realtime server's per-IP connection cap. Behind a proxy (PROXY_HEADER)
// it is the header's first address, as the API reads it; without one the
// realtime server counts the TCP peer.
func realtimeClientIP(header string) func(*fiber.Ctx) string {
	if header == "" {
		return nil
	}
	return func(c *fiber.Ctx) string {
		first, _, _ := strings.Cut(c.Get(header), ",")
		return strings.TrimSpace(first)
	}
}
