// Package outbox publishes the events that store writes into its outbox
// table, after the transactions that wrote them have committed.
//
// Store functions write an event in the same transaction as the change it
// announces (a debit, a delivered code), so an event exists if and only if
// its change committed. The Dispatcher here reads committed events and
// hands them to a publish function (api.Broadcaster's Publish, backed by
// the realtime server), marks them sent, and retries failures with
// backoff. Delivery is at least once: a crash after publishing and before
// marking sends an event again, which clients tolerate (they refetch on
// reconnect, and every payload is a full state, not a delta).
//
// It is woken by LISTEN/NOTIFY (the outbox table's trigger notifies
// "outbox" on commit) and also sweeps periodically, so a lost notification
// or a dropped listener connection only delays events, never loses them.
// Several nodes may each run one: events are leased row by row with FOR
// UPDATE SKIP LOCKED.
package outbox

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"

	"topup/store"
)

// PublishFunc sends one event to channels; it has the signature of
// api.Broadcaster's Publish.
type PublishFunc func(ctx context.Context, channels []string, event string, data []byte) error

// TerminateFunc closes every socket signed in as userID, on every node; it
// has the signature of api.Broadcaster's TerminateUser.
type TerminateFunc func(ctx context.Context, userID string) error

// Channel is the NOTIFY channel of the outbox trigger.
const Channel = "outbox"

// Options tune a Dispatcher; zero values take the defaults.
type Options struct {
	// Terminate carries out store.EventTerminateConnections (a ban or a
	// demotion); without it such an event fails and is retried.
	Terminate TerminateFunc
	// DSN is the database to LISTEN on; empty means sweeping only.
	DSN string
	// Sweep is the longest wait between two looks at the table (5s).
	Sweep time.Duration
	// Batch is how many events one claim takes (200).
	Batch int
	// Linger is how long a NOTIFY waits before the claim it triggers
	// (20ms), so that under load one claim, one mark and one look at the
	// next due time serve the events of many orders instead of a few:
	// each order notifies, and without it the dispatcher's statements
	// grow with the order rate (docs/benchmarks.md, "End to end").
	Linger time.Duration
	// Lease is how long a claimed event is hidden from other dispatchers
	// (30s): the delay a crashed dispatcher's events suffer.
	Lease time.Duration
	// MinBackoff and MaxBackoff bound the wait after a failed publish
	// (1s doubling up to 5m).
	MinBackoff, MaxBackoff time.Duration
	// PublishTimeout bounds one publish call (10s).
	PublishTimeout time.Duration
	// Retention is how long sent events are kept before pruning (24h).
	Retention time.Duration
	// Log receives failures; the zero Logger discards them.
	Log zerolog.Logger
}

func (o *Options) defaults() {
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&o.Sweep, 5*time.Second)
	def(&o.Linger, 20*time.Millisecond)
	def(&o.Lease, 30*time.Second)
	def(&o.MinBackoff, time.Second)
	def(&o.MaxBackoff, 5*time.Minute)
	def(&o.PublishTimeout, 10*time.Second)
	def(&o.Retention, 24*time.Hour)
	if o.Batch <= 0 {
		o.Batch = 200
	}
}

// Dispatcher publishes committed outbox events.
type Dispatcher struct {
	db      *store.DB
	publish PublishFunc
	opts    Options
	log     zerolog.Logger
	claims  atomic.Int64 // claims made, for tests
}

// New returns a dispatcher; start it with Run.
func New(db *store.DB, publish PublishFunc, opts Options) *Dispatcher {
	opts.defaults()
	return &Dispatcher{db: db, publish: publish, opts: opts, log: opts.Log}
}

// Run publishes events until ctx is cancelled, then returns nil. Events it
// had claimed but not yet published are released for the next dispatcher.
func (d *Dispatcher) Run(ctx context.Context) error {
	wake := make(chan struct{}, 1)
	notify := func() {
		select {
		case wake <- struct{}{}:
		default:
		}
	}
	if d.opts.DSN != "" {
		stop, err := store.Listen(ctx, d.opts.DSN, Channel, notify, func(err error) {
			d.log.Warn().Err(err).Msg("outbox: listener")
		})
		defer stop()
		if err != nil {
			// Not fatal: the sweep still delivers, only later.
			d.log.Warn().Err(err).Msg("outbox: LISTEN failed; sweeping only")
		}
	}

	timer := time.NewTimer(0)
	defer timer.Stop()
	var lastPrune time.Time
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-wake:
			// Let the orders committing right now join this claim.
			select {
			case <-ctx.Done():
				return nil
			case <-time.After(d.opts.Linger):
			}
			select { // their notifications are served by this drain
			case <-wake:
			default:
			}
		case <-timer.C:
		}
		if err := d.drain(ctx); err != nil && ctx.Err() == nil {
			d.log.Error().Err(err).Msg("outbox: dispatch")
		}
		if ctx.Err() != nil {
			return nil
		}
		if time.Since(lastPrune) > time.Hour {
			lastPrune = time.Now()
			if _, err := d.db.PruneOutbox(ctx, d.opts.Retention); err != nil && ctx.Err() == nil {
				d.log.Warn().Err(err).Msg("outbox: prune")
			}
		}
		timer.Reset(d.nextWait(ctx))
	}
}

