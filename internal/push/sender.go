package push

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
	"unicode/utf8"

	webpush "github.com/SherClockHolmes/webpush-go"
	"github.com/rs/zerolog"

	"topup/internal/contract"
	"topup/internal/i18n"
	"topup/store"
)

// TTL is how long a push service keeps a notification for a device that
// is offline (the TTL header): a day, then a decision is old news the app
// shows anyway.
const TTL = 24 * time.Hour

// Options configure a Sender.
type Options struct {
	// Client posts to push services; nil is SafeClient (timeouts, no
	// private addresses). Tests pass one that trusts their TLS server.
	Client *http.Client
	Log    zerolog.Logger
}

// Sender carries out webpush.* outbox events: it is the push lane's
// outbox.HandleFunc. Delivery is at least once (the outbox retries a
// failed send; each event is one subscription, so a retry repeats only
// that device's notification, and its Tag replaces the one shown).
type Sender struct {
	db   *store.DB
	keys Keys
	opts Options

	sent, failed, removed, abandoned atomic.Int64
}

// NewSender sends with keys; see Options.
func NewSender(db *store.DB, keys Keys, opts Options) *Sender {
	if opts.Client == nil {
		opts.Client = SafeClient()
	}
	return &Sender{db: db, keys: keys, opts: opts}
}

// Counts are what a Sender has done since it started, for metrics: pushes
// a push service accepted, attempts that failed (each retry counts),
// subscriptions removed because the service said they are gone, and
// events given up after the last retry.
type Counts struct{ Sent, Failed, Removed, Abandoned int64 }

// Counts reads the counters.
func (s *Sender) Counts() Counts {
	return Counts{s.sent.Load(), s.failed.Load(), s.removed.Load(), s.abandoned.Load()}
}

// Abandoned is the outbox's OnAbandon: an event given up.
func (s *Sender) Abandoned(store.OutboxEvent, error) { s.abandoned.Add(1) }

// Handle sends the notification of one event. An event whose subscription
// or subject is gone is done (nil); a push service's refusal other than
// 404/410 is an error, which the outbox retries a bounded number of times.
func (s *Sender) Handle(ctx context.Context, ev store.OutboxEvent) error {
	var ids struct {
		SubscriptionID int64 `json:"subscription_id"`
		MessageID      int64 `json:"message_id"`
		TopupID        int64 `json:"topup_id"`
	}
	if err := json.Unmarshal(ev.Payload, &ids); err != nil {
		return fmt.Errorf("push: event %d: %w", ev.ID, err)
	}
	sub, err := s.db.PushTarget(ctx, ids.SubscriptionID)
	if errors.Is(err, store.ErrNotFound) {
		return nil // unsubscribed or signed out since
	}
	if err != nil {
		return err
	}
	lang, ok := i18n.ParseLang(sub.Lang)
	if !ok {
		lang = i18n.Default
	}
	var p contract.PushPayload
	switch ev.Event {
	case store.EventPushMessage:
		p, err = s.messagePayload(ctx, sub.UserID, ids.MessageID, i18n.In(lang))
	case store.EventPushTopup:
		// For an admin when it is sent, not when it was queued: a browser
		// registering again moves its subscription to whoever signed in.
		if !sub.Admin {
			return nil
		}
		p, err = s.topupPayload(ctx, ids.TopupID, i18n.In(lang))
	default:
		return fmt.Errorf("push: unknown event %q", ev.Event)
	}
	if errors.Is(err, store.ErrNotFound) || (err == nil && p == (contract.PushPayload{})) {
		return nil // nothing left to tell
	}
	if err != nil {
		return err
	}
	return s.send(ctx, sub, p)
}

// messagePayload tells a customer about one of their messages. The
// store's own messages (decisions, deliveries, refunds) are written in
// the reader's language; a delivered code says only that it is ready; an
// admin's own words are not copied (they could hold anything): the
// notification says a message came, and opens it.
func (s *Sender) messagePayload(ctx context.Context, userID, id int64, loc i18n.Locale) (contract.PushPayload, error) {
	m, sealed, err := s.db.PushMessage(ctx, userID, id)
	if err != nil {
		return contract.PushPayload{}, err
	}
	p := contract.PushPayload{URL: "/home?messages=open", Tag: "message-" + strconv.FormatInt(m.ID, 10)}
	if m.OrderID != nil {
		p.URL = "/orders/" + strconv.FormatInt(*m.OrderID, 10)
		p.Tag = "order-" + strconv.FormatInt(*m.OrderID, 10)
	}
	switch {
	case sealed:
		p.Title = i18n.T(i18n.PushCodeReadyTitle, "product", m.ProductName).In(loc)
		p.Body = i18n.T(i18n.PushCodeReadyBody).In(loc)
	case m.TitleCode != nil:
		m = m.In(loc)
		p.Title, p.Body = m.Title, m.Body
		if strings.HasPrefix(*m.TitleCode, "topup_") || strings.HasPrefix(*m.TitleCode, "wallet_") {
			p.URL = "/wallet"
		}
	default:
		p.Title = i18n.T(i18n.PushMessageTitle).In(loc)
		p.Body = i18n.T(i18n.PushMessageBody).In(loc)
	}
	return p, nil
}

