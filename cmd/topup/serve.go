package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/rs/zerolog"

	"topup/api"
	"topup/internal/broadcast"
	"topup/internal/media"
	"topup/internal/outbox"
	"topup/internal/receipts"
	"topup/realtime"
	"topup/realtime/prommetrics"
	"topup/sql/seed"
	"topup/store"
	"topup/web"
)

// serverConfig reads both halves of the configuration and applies the
// production checks that need them together.
func serverConfig(e env) (Config, realtime.Config, error) {
	cfg, err := loadConfig(e.getenv)
	if err != nil {
		return Config{}, realtime.Config{}, err
	}
	rt, err := realtime.ConfigFromEnv(e.getenv)
	if err != nil {
		return Config{}, realtime.Config{}, err
	}
	rt.ClientIP = cfg.ClientIP.Of
	if err := checkStartup(cfg, rt.Apps, e.getenv); err != nil {
		return Config{}, realtime.Config{}, err
	}
	return cfg, rt, nil
}

func serve(ctx context.Context, args []string, e env) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	noMigrate := fs.Bool("no-migrate", false, "do not apply pending migrations at start")
	if err := fs.Parse(args); err != nil {
		return err
	}
	cfg, rtCfg, err := serverConfig(e)
	if err != nil {
		return err
	}
	log, flushLog := newLogger(cfg, e.stderr)
	defer flushLog()
	_, stopPprof, err := startPprof(e.getenv, cfg.ListenAddr, log)
	if err != nil {
		return err
	}
	defer stopPprof()

	db, err := openStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	// Migrating at start is safe with several nodes: it runs under an
	// advisory lock and is a no-op when the schema is current.
	if !*noMigrate {
		if err := db.Migrate(ctx); err != nil {
			return err
		}
	}

	receiptBlobs, mediaBlobs, err := openBlobs(db, cfg.BlobStore, cfg.UploadDir, e.getenv("MEDIA_DIR"))
	if err != nil {
		return err
	}
	receiptDir, mediaDir := receipts.New(receiptBlobs), media.New(mediaBlobs)
	go every(ctx, receiptSweepEvery, func(ctx context.Context) { expireReceipts(ctx, db, receiptDir, log) })
	// Stored receipts are read in the background on every node; the
	// reading job is given back when this one stops, before the database
	// closes.
	readCtx, stopReading := context.WithCancel(ctx)
	readerDone := startReceiptReading(readCtx, db, receiptDir, log)
	defer func() {
		stopReading()
		<-readerDone
	}()

	// REDIS_URL: one node of a cluster, shared rate limits.
	cl, err := newCluster(e.getenv, log)
	if err != nil {
		return err
	}
	rt := realtime.New(rtCfg, log.With().Str("component", "realtime").Logger(), cl.adapter)
	broadcaster, err := newBroadcaster(cfg, rtCfg, rt)
	if err != nil {
		return err
	}
	// Accounts: the SMS sender for reset codes, CORS origins,
	// and an hourly sweep of dead tokens and codes.
	smsSender, err := newSMSSender(cfg, e.getenv, log)
	if err != nil {
		return err
	}
	corsOrigins, err := api.ParseCORSOrigins(e.getenv("CORS_ALLOWED_ORIGINS"))
	if err != nil {
		return err
	}
	go every(ctx, time.Hour, func(ctx context.Context) { pruneSessions(ctx, db, log) })

	go cl.bus.Run(ctx)
	vapid, pushWarning, err := pushKeys(cfg, e.getenv)
	if err != nil {
		return err
	}
	public := publicConfig(cfg, rtCfg)
	if vapid != nil {
		public.PushPublicKey = vapid.Public
	}
	metrics := newStoreMetrics()
	ready := map[string]func(context.Context) error{"database": db.Ping}
	srv := api.New(api.Options{
		Store:                 db,
		Broadcaster:           broadcaster,
		Log:                   log,
		Public:                public,
		PublicURL:             cfg.PublicURL,
		Ready:                 ready,
		Degraded:              cl.degraded(),
		Limiter:               cl.limiter,
		ClientIP:              cfg.ClientIP,
		CaptchaMaxNumber:      cfg.CaptchaMaxNumber,
		SMS:                   metrics.countingSMS(smsSender),
		SMSCountries:          cfg.SMS.Countries,
		SMSBudget:             cfg.SMS.Budget,
		CORSOrigins:           corsOrigins,
		HSTS:                  cfg.PublicURL.Scheme == "https",
		ContentSecurityPolicy: e.getenv("CONTENT_SECURITY_POLICY"),
		Receipts:              receiptDir,
		Media:                 mediaDir,
		Metrics:               metrics,
		Bus:                   cl.bus,
	})
	rt.Mount(srv.App())
	// Customers see the admin-online flag change live (api/admin_status_watch.go).
	go srv.WatchAdminStatus(ctx, adminStatusEvery)
	// Web Push goes out through the outbox's own lane (cmd/topup/push.go),
	// stopped like the live dispatcher below, after the server drained.
	pushSender, stopPush := startPush(db, vapid, cfg, log)
	defer stopPush()
	mountMetrics(srv, rt, db, cfg.SMS.Budget, withChecks(ready, cl.degraded()), metrics, log, pushCollectors(pushSender)...)
	if err := srv.MountWeb(web.Dist(), seed.Media); err != nil {
		return err
	}
	// The outbox dispatcher publishes committed events. It stops
	// after the server has drained (deferred calls run after
	// listenUntilDone), so the last requests' events still go out, and the
	// database closes only once it has marked its batch.
	defer startOutbox(db, broadcaster, cfg, log)()
	if msg := supportWarning(cfg); msg != "" {
		log.Warn().Msg(msg)
	}
	if pushWarning != "" {
		log.Warn().Msg(pushWarning)
	}
	log.Info().Str("addr", cfg.ListenAddr).Str("url", cfg.PublicURL.String()).Msg("store is serving")
	return listenUntilDone(ctx, srv.App(), cfg, srv.Drain, log, rt.Shutdown)
}

