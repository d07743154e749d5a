package store

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// Channels and event names a browser listens to (docs/architecture.md#the-money-path). Echo
// subscribes to "private-user.{id}" and listens with a leading dot.
const (
	ChannelAdmins = "private-admins"

	EventUserUpdated  = "user.updated"
	EventMessageSent  = "user.message.sent"
	EventOrderUpdated = "order.updated"
	EventOrderCreated = "order.created"

	// EventTerminateConnections is not published: the outbox closes every
	// socket signed in as the user of its payload (TerminatePayload), on
	// every node, after the events written before it. Pusher reserves the
	// "pusher:" prefix, so no event of ours can be taken for it.
	EventTerminateConnections = "pusher:terminate_connections"
)

// TerminatePayload names the user whose sockets an
// EventTerminateConnections closes, as pusher:signin's user_data id.
type TerminatePayload struct {
	UserID string `json:"user_id"`
}

// UserChannel is the private channel of one user.
func UserChannel(userID int64) string { return "private-user." + strconv.FormatInt(userID, 10) }

// OutboxEvent is one event waiting to be (or already) published.
type OutboxEvent struct {
	ID        int64
	Channels  []string
	Event     string
	Payload   []byte // the JSON published as the event's data
	Attempts  int
	CreatedAt time.Time
}

// Why store writes client JSON here, although it otherwise knows nothing
// about client field names: an event must be written in the same
// transaction as the change it announces (a crash between COMMIT and
// publish then loses nothing), so its payload is fixed at that moment. The
// payloads of user.updated and order.* are built by the database
// (event_user and event_order, migration 00007), because the purchase
// writes them in the same statement as the order. Every payload's type is
// in internal/contract, the one wire contract of REST answers and events.

// outgoing is one event to write into the outbox. With seal set, the
// payload is stored sealed (payload_sealed) and payload holds only {}: used
// for events that carry a secret, such as a delivered code, so the secret
// is never in the clear at rest, not even for the seconds before it is
// published.
type outgoing struct {
	channels []string
	event    string
	payload  any
	seal     bool
}

// enqueue writes events into the outbox inside tx, in one statement: a
// purchase announces three events, and each statement is a round trip.
func (s *DB) enqueue(ctx context.Context, tx *sqlx.Tx, events ...outgoing) error {
	var q strings.Builder
	q.WriteString(`INSERT INTO outbox (channels, event, payload, payload_sealed) VALUES `)
	args := make([]any, 0, 4*len(events))
	for i, e := range events {
		b, err := json.Marshal(e.payload)
		if err != nil {
			return fmt.Errorf("store: outbox %s: %w", e.event, err)
		}
		var sealed []byte
		if e.seal {
			box, err := s.needBox()
			if err != nil {
				return err
			}
			sealed = box.Seal(b)
			b = []byte(`{}`)
		}
		if i > 0 {
			q.WriteString(", ")
		}
		n := len(args)
		fmt.Fprintf(&q, "($%d, $%d, $%d, $%d)", n+1, n+2, n+3, n+4)
		args = append(args, pq.Array(e.channels), e.event, jsonArg(b), sealed)
	}
	_, err := tx.ExecContext(ctx, q.String(), args...)
	return wrap(err, "outbox %s", events[0].event)
}

// announceUser writes user.updated for the user as tx leaves them.
func announceUser(ctx context.Context, tx *sqlx.Tx, userID int64, updateType string) error {
	res, err := tx.ExecContext(ctx, `
		INSERT INTO outbox (channels, event, payload)
		SELECT $2, $3, jsonb_build_object('updateType', $4::text, 'user', event_user(u))
		FROM users u WHERE u.id = $1`,
		userID, pq.Array([]string{UserChannel(userID)}), EventUserUpdated, updateType)
	return announced(res, err, EventUserUpdated, userID)
}

