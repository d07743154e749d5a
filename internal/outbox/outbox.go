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
//
// The table has two lanes (store.OutboxLane), each with its own
// dispatcher: the live lane publishes socket events in commit order, one
// at a time, retrying for ever; the push lane (webpush.*, cmd/topup/push.go)
// hands events to a HandleFunc several at a time and gives an event up after
// MaxAttempts, so a slow or failing push service never delays the live lane.
package outbox

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
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

// HandleFunc carries out one event itself, instead of publishing it (the
// Web Push lane's sender).
type HandleFunc func(ctx context.Context, ev store.OutboxEvent) error

// Options tune a Dispatcher; zero values take the defaults.
type Options struct {
	// Lane is the share of the outbox this dispatcher serves (LaneLive:
	// the events for sockets, published in order).
	Lane store.OutboxLane
	// Handle, when set, carries out every event instead of publish.
	Handle HandleFunc
	// Concurrency is how many events of a batch are carried out at once
	// (1: one at a time, in id order, as the live lane needs).
	Concurrency int
	// MaxAttempts, when positive, is how many failures an event may have
	// before it is given up (marked sent with its error) and OnAbandon
	// called; zero retries for ever (the live lane: a socket event is
	// retried until the realtime server answers).
	MaxAttempts int
	OnAbandon   func(ev store.OutboxEvent, err error)
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
	if o.Concurrency <= 0 {
		o.Concurrency = 1
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
	due, ok, err := d.db.NextOutboxDue(ctx, d.opts.Lane)
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
		events, err := d.db.ClaimOutbox(ctx, d.opts.Lane, d.opts.Batch, d.opts.Lease)
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
	errs := make([]error, len(events))
	started := len(events)
	if d.opts.Concurrency == 1 {
		for i, ev := range events {
			if ctx.Err() != nil {
				started = i
				break
			}
			errs[i] = d.sendOne(ctx, ev)
		}
	} else {
		// Events of the lanes that allow it go out together, at most
		// Concurrency at a time: one slow push service then costs its
		// own timeout, not the batch's sum of them.
		sem := make(chan struct{}, d.opts.Concurrency)
		var wg sync.WaitGroup
		for i, ev := range events {
			sem <- struct{}{}
			if ctx.Err() != nil {
				<-sem
				started = i
				break
			}
			wg.Add(1)
			go func() {
				defer func() { <-sem; wg.Done() }()
				errs[i] = d.sendOne(ctx, ev)
			}()
		}
		wg.Wait()
	}
	var firstErr error
	if started < len(events) {
		rest := make([]int64, 0, len(events)-started)
		for _, e := range events[started:] {
			rest = append(rest, e.ID)
		}
		if err := d.db.ReleaseOutbox(book, rest); err != nil {
			firstErr = errors.Join(firstErr, err)
		}
	}
	sent := make([]int64, 0, started)
	for i, ev := range events[:started] {
		if errs[i] == nil {
			sent = append(sent, ev.ID)
			continue
		}
		if err := d.failed(book, ev, errs[i]); err != nil {
			firstErr = errors.Join(firstErr, err)
		}
	}
	if err := d.db.MarkOutboxSent(book, sent); err != nil {
		firstErr = errors.Join(firstErr, err)
	}
	return firstErr
}

// sendOne carries out ev within PublishTimeout.
func (d *Dispatcher) sendOne(ctx context.Context, ev store.OutboxEvent) error {
	pctx, cancel := context.WithTimeout(ctx, d.opts.PublishTimeout)
	defer cancel()
	return d.send(pctx, ev)
}

// failed schedules ev's retry, or gives it up after MaxAttempts.
func (d *Dispatcher) failed(ctx context.Context, ev store.OutboxEvent, cause error) error {
	attempt := ev.Attempts + 1
	if d.opts.MaxAttempts > 0 && attempt >= d.opts.MaxAttempts {
		d.log.Error().Err(cause).Int64("event_id", ev.ID).Str("event", ev.Event).
			Int("attempt", attempt).Msg("outbox: giving up")
		if d.opts.OnAbandon != nil {
			d.opts.OnAbandon(ev, cause)
		}
		return d.db.AbandonOutbox(ctx, ev.ID, cause.Error())
	}
	retry := d.backoff(attempt)
	d.log.Warn().Err(cause).Int64("event_id", ev.ID).Str("event", ev.Event).
		Int("attempt", attempt).Dur("retry_in", retry).Msg("outbox: publish failed")
	return d.db.MarkOutboxFailed(ctx, ev.ID, cause.Error(), retry)
}

// send publishes ev, or carries out a terminate. Events go one at a time
// in id order, so a ban's user.updated reaches the user's socket before
// the terminate that follows it closes the socket.
func (d *Dispatcher) send(ctx context.Context, ev store.OutboxEvent) error {
	if d.opts.Handle != nil {
		return d.opts.Handle(ctx, ev)
	}
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
