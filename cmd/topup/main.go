// Command topup is the whole store in one binary: the REST API, the built-in
// Pusher server, the web app, and the operator's commands. All wiring lives
// here; nothing imports this package.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/rs/zerolog"
)

// version is set at build time: -ldflags "-X main.version=…".
var version = "dev"

const usage = `Usage: topup <command> [flags]

Commands:
  serve          run the store: API, realtime server and web app
  pusher         run only the Pusher-compatible realtime server (no database)
  migrate        apply database migrations
  seed           load the demo store (idempotent)
  admin create   create an admin account
  admin password set a user's password
  admin demote   make an admin a customer again and close their dashboards
  trigger        send an event through the Pusher HTTP API (--channel C --event E --data JSON)
  blobs copy     move uploads between homes (-from dir -to postgres, or back)
  backfill messages  give messages stored before the catalogue (00018) their codes
  backfill zawgyi    convert free text stored as Zawgyi to Unicode
  verify         check a database (a restored backup): schema, every wallet
                 against its ledger, every sealed value against APP_KEY
  healthcheck    exit 0 when the local server answers /healthz (for containers)
  vapid-keys     print a new VAPID key pair for Web Push (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY)
  version        print the version

Configuration comes from environment variables; see README.md.
`

// env is what a command reads from the outside world; tests supply their own.
type env struct {
	getenv func(string) string
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	e := env{getenv: os.Getenv, stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr}
	if err := run(ctx, os.Args[1:], e); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "topup:", err)
		}
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, e env) error {
	if len(args) == 0 {
		fmt.Fprint(e.stderr, usage)
		return errors.New("no command given")
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "serve":
		return serve(ctx, rest, e)
	case "pusher":
		return pusherOnly(ctx, rest, e)
	case "migrate":
		return migrate(ctx, rest, e)
	case "seed":
		return seedDemo(ctx, rest, e)
	case "admin":
		return admin(ctx, rest, e)
	case "trigger":
		return trigger(ctx, rest, e)
	case "blobs":
		return copyBlobs(ctx, rest, e)
	case "backfill":
		return backfill(ctx, rest, e)
	case "verify":
		return verify(ctx, rest, e)
	case "healthcheck":
		return healthcheck(ctx, e)
	case "vapid-keys":
		return vapidKeys(ctx, rest, e)
	case "version", "-version", "--version":
		fmt.Fprintln(e.stdout, "topup", version)
		return nil
	case "help", "-h", "-help", "--help":
		fmt.Fprint(e.stdout, usage)
		return nil
	}
	fmt.Fprint(e.stderr, usage)
	return fmt.Errorf("unknown command %q", cmd)
}

// zerolog's time format is a process-wide variable that every log line
// reads: it is set once here, not by each serve (tests run several nodes
// in one process, and a node starting would race with the others logging).
func init() { zerolog.TimeFieldFormat = time.RFC3339Nano }

// newLogger writes cfg's format to w in batches (logwriter.go); call
// flush before returning.
func newLogger(cfg Config, w io.Writer) (log zerolog.Logger, flush func()) {
	batched := newBatchedLog(w)
	w = batched
	if cfg.LogFormat == "console" {
		w = zerolog.ConsoleWriter{Out: batched, TimeFormat: "15:04:05"}
	}
	level := zerolog.InfoLevel
	if lvl, err := zerolog.ParseLevel(os.Getenv("LOG_LEVEL")); err == nil && lvl != zerolog.NoLevel {
		level = lvl
	}
	return zerolog.New(w).Level(level).With().Timestamp().Str("version", version).Logger(), batched.flush
}
