// Command server runs the realtime package standalone for the conformance
// suite: the Pusher websocket endpoint and HTTP API, as `topup pusher` mounts
// them, plus a read-only /test/stats. It is
// configured like `topup pusher` (PUSHER_* variables) and listens on
// CONFORMANCE_ADDR (default 127.0.0.1:0), printing "listening on ADDR".
// With REDIS_URL (and optionally REDIS_PREFIX, REDIS_HEARTBEAT,
// REDIS_NODE_TTL) it is one node of a cluster over Redis, and GET
// /test/ready answers 503 while Redis is unreachable.
package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/rs/zerolog"

	"topup/realtime"
	"topup/realtime/prommetrics"
	"topup/realtime/redisadapter"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "conformance server:", err)
		os.Exit(1)
	}
}

func run() error {
	cfg, err := realtime.ConfigFromEnv(os.Getenv)
	if err != nil {
		return err
	}
	log := zerolog.New(os.Stderr).Level(zerolog.WarnLevel)
	var adapter realtime.Adapter
	var ready func(context.Context) error
	if o, ok, err := redisadapter.OptionsFromEnv(os.Getenv); err != nil {
		return err
	} else if ok {
		o.Log = log
		ad, err := redisadapter.New(o)
		if err != nil {
			return err
		}
		adapter, ready = ad, ad.Ready
	}
	srv := realtime.New(cfg, log, adapter)
	app := fiber.New(fiber.Config{DisableStartupMessage: true})
	srv.Mount(app)
	prommetrics.Mount(app, srv)

	app.Get("/test/stats", func(c *fiber.Ctx) error { return c.JSON(srv.Stats()) })
	app.Get("/test/ready", func(c *fiber.Ctx) error {
		if ready != nil {
			if err := ready(c.UserContext()); err != nil {
				return c.Status(fiber.StatusServiceUnavailable).SendString(err.Error())
			}
		}
		return c.SendString("ok")
	})

	addr := os.Getenv("CONFORMANCE_ADDR")
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	fmt.Printf("listening on %s\n", ln.Addr())

	errc := make(chan error, 1)
	go func() { errc <- app.Listener(ln) }()
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	select {
	case err := <-errc:
		return err
	case <-sig:
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = srv.Shutdown(ctx)
	return app.ShutdownWithContext(ctx)
}