// terminateConnections closes, once tx has committed and the events before
// it are out, every socket signed in as the user: a ban or a demotion must
// also end what an open page still receives (private-admins for an admin).
// It goes through the outbox so that a crash right after the commit does
// not leave them open.
func terminateConnections(ctx context.Context, tx *sqlx.Tx, userID int64) error {
	payload, err := json.Marshal(TerminatePayload{UserID: strconv.FormatInt(userID, 10)})
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO outbox (channels, event, payload) VALUES ($1, $2, $3)`,
		pq.Array([]string{UserChannel(userID)}), EventTerminateConnections, string(payload))
	return wrap(err, "outbox terminate user %d", userID)
}

// announceOrder writes order.updated, for the buyer and admins, for the
// order as tx leaves it.
func announceOrder(ctx context.Context, tx *sqlx.Tx, o Order) error {
	res, err := tx.ExecContext(ctx, `
		INSERT INTO outbox (channels, event, payload)
		SELECT $2, $3, jsonb_build_object('order', event_order(o))
		FROM orders o WHERE o.id = $1`,
		o.ID, pq.Array([]string{UserChannel(o.UserID), ChannelAdmins}), EventOrderUpdated)
	return announced(res, err, EventOrderUpdated, o.ID)
}

// announced checks that an announcement found its row: the callers changed
// it in the same transaction, so a miss is a bug, not a race.
func announced(res sql.Result, err error, event string, id int64) error {
	if err != nil {
		return wrap(err, "outbox %s %d", event, id)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return fmt.Errorf("store: outbox %s: row %d not found (%v)", event, id, err)
	}
	return nil
}

// OutboxLane splits the outbox between dispatchers: the live events for
// browsers' sockets (in commit order, one at a time) and Web Push sends
// (webpush.*: to outside push services, slow and in parallel), so that a
// slow push service never holds up a balance update on screen.
type OutboxLane int

const (
	LaneLive OutboxLane = iota // every event but webpush.*
	LanePush                   // webpush.* only
)

// where is the lane's condition on the outbox's event column.
func (l OutboxLane) where() string {
	if l == LanePush {
		return `event LIKE 'webpush.%'`
	}
	return `event NOT LIKE 'webpush.%'`
}

// ClaimOutbox takes up to limit unsent events that are due, oldest first,
// and leases them for lease: another dispatcher (another node) skips them
// until the lease ends, so an event is normally published once, yet a
// dispatcher that dies mid-batch only delays its events by the lease. The
// caller reports each event with MarkOutboxSent or MarkOutboxFailed.
func (s *DB) ClaimOutbox(ctx context.Context, lane OutboxLane, limit int, lease time.Duration) ([]OutboxEvent, error) {
	type row struct {
		ID            int64          `db:"id"`
		Channels      pq.StringArray `db:"channels"`
		Event         string         `db:"event"`
		Payload       []byte         `db:"payload"`
		PayloadSealed []byte         `db:"payload_sealed"`
		Attempts      int            `db:"attempts"`
		CreatedAt     time.Time      `db:"created_at"`
	}
	var rows []row
	err := s.db.SelectContext(ctx, &rows, `
		UPDATE outbox SET next_attempt_at = now() + $2 * interval '1 millisecond'
		WHERE id IN (
			SELECT id FROM outbox
			WHERE sent_at IS NULL AND next_attempt_at <= now() AND `+lane.where()+`
			ORDER BY next_attempt_at, id
			LIMIT $1
			FOR UPDATE SKIP LOCKED)
		RETURNING id, channels, event, payload, payload_sealed, attempts, created_at`,
		limit, lease.Milliseconds())
	if err != nil {
		return nil, wrap(err, "claim outbox")
	}
	out := make([]OutboxEvent, 0, len(rows))
	for _, r := range rows {
		payload := r.Payload
		if r.PayloadSealed != nil {
			box, err := s.needBox()
			if err != nil {
				return nil, err
			}
			if payload, err = box.Open(r.PayloadSealed); err != nil {
				return nil, fmt.Errorf("store: outbox %d: %w", r.ID, err)
			}
		}
		out = append(out, OutboxEvent{
			ID: r.ID, Channels: r.Channels, Event: r.Event, Payload: payload,
			Attempts: r.Attempts, CreatedAt: r.CreatedAt,
		})
	}
	// UPDATE … RETURNING gives no order; publish in commit order.
	slices.SortFunc(out, func(a, b OutboxEvent) int { return cmp.Compare(a.ID, b.ID) })
	return out, nil
}

// MarkOutboxSent records that the events were published.
func (s *DB) MarkOutboxSent(ctx context.Context, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	_, err := s.db.ExecContext(ctx, `
		UPDATE outbox SET sent_at = now(), last_error = NULL
		WHERE id = ANY($1) AND sent_at IS NULL`, pq.Array(ids))
	return wrap(err, "mark outbox sent")
}

// MarkOutboxFailed records a failed publish and when to try again.
func (s *DB) MarkOutboxFailed(ctx context.Context, id int64, cause string, retryIn time.Duration) error {
	if len(cause) > 1000 {
		cause = cause[:1000]
	}
	_, err := s.db.ExecContext(ctx, `
		UPDATE outbox SET attempts = attempts + 1, last_error = $2,
			next_attempt_at = now() + $3 * interval '1 millisecond'
		WHERE id = $1 AND sent_at IS NULL`, id, cause, retryIn.Milliseconds())
	return wrap(err, "mark outbox failed")
}

// NextOutboxDue is when the lane's earliest unsent event becomes due, or
// false when none is waiting.
func (s *DB) NextOutboxDue(ctx context.Context, lane OutboxLane) (time.Time, bool, error) {
	var t sql.NullTime
	err := s.db.GetContext(ctx, &t, `SELECT min(next_attempt_at) FROM outbox WHERE sent_at IS NULL AND `+lane.where())
	if err != nil {
		return time.Time{}, false, wrap(err, "next outbox due")
	}
	return t.Time, t.Valid, nil
}

// PruneOutbox deletes events published more than olderThan ago; the
// outbox is a queue, not an archive (the audit log and the ledger are).
func (s *DB) PruneOutbox(ctx context.Context, olderThan time.Duration) (int64, error) {
	res, err := s.db.ExecContext(ctx, `
		DELETE FROM outbox WHERE sent_at < now() - $1 * interval '1 millisecond'`, olderThan.Milliseconds())
	if err != nil {
		return 0, wrap(err, "prune outbox")
	}
	n, _ := res.RowsAffected()
	return n, nil
}

// OutboxPending counts unsent events (for metrics and tests).
func (s *DB) OutboxPending(ctx context.Context) (int, error) {
	var n int
	err := s.db.GetContext(ctx, &n, `SELECT count(*) FROM outbox WHERE sent_at IS NULL`)
	return n, wrap(err, "outbox pending")
}

// AbandonOutbox gives up on an event that failed too often: it is marked
// sent with its last error, so it is neither retried nor lost from view
// until pruning.
func (s *DB) AbandonOutbox(ctx context.Context, id int64, cause string) error {
	if len(cause) > 1000 {
		cause = cause[:1000]
	}
	_, err := s.db.ExecContext(ctx, `
		UPDATE outbox SET attempts = attempts + 1, last_error = $2, sent_at = now()
		WHERE id = $1 AND sent_at IS NULL`, id, cause)
	return wrap(err, "abandon outbox event %d", id)
}

// ReleaseOutbox ends the lease on claimed events that were not published
// (a dispatcher stopping mid-batch), so they are due again at once.
func (s *DB) ReleaseOutbox(ctx context.Context, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	_, err := s.db.ExecContext(ctx, `
		UPDATE outbox SET next_attempt_at = now() WHERE id = ANY($1) AND sent_at IS NULL`, pq.Array(ids))
	return wrap(err, "release outbox")
}
