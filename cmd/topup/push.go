package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/rs/zerolog"

	"topup/internal/outbox"
	"topup/internal/push"
	"topup/store"
)

// Web Push keys (docs/operations.md, "Web Push"):
//   - VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY set (`topup vapid-keys`
//     prints a pair) with VAPID_SUBJECT: push is on with them;
//   - none set in local mode: a pair derived from APP_KEY, so `make run`
//     notifies without setup and subscriptions survive restarts;
//   - none set in production: push is off (the app offers no toggle) and
//     `serve` warns at start.
const localVAPIDSubject = "mailto:push@localhost"

// pushKeys reads the VAPID settings: nil keys means push is off, and
// warning (production without keys) is what serve logs.
func pushKeys(cfg Config, getenv func(string) string) (keys *push.Keys, warning string, err error) {
	public, private := strings.TrimSpace(getenv("VAPID_PUBLIC_KEY")), strings.TrimSpace(getenv("VAPID_PRIVATE_KEY"))
	subject := strings.TrimSpace(getenv("VAPID_SUBJECT"))
	switch {
	case public == "" && private == "" && cfg.Production():
		return nil, "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set: Web Push notifications are off; " +
			"run `topup vapid-keys` and set them with VAPID_SUBJECT (docs/operations.md)", nil
	case public == "" && private == "":
		if subject == "" {
			subject = localVAPIDSubject
		}
		k, err := push.DeriveKeys(cfg.AppKey, subject)
		return &k, "", err
	case public == "" || private == "":
		return nil, "", errors.New("set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither")
	case subject == "" && cfg.Production():
		return nil, "", errors.New("VAPID_SUBJECT is not set: push services want a contact (mailto:ops@your-shop or https://your-shop)")
	case subject == "":
		subject = localVAPIDSubject
	}
	k, err := push.ParseKeys(public, private, subject)
	if err != nil {
		return nil, "", err
	}
	return &k, "", nil
}

// vapidKeys prints a new VAPID key pair as environment lines.
func vapidKeys(_ context.Context, args []string, e env) error {
	fs := flag.NewFlagSet("vapid-keys", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	if err := fs.Parse(args); err != nil {
		return err
	}
	k, err := push.GenerateKeys("")
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "VAPID_PUBLIC_KEY=%s\nVAPID_PRIVATE_KEY=%s\n", k.Public, k.Private)
	return nil
}

// Push lane settings: how many notifications go out at once, and how many
// tries one gets (about 1+2+4+8+16 minutes of a push service failing) before
// it is given up and counted.
const (
	pushConcurrency = 16
	pushMaxAttempts = 6
)

// pushLaneOptions: a batch is two rounds of sends, so that a claimed
// batch is finished well inside its lease even when every send runs to
// its timeout; with the outbox's default 200 a batch could take 190 s
// against a 30 s lease, and another node would claim and send it again.
func pushLaneOptions(dsn string, handle outbox.HandleFunc, log zerolog.Logger) outbox.Options {
	return outbox.Options{
		DSN: dsn, Lane: store.LanePush, Handle: handle,
		Concurrency: pushConcurrency, Batch: 2 * pushConcurrency, Lease: 2 * time.Minute,
		MaxAttempts: pushMaxAttempts, MinBackoff: time.Minute, MaxBackoff: 16 * time.Minute,
		PublishTimeout: push.SendTimeout + 5*time.Second, Log: log,
	}
}

// startPush runs the outbox's push lane until the returned stop is called.
// Without keys the lane still runs and drops what it finds (subscriptions
// made while push was on would otherwise leave their events waiting).
func startPush(db *store.DB, keys *push.Keys, cfg Config, log zerolog.Logger) (sender *push.Sender, stop func()) {
	log = log.With().Str("component", "push").Logger()
	var handle outbox.HandleFunc = func(context.Context, store.OutboxEvent) error { return nil }
	if keys != nil {
		sender = push.NewSender(db, *keys, push.Options{Log: log})
		handle = sender.Handle
	}
	opts := pushLaneOptions(cfg.DatabaseURL, handle, log)
	if sender != nil {
		opts.OnAbandon = sender.Abandoned
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = outbox.New(db, nil, opts).Run(ctx)
	}()
	return sender, func() {
		cancel()
		select {
		case <-done:
		case <-time.After(cfg.ShutdownMax):
			log.Warn().Msg("push dispatcher did not stop in time")
		}
	}
}

// pushCollectors are the push lane's counters (zero when push is off).
func pushCollectors(s *push.Sender) []prometheus.Collector {
	read := func(f func(push.Counts) int64) func() float64 {
		return func() float64 {
			if s == nil {
				return 0
			}
			return float64(f(s.Counts()))
		}
	}
	counter := func(name, help string, f func(push.Counts) int64) prometheus.Collector {
		return prometheus.NewCounterFunc(prometheus.CounterOpts{Name: name, Help: help}, read(f))
	}
	return []prometheus.Collector{
		counter("topup_push_sent_total", "Web Push notifications a push service accepted.", func(c push.Counts) int64 { return c.Sent }),
		counter("topup_push_failed_total", "Web Push attempts that failed (timeouts, 429, 5xx…); each retry counts.", func(c push.Counts) int64 { return c.Failed }),
		counter("topup_push_subscriptions_removed_total", "Subscriptions removed because the push service answered 404 or 410.", func(c push.Counts) int64 { return c.Removed }),
		counter("topup_push_abandoned_total", "Web Push notifications given up after their last retry.", func(c push.Counts) int64 { return c.Abandoned }),
	}
}