// topupPayload tells an admin a top-up waits; one decided since needs no
// notification.
func (s *Sender) topupPayload(ctx context.Context, id int64, loc i18n.Locale) (contract.PushPayload, error) {
	t, err := s.db.AdminTopupByID(ctx, id)
	if err != nil || t.Status != store.TopupPending {
		return contract.PushPayload{}, err
	}
	ref := strconv.FormatInt(t.ID, 10)
	return contract.PushPayload{
		Title: i18n.T(i18n.PushTopupWaitingTitle, "topup", ref).In(loc),
		Body:  i18n.T(i18n.PushTopupWaitingBody, "amount", i18n.Kyat(t.Total), "method", t.PaymentMethodName, "user", t.Username).In(loc),
		URL:   "/dashboard/topups/" + ref,
		Tag:   "topup-" + ref,
	}, nil
}

// send encrypts p for sub (aes128gcm) and posts it with a VAPID header.
func (s *Sender) send(ctx context.Context, sub store.PushSubscription, p contract.PushPayload) error {
	body, err := fit(p)
	if err != nil {
		return err
	}
	res, err := webpush.SendNotificationWithContext(ctx, body, &webpush.Subscription{
		Endpoint: sub.Endpoint,
		Keys: webpush.Keys{
			P256dh: base64.RawURLEncoding.EncodeToString(sub.P256dh),
			Auth:   base64.RawURLEncoding.EncodeToString(sub.Auth),
		},
	}, &webpush.Options{
		HTTPClient: s.opts.Client,
		// webpush-go writes "mailto:" before a subject that is not an
		// https: URL, so a mailto: subject goes without its scheme.
		Subscriber:      strings.TrimPrefix(s.keys.Subject, "mailto:"),
		TTL:             int(TTL.Seconds()),
		Urgency:         webpush.UrgencyHigh,
		Topic:           topic(p.Tag),
		VAPIDPublicKey:  s.keys.Public,
		VAPIDPrivateKey: s.keys.Private,
		// 2 KiB records: the payload is padded to the record, and a
		// notification is a few hundred bytes.
		RecordSize: 2048,
	})
	if err != nil {
		s.failed.Add(1)
		return fmt.Errorf("push: subscription %d: %w", sub.ID, err)
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 4096))
	switch {
	case res.StatusCode >= 200 && res.StatusCode < 300:
		s.sent.Add(1)
		return nil
	case res.StatusCode == http.StatusNotFound || res.StatusCode == http.StatusGone:
		// The browser unsubscribed or the subscription expired (RFC
		// 8030 §7.3): never send to it again.
		dropped, err := s.db.DropPushSubscription(ctx, sub)
		if dropped {
			s.removed.Add(1)
		}
		s.opts.Log.Info().Int64("subscription_id", sub.ID).Int("status", res.StatusCode).Msg("push: subscription gone, removed")
		return err
	}
	s.failed.Add(1)
	return fmt.Errorf("push: subscription %d: push service answered %s", sub.ID, res.Status)
}

// maxPayload is what one 2,048-byte record carries after its padding
// delimiter, the 16-byte tag and the header (RFC 8188), with room to spare.
const maxPayload = 1800

// fit is p as JSON, its body shortened on a letter's boundary (with "…")
// until it fits one record: a reason may be 1,000 letters, three bytes
// each in Burmese, and a payload too big for the record is refused by the
// encryption every time it is retried.
func fit(p contract.PushPayload) ([]byte, error) {
	for {
		body, err := json.Marshal(p)
		if err != nil || len(body) <= maxPayload {
			return body, err
		}
		cut := len(p.Body) - (len(body) - maxPayload) - len("…")
		if cut <= 0 {
			return nil, fmt.Errorf("push: a notification of %d bytes without its body", len(body)-len(p.Body))
		}
		for cut > 0 && !utf8.RuneStart(p.Body[cut]) {
			cut--
		}
		p.Body = strings.TrimRight(p.Body[:cut], " ") + "…"
	}
}

// topic is the Topic header (RFC 8030 §5.4: at most 32 base64url
// characters): a push service then keeps only the newest notification of
// a tag for an offline device.
func topic(tag string) string {
	t := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			return r
		}
		return '_'
	}, tag)
	return t[:min(len(t), 32)]
}
