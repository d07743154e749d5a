package api_test

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"topup/api"
	"topup/internal/media"
	"topup/internal/receipts"
	"topup/store"
)

// The admin tests run the real server on a real PostgreSQL with the demo
// catalogue, two admins and a broadcaster that records what it publishes.

type published struct {
	channels []string
	event    string
	data     string
}

type recordingBroadcaster struct {
	*authBroadcaster
	mu   sync.Mutex
	sent []published
	fail error
}

func (b *recordingBroadcaster) Publish(_ context.Context, channels []string, event string, data []byte) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.fail != nil {
		return b.fail
	}
	b.sent = append(b.sent, published{channels, event, string(data)})
	return nil
}

type adminHarness struct {
	*shopHarness
	bc          *recordingBroadcaster
	receipts    *receipts.Store
	boss, boss2 buyer
	kbz         int64
}

func newAdminHarness(t *testing.T, mod ...func(*api.Options)) *adminHarness {
	t.Helper()
	rd, err := receipts.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	md, err := media.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	bc := &recordingBroadcaster{authBroadcaster: &authBroadcaster{}}
	sh := newShopHarness(t, append([]func(*api.Options){func(o *api.Options) { o.Receipts, o.Media, o.Broadcaster = rd, md, bc }}, mod...)...)
	h := &adminHarness{shopHarness: sh, bc: bc, receipts: rd}
	h.boss, h.boss2 = h.admin(t), h.admin(t)
	if err := h.db.SQL().Get(&h.kbz, `SELECT id FROM payment_methods WHERE name = 'KBZPay'`); err != nil {
		t.Fatal(err)
	}
	return h
}

// call is one request with a token.
func (h *adminHarness) call(t *testing.T, token, method, path string, body any) authResult {
	t.Helper()
	return h.do(t, authReq{method: method, path: path, token: token, body: body})
}

// topup makes a pending top-up of amount (+ verification 123) for u,
// created age before the server's clock; sha names the receipt's bytes
// (equal sha = duplicate receipts).
func (h *adminHarness) topup(t *testing.T, u store.User, amount int64, age time.Duration, sha string) store.Topup {
	t.Helper()
	ctx := context.Background()
	var name [16]byte
	_, _ = rand.Read(name[:])
	sum := sha256.Sum256([]byte(sha))
	up, err := h.db.CreateUpload(ctx, store.NewUpload{UserID: u.ID, StorageName: hex.EncodeToString(name[:]), Size: 100,
		ContentType: "image/png", SHA256: sum[:], Width: 10, Height: 10})
	if err != nil {
		t.Fatal(err)
	}
	var n int64
	_ = h.db.SQL().Get(&n, `SELECT count(*) FROM topup_orders`)
	tp, _, err := h.db.CreateTopup(ctx, store.NewTopup{UserID: u.ID, Amount: amount, VerificationAmount: 100 + n,
		PaymentMethodID: h.kbz, UploadID: up.ID})
	if err != nil {
		t.Fatal(err)
	}
	created := h.clock.Now().Add(-age)
	if _, err := h.db.SQL().Exec(`UPDATE topup_orders SET created_at = $2 WHERE id = $1`, tp.ID, created); err != nil {
		t.Fatal(err)
	}
	tp.CreatedAt = created
	return tp
}

// coinOrder places a pending coin order (PUBG UC, no server id) for b.
func (h *adminHarness) coinOrder(t *testing.T, b buyer) int64 {
	t.Helper()
	r := h.order(t, b, map[string]any{"product_id": h.productID(t, "pubg-coin-60"), "game_uid": "5550001"}, "").want(t, 201)
	return int64(obj(r.json, "order")["id"].(float64))
}

type auditRow struct {
	ActorID   *int64  `db:"actor_id"`
	Action    string  `db:"action"`
	Target    string  `db:"target_id"`
	Before    []byte  `db:"before"`
	After     []byte  `db:"after"`
	Reason    *string `db:"reason"`
	IP        *string `db:"ip"`
	RequestID string  `db:"request_id"`
}

// audits lists the entries of one action on one target.
func (h *adminHarness) audits(t *testing.T, action string, target any) []auditRow {
	t.Helper()
	var rows []auditRow
	err := h.db.SQL().Select(&rows, `SELECT actor_id, action, target_id, before, after, reason, host(ip) AS ip, request_id
		FROM audit_log WHERE action = $1 AND target_id = $2 ORDER BY id`, action, fmt.Sprint(target))
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// audit is the one entry of action on target, by actor, with its request
// id and address.
func (h *adminHarness) audit(t *testing.T, action string, target any, actor int64) auditRow {
	t.Helper()
	rows := h.audits(t, action, target)
	if len(rows) != 1 {
		t.Fatalf("%d audit entries %s on %v, want 1", len(rows), action, target)
	}
	r := rows[0]
	if r.ActorID == nil || *r.ActorID != actor || r.RequestID == "" || r.IP == nil || *r.IP != "10.0.0.1" {
		t.Fatalf("audit entry %s: actor %v, request id %q, ip %v", action, r.ActorID, r.RequestID, r.IP)
	}
	return r
}

// events lists the outbox payloads of event on channel.
func (h *adminHarness) events(t *testing.T, channel, event string) []map[string]any {
	t.Helper()
	var raws [][]byte
	err := h.db.SQL().Select(&raws, `SELECT payload FROM outbox WHERE $1 = ANY(channels) AND event = $2 ORDER BY id`, channel, event)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]map[string]any, len(raws))
	for i, r := range raws {
		_ = json.Unmarshal(r, &out[i])
	}
	return out
}

var errBroadcast = errors.New("realtime server unreachable")
