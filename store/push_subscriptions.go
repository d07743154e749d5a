package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/jmoiron/sqlx"
)

// Web Push subscriptions (migration 00020): a browser's push endpoint and
// keys, owned by the session that registered it. The database deletes them
// with the session (revoked, signed out, pruned) and writes the push
// events (webpush.*) in the transactions of the changes they announce;
// here are the writes the API makes and the reads the sender makes.

// Push outbox events, one per subscription; their payloads hold ids only.
const (
	EventPushMessage = "webpush.message" // PushMessageEvent
	EventPushTopup   = "webpush.topup"   // PushTopupEvent
)

// MaxPushSubscriptions is how many devices a user can have notified;
// registering one more drops the least recently registered.
const MaxPushSubscriptions = 10

// PushMessageEvent is EventPushMessage's payload: a message for the
// subscription's owner.
type PushMessageEvent struct {
	SubscriptionID int64 `json:"subscription_id"`
	MessageID      int64 `json:"message_id"`
}

// PushTopupEvent is EventPushTopup's payload: a top-up waiting for an
// admin's decision.
type PushTopupEvent struct {
	SubscriptionID int64 `json:"subscription_id"`
	TopupID        int64 `json:"topup_id"`
}

// NewPushSubscription is what a browser registers.
type NewPushSubscription struct {
	UserID, TokenID int64
	Endpoint        string
	P256dh, Auth    []byte
	// Lang is the app's language as it subscribes, for a user who never
	// chose one (users.locale NULL).
	Lang      string
	ExpiresAt *time.Time
}

// PushSubscription is one stored subscription with the language its
// notifications are written in (the owner's choice, else the app's when it
// subscribed).
type PushSubscription struct {
	ID       int64  `db:"id"`
	UserID   int64  `db:"user_id"`
	Endpoint string `db:"endpoint"`
	P256dh   []byte `db:"p256dh"`
	Auth     []byte `db:"auth"`
	Lang     string `db:"lang"`
	Admin    bool   `db:"admin"` // an admin not banned (PushTarget only)
}

// SavePushSubscription stores a subscription for the session, or moves an
// endpoint already stored (the same browser registering again, perhaps
// after signing in as someone else) to this session with its new keys.
// Past MaxPushSubscriptions the user's oldest are dropped.
func (s *DB) SavePushSubscription(ctx context.Context, ns NewPushSubscription) error {
	return s.WithTx(ctx, func(tx *sqlx.Tx) error {
		_, err := tx.ExecContext(ctx, `
			INSERT INTO push_subscriptions (user_id, token_id, endpoint, p256dh, auth, lang, expires_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7)
			ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, token_id = EXCLUDED.token_id,
				p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, lang = EXCLUDED.lang,
				expires_at = EXCLUDED.expires_at, updated_at = now()`,
			ns.UserID, ns.TokenID, ns.Endpoint, ns.P256dh, ns.Auth, ns.Lang, ns.ExpiresAt)
		if err != nil {
			return wrap(err, "save push subscription of user %d", ns.UserID)
		}
		_, err = tx.ExecContext(ctx, `
			DELETE FROM push_subscriptions WHERE id IN (
				SELECT id FROM push_subscriptions WHERE user_id = $1
				ORDER BY updated_at DESC, id DESC OFFSET $2)`, ns.UserID, MaxPushSubscriptions)
		return wrap(err, "trim push subscriptions of user %d", ns.UserID)
	})
}

// DeletePushSubscription removes the user's subscription of endpoint; one
// already gone (or another user's) is no error: turning notifications off
// twice is fine, and says nothing about other users.
func (s *DB) DeletePushSubscription(ctx context.Context, userID int64, endpoint string) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2`, userID, endpoint)
	return wrap(err, "delete push subscription of user %d", userID)
}

// DropPushSubscription removes a subscription the push service says is
// gone (404, 410), unless the browser registered it again with new keys
// since it was read: only the keys that failed are dropped. It reports
// whether a row was removed.
func (s *DB) DropPushSubscription(ctx context.Context, sub PushSubscription) (bool, error) {
	res, err := s.db.ExecContext(ctx, `DELETE FROM push_subscriptions WHERE id = $1 AND p256dh = $2 AND auth = $3`,
		sub.ID, sub.P256dh, sub.Auth)
	if err != nil {
		return false, wrap(err, "drop push subscription %d", sub.ID)
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

// PushTarget is the live subscription id with its owner's language, or
// ErrNotFound once it is gone or its session has ended.
func (s *DB) PushTarget(ctx context.Context, id int64) (PushSubscription, error) {
	var sub PushSubscription
	err := s.db.GetContext(ctx, &sub, `
		SELECT s.id, s.user_id, s.endpoint, s.p256dh, s.auth, COALESCE(u.locale, s.lang) AS lang,
		       u.is_admin AND NOT u.is_banned AS admin
		FROM push_subscriptions s
		JOIN users u ON u.id = s.user_id
		JOIN api_tokens t ON t.id = s.token_id
		WHERE s.id = $1 AND t.revoked_at IS NULL AND t.expires_at > now()`, id)
	if errors.Is(err, sql.ErrNoRows) {
		return sub, ErrNotFound
	}
	return sub, wrap(err, "push subscription %d", id)
}

// PushSubscriptionCount counts the user's subscriptions (tests, metrics).
func (s *DB) PushSubscriptionCount(ctx context.Context, userID int64) (int, error) {
	var n int
	err := s.db.GetContext(ctx, &n, `SELECT count(*) FROM push_subscriptions WHERE user_id = $1`, userID)
	return n, wrap(err, "count push subscriptions of user %d", userID)
}

// PushMessage is the message id of userID as a notification shows it:
// the sealed title (a redeem code) is not opened, and sealed reports it.
func (s *DB) PushMessage(ctx context.Context, userID, id int64) (m Message, sealed bool, err error) {
	var r messageRow
	err = s.db.GetContext(ctx, &r, messageSelect+` WHERE m.id = $1 AND m.user_id = $2`, id, userID)
	if errors.Is(err, sql.ErrNoRows) {
		return Message{}, false, ErrNotFound
	}
	if err != nil {
		return Message{}, false, wrap(err, "message %d", id)
	}
	return r.Message, r.TitleSealed != nil, nil
}