// adminStatusEvery is how often the admin-online flag is checked: soon
// enough for "an admin is here", cheap (one presence count).
const adminStatusEvery = 5 * time.Second

// newBroadcaster publishes through the built-in server, or through
// pusher-http-go when PUSHER_HOST names another Pusher-compatible service
// (then the first configured app's credentials are that service's).
func newBroadcaster(cfg Config, rtCfg realtime.Config, rt *realtime.Server) (api.Broadcaster, error) {
	app := rtCfg.Apps[0]
	if ext := cfg.ExternalPusher; ext != nil {
		return broadcast.NewRemote(broadcast.RemoteConfig{
			AppID: app.ID, Key: app.Key, Secret: app.Secret,
			Host: ext.Host, Port: ext.Port, Scheme: ext.Scheme,
		}), nil
	}
	return broadcast.NewLocal(rt, app.ID)
}

// pusherOnly runs the realtime server alone: a drop-in Pusher replacement
// for teams that want only that. It needs no database.
func pusherOnly(ctx context.Context, args []string, e env) error {
	fs := flag.NewFlagSet("pusher", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	if err := fs.Parse(args); err != nil {
		return err
	}
	cfg, err := loadConfig(e.getenv)
	if err != nil {
		return err
	}
	rtCfg, err := realtime.ConfigFromEnv(e.getenv)
	if err != nil {
		return err
	}
	rtCfg.ClientIP = cfg.ClientIP.Of
	if err := checkPusherStartup(cfg, rtCfg.Apps, e.getenv); err != nil {
		return err
	}
	log, flushLog := newLogger(cfg, e.stderr)
	defer flushLog()
	cl, err := newCluster(e.getenv, log)
	if err != nil {
		return err
	}
	rt := realtime.New(rtCfg, log.With().Str("component", "realtime").Logger(), cl.adapter)
	app := fiber.New(fiber.Config{DisableStartupMessage: true, AppName: "topup-pusher"})
	app.Get("/healthz", func(c *fiber.Ctx) error { return c.JSON(fiber.Map{"status": "ok"}) })
	var draining atomic.Bool
	app.Get("/readyz", func(c *fiber.Ctx) error {
		if draining.Load() {
			return c.Status(fiber.StatusServiceUnavailable).JSON(fiber.Map{"status": "draining"})
		}
		// A realtime-only node's whole work crosses Redis, unlike a
		// store node's (cluster.degraded).
		for name, check := range cl.degraded() {
			if err := check(c.UserContext()); err != nil {
				return c.Status(fiber.StatusServiceUnavailable).JSON(fiber.Map{"status": "unavailable", name: err.Error()})
			}
		}
		return c.JSON(fiber.Map{"status": "ok"})
	})
	rt.Mount(app)
	prommetrics.Mount(app, rt)
	log.Info().Str("addr", cfg.ListenAddr).Int("apps", len(rtCfg.Apps)).Msg("pusher server is serving")
	return listenUntilDone(ctx, app, cfg, func() { draining.Store(true) }, log, rt.Shutdown)
}

// listenUntilDone serves until ctx ends (SIGINT/SIGTERM), then calls drain
// (readiness fails) and keeps serving for cfg.ShutdownDrain, then stops
// accepting, closes websockets with 4200 so clients reconnect elsewhere,
// drains in-flight requests for at most cfg.ShutdownMax, and returns nil.
func listenUntilDone(ctx context.Context, app *fiber.App, cfg Config, drain func(), log zerolog.Logger, closeRealtime func(context.Context) error) error {
	ln, err := net.Listen("tcp", cfg.ListenAddr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", cfg.ListenAddr, err)
	}
	served := make(chan error, 1)
	go func() { served <- app.Listener(ln) }()

	select {
	case err := <-served:
		return fmt.Errorf("server stopped: %w", err)
	case <-ctx.Done():
	}
	// First out of the balancer's rotation, still serving what it sends
	// until it notices; only then are sockets closed (4200: clients
	// reconnect, through the balancer, to another node) and requests drained.
	drain()
	if cfg.ShutdownDrain > 0 {
		log.Info().Dur("drain", cfg.ShutdownDrain).Msg("draining: /readyz fails, still serving")
		time.Sleep(cfg.ShutdownDrain)
	}
	log.Info().Dur("grace", cfg.ShutdownMax).Msg("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownMax)
	defer cancel()
	if err := closeRealtime(shutdownCtx); err != nil {
		log.Warn().Err(err).Msg("closing realtime connections")
	}
	if err := app.ShutdownWithContext(shutdownCtx); err != nil {
		log.Warn().Err(err).Msg("in-flight requests did not finish in time")
	}
	<-served
	log.Info().Msg("stopped")
	return nil
}

// publicConfig tells the web app how to reach the realtime server: through
// the public URL's host and port (443 behind TLS, docs/spec.md §7).
func publicConfig(cfg Config, rt realtime.Config) api.PublicConfig {
	port := 80
	if cfg.PublicURL.Scheme == "https" {
		port = 443
	}
	if p := cfg.PublicURL.Port(); p != "" {
		port, _ = strconv.Atoi(p)
	}
	return api.PublicConfig{
		StoreName: cfg.StoreName,
		Pusher: api.PusherClient{
			Key:      rt.Apps[0].Key,
			Cluster:  "mt1",
			WSHost:   cfg.PublicURL.Hostname(),
			WSPort:   port,
			WSSPort:  port,
			ForceTLS: cfg.PublicURL.Scheme == "https",
		},
		Support:       cfg.Support,
		ChatWidgetID:  cfg.ChatWidgetID,
		GuestBrowsing: cfg.GuestBrowsing,
	}
}

// pruneSessions deletes tokens and codes that can never be used again: a
// day past their end, so an investigation still finds recent ones.
func pruneSessions(ctx context.Context, db *store.DB, log zerolog.Logger) {
	cutoff := time.Now().Add(-24 * time.Hour)
	if _, err := db.DeleteStaleTokens(ctx, cutoff); err != nil && ctx.Err() == nil {
		log.Warn().Err(err).Msg("pruning tokens")
	}
	if _, err := db.DeleteStaleOTPs(ctx, cutoff); err != nil && ctx.Err() == nil {
		log.Warn().Err(err).Msg("pruning codes")
	}
	if err := db.DeleteStaleSMSBudget(ctx, cutoff.Add(-24*time.Hour)); err != nil && ctx.Err() == nil {
		log.Warn().Err(err).Msg("pruning the SMS budget")
	}
	// Spent captchas and failed logins matter only until their challenge
	// expires or their window ends (minutes, an hour); they go sooner, as
	// anyone can add rows.
	if err := db.DeleteSpentCaptchas(ctx, time.Now()); err != nil && ctx.Err() == nil {
		log.Warn().Err(err).Msg("pruning spent captchas")
	}
	if err := db.DeleteStaleLoginFailures(ctx, time.Now().Add(-2*time.Hour)); err != nil && ctx.Err() == nil {
		log.Warn().Err(err).Msg("pruning failed logins")
	}
}

// startOutbox runs the outbox dispatcher until the returned stop is
// called; stop waits (at most the shutdown grace) for it to release or mark
// the events it holds.
func startOutbox(db *store.DB, b api.Broadcaster, cfg Config, log zerolog.Logger) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	d := outbox.New(db, b.Publish, outbox.Options{DSN: cfg.DatabaseURL, Terminate: b.TerminateUser,
		Log: log.With().Str("component", "outbox").Logger()})
	go func() {
		defer close(done)
		_ = d.Run(ctx)
	}()
	return func() {
		cancel()
		select {
		case <-done:
		case <-time.After(cfg.ShutdownMax):
			log.Warn().Msg("outbox dispatcher did not stop in time")
		}
	}
}