// nextWait is how long to sleep: until the earliest retry is due, at most
// one sweep interval.
func (d *Dispatcher) nextWait(ctx context.Context) time.Duration {
	due, ok, err := d.db.NextOutboxDue(ctx)
	if err != nil || !ok {
		return d.opts.Sweep
	}
	wait := time.Until(due)
	switch {
	case wait < 10*time.Millisecond:
		return 10 * time.Millisecond
	case wait > d.opts.Sweep:
		return d.opts.Sweep
	}
	return wait
}

// DrainOnce publishes every event that is due now and returns. It is Run's
// step, exported for tools and tests.
func (d *Dispatcher) DrainOnce(ctx context.Context) error { return d.drain(ctx) }

func (d *Dispatcher) drain(ctx context.Context) error {
	for {
		d.claims.Add(1)
		events, err := d.db.ClaimOutbox(ctx, d.opts.Batch, d.opts.Lease)
		if err != nil {
			return err
		}
		if err := d.publishAll(ctx, events); err != nil {
			return err
		}
		if len(events) < d.opts.Batch {
			return nil
		}
	}
}

func (d *Dispatcher) publishAll(ctx context.Context, events []store.OutboxEvent) error {
	// Bookkeeping must survive the cancellation that stops Run: an event
	// that went out is marked sent even while shutting down.
	book, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	sent := make([]int64, 0, len(events))
	var firstErr error
	for i, ev := range events {
		if ctx.Err() != nil {
			rest := make([]int64, 0, len(events)-i)
			for _, e := range events[i:] {
				rest = append(rest, e.ID)
			}
			if err := d.db.ReleaseOutbox(book, rest); err != nil {
				firstErr = errors.Join(firstErr, err)
			}
			break
		}
		pctx, pcancel := context.WithTimeout(ctx, d.opts.PublishTimeout)
		err := d.send(pctx, ev)
		pcancel()
		if err != nil {
			retry := d.backoff(ev.Attempts + 1)
			d.log.Warn().Err(err).Int64("event_id", ev.ID).Str("event", ev.Event).
				Int("attempt", ev.Attempts+1).Dur("retry_in", retry).Msg("outbox: publish failed")
			if err := d.db.MarkOutboxFailed(book, ev.ID, err.Error(), retry); err != nil {
				firstErr = errors.Join(firstErr, err)
			}
			continue
		}
		sent = append(sent, ev.ID)
	}
	if err := d.db.MarkOutboxSent(book, sent); err != nil {
		firstErr = errors.Join(firstErr, err)
	}
	return firstErr
}

// send publishes ev, or carries out a terminate. Events go one at a time
// in id order, so a ban's user.updated reaches the user's socket before
// the terminate that follows it closes the socket.
func (d *Dispatcher) send(ctx context.Context, ev store.OutboxEvent) error {
	if ev.Event != store.EventTerminateConnections {
		return d.publish(ctx, ev.Channels, ev.Event, ev.Payload)
	}
	var p store.TerminatePayload
	if err := json.Unmarshal(ev.Payload, &p); err != nil || p.UserID == "" {
		return fmt.Errorf("outbox: terminate without a user: %s", ev.Payload)
	}
	if d.opts.Terminate == nil {
		return errors.New("outbox: no Terminate function to close user " + p.UserID + "'s sockets")
	}
	return d.opts.Terminate(ctx, p.UserID)
}

// backoff doubles from MinBackoff per attempt up to MaxBackoff, with ±20 %
// jitter so that many failed events do not retry in one burst.
func (d *Dispatcher) backoff(attempt int) time.Duration {
	b := d.opts.MinBackoff
	for i := 1; i < attempt && b < d.opts.MaxBackoff; i++ {
		b *= 2
	}
	b = min(b, d.opts.MaxBackoff)
	jitter := time.Duration(rand.Int64N(int64(b)/5+1)) - b/10
	return b + jitter
}
