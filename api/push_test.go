package api_test

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hkdf"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/rs/zerolog"

	"topup/internal/i18n"
	"topup/internal/outbox"
	"topup/internal/push"
	"topup/store"
)

// The push path end to end, with this test as the push service (RFC 8030):
// a browser's subscription (its own P-256 key and auth secret) registered
// through the API, a real decision through the API, the outbox's push lane
// sending to an httptest TLS server, and the request checked as a push
// service and a browser would: the VAPID JWT (RFC 8292) against the
// configured key, the headers, and the body decrypted per RFC 8291 with
// the standard library only.

// pushService records what it is sent and answers status.
type pushService struct {
	*httptest.Server
	mu     sync.Mutex
	got    []pushRequest
	status int
}

type pushRequest struct {
	path   string
	header http.Header
	body   []byte
}

func newPushService(t *testing.T) *pushService {
	ps := &pushService{status: http.StatusCreated}
	ps.Server = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		ps.mu.Lock()
		ps.got = append(ps.got, pushRequest{path: r.URL.Path, header: r.Header.Clone(), body: b})
		status := ps.status
		ps.mu.Unlock()
		w.WriteHeader(status)
	}))
	t.Cleanup(ps.Close)
	return ps
}

// take answers the requests received since the last take.
func (ps *pushService) take() []pushRequest {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	got := ps.got
	ps.got = nil
	return got
}

func (ps *pushService) answer(status int) {
	ps.mu.Lock()
	ps.status = status
	ps.mu.Unlock()
}

type pushPayload struct {
	Title, Body, URL, Tag string
}

// verifyVAPID checks the Authorization header as a push service must
// (RFC 8292 §3): "vapid t=<JWT>, k=<key>", k the configured public key,
// an ES256 signature by it, aud the endpoint's origin, exp within 24 h,
// sub the configured contact.
func verifyVAPID(t *testing.T, header http.Header, keys push.Keys, endpoint string) {
	t.Helper()
	auth := header.Get("Authorization")
	var tok, k string
	for _, part := range strings.Split(strings.TrimPrefix(auth, "vapid "), ",") {
		part = strings.TrimSpace(part)
		switch {
		case strings.HasPrefix(part, "t="):
			tok = part[2:]
		case strings.HasPrefix(part, "k="):
			k = part[2:]
		}
	}
	if !strings.HasPrefix(auth, "vapid ") || tok == "" || k != keys.Public {
		t.Fatalf("Authorization = %q, want vapid t=…, k=%s", auth, keys.Public)
	}
	parts := strings.Split(tok, ".")
	if len(parts) != 3 {
		t.Fatalf("JWT %q", tok)
	}
	dec := func(s string) []byte {
		b, err := base64.RawURLEncoding.DecodeString(s)
		if err != nil {
			t.Fatalf("JWT part %q: %v", s, err)
		}
		return b
	}
	var head struct{ Alg, Typ string }
	if err := json.Unmarshal(dec(parts[0]), &head); err != nil || head.Alg != "ES256" {
		t.Fatalf("JWT header %s", dec(parts[0]))
	}
	pubBytes := dec(k)
	pub := &ecdsa.PublicKey{Curve: elliptic.P256(), X: new(big.Int).SetBytes(pubBytes[1:33]), Y: new(big.Int).SetBytes(pubBytes[33:])}
	sig := dec(parts[2])
	sum := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	if len(sig) != 64 || !ecdsa.Verify(pub, sum[:], new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])) {
		t.Fatal("the VAPID JWT's ES256 signature does not verify against the configured public key")
	}
	var claims struct {
		Aud string `json:"aud"`
		Exp int64  `json:"exp"`
		Sub string `json:"sub"`
	}
	if err := json.Unmarshal(dec(parts[1]), &claims); err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(endpoint)
	now := time.Now().Unix()
	if claims.Aud != u.Scheme+"://"+u.Host || claims.Sub != keys.Subject || claims.Exp <= now || claims.Exp > now+24*3600 {
		t.Fatalf("JWT claims %+v; want aud %s://%s, sub %s, exp in (now, now+24h]", claims, u.Scheme, u.Host, keys.Subject)
	}
}

// decryptPush opens an aes128gcm body as the browser does (RFC 8291 §3.4
// and RFC 8188): ECDH with the sender's key in the header, the auth secret,
// then one record's plaintext without its padding.
func decryptPush(t *testing.T, sub browserSub, body []byte) []byte {
	t.Helper()
	if len(body) < 21 {
		t.Fatalf("body of %d bytes", len(body))
	}
	salt, rs, idlen := body[:16], binary.BigEndian.Uint32(body[16:20]), int(body[20])
	if idlen != 65 || len(body) < 21+idlen {
		t.Fatalf("keyid of %d bytes", idlen)
	}
	asPublic, record := body[21:21+idlen], body[21+idlen:]
	if uint32(len(record)) > rs {
		t.Fatalf("record of %d bytes over rs %d: more than one record", len(record), rs)
	}
	asKey, err := ecdh.P256().NewPublicKey(asPublic)
	if err != nil {
		t.Fatal(err)
	}
	secret, err := sub.key.ECDH(asKey)
	if err != nil {
		t.Fatal(err)
	}
	keyInfo := append(append([]byte("WebPush: info\x00"), sub.key.PublicKey().Bytes()...), asPublic...)
	prk, _ := hkdf.Extract(sha256.New, secret, sub.auth)
	ikm, _ := hkdf.Expand(sha256.New, prk, string(keyInfo), 32)
	prk2, _ := hkdf.Extract(sha256.New, ikm, salt)
	cek, _ := hkdf.Expand(sha256.New, prk2, "Content-Encoding: aes128gcm\x00", 16)
	nonce, _ := hkdf.Expand(sha256.New, prk2, "Content-Encoding: nonce\x00", 12)
	block, _ := aes.NewCipher(cek)
	gcm, _ := cipher.NewGCM(block)
	plain, err := gcm.Open(nil, nonce, record, nil)
	if err != nil {
		t.Fatalf("the body does not decrypt with the subscription's keys: %v", err)
	}
	plain = []byte(strings.TrimRight(string(plain), "\x00"))
	if len(plain) == 0 || plain[len(plain)-1] != 2 {
		t.Fatal("the last record has no 0x02 delimiter")
	}
	return plain[:len(plain)-1]
}

// openPush checks one request as the push service and the browser, and
// answers its payload.
func openPush(t *testing.T, req pushRequest, sub browserSub, keys push.Keys) (pushPayload, string) {
	t.Helper()
	if req.header.Get("Content-Encoding") != "aes128gcm" || req.header.Get("TTL") != "86400" {
		t.Fatalf("Content-Encoding %q, TTL %q", req.header.Get("Content-Encoding"), req.header.Get("TTL"))
	}
	verifyVAPID(t, req.header, keys, sub.endpoint)
	plain := decryptPush(t, sub, req.body)
	var fields map[string]any
	if err := json.Unmarshal(plain, &fields); err != nil || len(fields) != 4 {
		t.Fatalf("payload %s: want exactly title, body, url, tag (%v)", plain, err)
	}
	var p pushPayload
	_ = json.Unmarshal(plain, &p)
	return p, string(plain)
}

func burmese(s string) bool {
	for _, r := range s {
		if unicode.In(r, unicode.Myanmar) {
			return true
		}
	}
	return false
}

// pushRig is an admin harness with push on (keys with subject), this
// test's push service, and the push lane as serve runs it, posting there.
type pushRig struct {
	*adminHarness
	keys   push.Keys
	ps     *pushService
	sender *push.Sender
	lane   *outbox.Dispatcher
}

func newPushRig(t *testing.T, subject string) *pushRig {
	t.Helper()
	keys, err := push.GenerateKeys(subject)
	if err != nil {
		t.Fatal(err)
	}
	r := &pushRig{adminHarness: newAdminHarness(t, withPushKey(keys.Public)), keys: keys, ps: newPushService(t)}
	r.sender = push.NewSender(r.db, keys, push.Options{Client: r.ps.Client(), Log: zerolog.Nop()})
	r.lane = outbox.New(r.db, nil, outbox.Options{Lane: store.LanePush, Handle: r.sender.Handle, Concurrency: 4,
		MaxAttempts: 3, OnAbandon: r.sender.Abandoned})
	return r
}

// drain runs the push lane once.
func (r *pushRig) drain(t *testing.T) {
	t.Helper()
	if err := r.lane.DrainOnce(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func TestPushTopupConfirmedToBurmeseCustomer(t *testing.T) {
	ctx := context.Background()
	h := newPushRig(t, "mailto:ops@shwe.test")
	keys, ps, sender := h.keys, h.ps, h.sender
	drain := func() { t.Helper(); h.drain(t) }

	b := h.buyer(t, 0)
	if _, err := h.db.SetLocale(ctx, b.ID, store.LocaleBurmese); err != nil {
		t.Fatal(err)
	}
	sub := newBrowserSub(t, ps.URL+"/push/v1/phone")
	h.call(t, b.token, "POST", "/api/account/push-subscriptions", sub.json()).want(t, 201)

	tp := h.topup(t, b.User, 5000, time.Minute, "push-receipt-1")
	h.call(t, h.boss.token, "POST", fmt.Sprintf("/api/admin/topups/%d/confirm", tp.ID), nil).want(t, 200)

	// Crash-safety: the push is in the outbox, committed by the confirming
	// transaction itself (now() is the transaction's start: the event,
	// the decision and the message share it), before anything is sent.
	var sameTx []bool
	err := h.db.SQL().Select(&sameTx, `
		SELECT o.created_at = t.decided_at AND o.created_at = m.created_at
		FROM outbox o
		JOIN messages m ON m.id = (o.payload->>'message_id')::bigint
		JOIN topup_orders t ON t.id = $1
		WHERE o.event = 'webpush.message' AND o.sent_at IS NULL AND m.user_id = $2`, tp.ID, b.ID)
	if err != nil || len(sameTx) != 1 || !sameTx[0] {
		t.Fatalf("push events waiting for the confirmation: %v (%v), want one written in its transaction", sameTx, err)
	}
	if got := ps.take(); len(got) != 0 {
		t.Fatalf("%d pushes before the outbox ran", len(got))
	}

	drain()
	got := ps.take()
	if len(got) != 1 {
		t.Fatalf("%d pushes for one confirmation, want 1", len(got))
	}
	if got[0].path != "/push/v1/phone" {
		t.Fatalf("posted to %s", got[0].path)
	}
	p, raw := openPush(t, got[0], sub, keys)
	wantTitle := i18n.T(i18n.TopupConfirmedTitle, "topup", fmt.Sprint(tp.ID)).In(i18n.In(i18n.My))
	if p.Title != wantTitle || !burmese(p.Body) || p.URL != "/wallet" || p.Tag == "" {
		t.Fatalf("payload %s; want the Burmese title %q, a Burmese body, url /wallet and a tag", raw, wantTitle)
	}
	for _, secret := range []string{b.token, "shopper-pw", sub.endpoint, base64.RawURLEncoding.EncodeToString(sub.auth)} {
		if strings.Contains(raw, secret) {
			t.Fatalf("payload %s carries a secret (%q)", raw, secret)
		}
	}
	// Exactly one: the event is done, a second pass sends nothing.
	drain()
	if got := ps.take(); len(got) != 0 {
		t.Fatalf("%d more pushes on a second pass", len(got))
	}

	// A delivered code: the notification says it is ready and opens the
	// order; the code itself stays out.
	buyer := h.buyer(t, 100000)
	codeSub := newBrowserSub(t, ps.URL+"/push/v1/buyer")
	h.call(t, buyer.token, "POST", "/api/account/push-subscriptions", codeSub.json()).want(t, 201)
	bought := h.order(t, buyer, map[string]any{"product_id": h.productID(t, "steam-wallet-5")}, "").want(t, 201)
	code, _ := bought.json["code"].(string)
	orderID := int64(obj(bought.json, "order")["id"].(float64))
	drain()
	got = ps.take()
	if code == "" || len(got) != 1 {
		t.Fatalf("code %q, %d pushes for one code order, want 1", code, len(got))
	}
	p, raw = openPush(t, got[0], codeSub, keys)
	if strings.Contains(raw, code) || p.URL != fmt.Sprintf("/orders/%d", orderID) || p.Tag != fmt.Sprintf("order-%d", orderID) {
		t.Fatalf("code delivery payload %s (code %s)", raw, code)
	}

	// An admin message: the admin's own words stay out of the payload.
	h.call(t, h.boss.token, "POST", fmt.Sprintf("/api/messages/user/%d", b.ID),
		map[string]string{"title": "Your PIN 4711", "body": "password: hunter2"}).want(t, 201)
	drain()
	got = ps.take()
	if len(got) != 1 {
		t.Fatalf("%d pushes for one admin message, want 1", len(got))
	}
	p, raw = openPush(t, got[0], sub, keys)
	if strings.Contains(raw, "4711") || strings.Contains(raw, "hunter2") || !burmese(p.Title) || !strings.HasPrefix(p.URL, "/") {
		t.Fatalf("admin message payload %s", raw)
	}

	// 410 Gone: the subscription is removed, and nothing is retried.
	ps.answer(http.StatusGone)
	tp2 := h.topup(t, b.User, 3000, time.Minute, "push-receipt-2")
	h.call(t, h.boss.token, "POST", fmt.Sprintf("/api/admin/topups/%d/reject", tp2.ID), map[string]string{"reason": "wrong amount"}).want(t, 200)
	drain()
	if got := ps.take(); len(got) != 1 {
		t.Fatalf("%d pushes for the rejection, want 1", len(got))
	}
	if n, _ := h.db.PushSubscriptionCount(ctx, b.ID); n != 0 {
		t.Fatalf("after 410 the customer still has %d subscriptions", n)
	}
	if c := sender.Counts(); c.Sent != 3 || c.Removed != 1 || c.Failed != 0 {
		t.Fatalf("counts %+v, want 3 sent, 1 removed", c)
	}

	// A failing push service is retried a bounded number of times, then
	// given up and counted; the live lane is not held up meanwhile.
	ps.answer(http.StatusInternalServerError)
	sub2 := newBrowserSub(t, ps.URL+"/push/v1/again")
	h.call(t, b.token, "POST", "/api/account/push-subscriptions", sub2.json()).want(t, 201)
	tp3 := h.topup(t, b.User, 2000, time.Minute, "push-receipt-3")
	h.call(t, h.boss.token, "POST", fmt.Sprintf("/api/admin/topups/%d/confirm", tp3.ID), nil).want(t, 200)
	for range 3 {
		drain()
		h.db.SQL().MustExec(`UPDATE outbox SET next_attempt_at = now() WHERE sent_at IS NULL AND event LIKE 'webpush.%'`)
	}
	if got := ps.take(); len(got) != 3 {
		t.Fatalf("%d tries against a failing push service, want 3", len(got))
	}
	if c := sender.Counts(); c.Failed != 3 || c.Abandoned != 1 {
		t.Fatalf("counts %+v, want 3 failed, 1 abandoned", c)
	}
	var pending int
	_ = h.db.SQL().Get(&pending, `SELECT count(*) FROM outbox WHERE sent_at IS NULL AND event LIKE 'webpush.%'`)
	if pending != 0 {
		t.Fatalf("%d push events still pending after giving up", pending)
	}

	// Revoking the session ends its subscription: no event, no push.
	ps.answer(http.StatusCreated)
	h.call(t, b.token, "POST", "/api/logout", nil).want(t, 200)
	if n, _ := h.db.PushSubscriptionCount(ctx, b.ID); n != 0 {
		t.Fatalf("after signing out the customer has %d subscriptions", n)
	}
	tp4 := h.topup(t, b.User, 1000, time.Minute, "push-receipt-4")
	h.call(t, h.boss.token, "POST", fmt.Sprintf("/api/admin/topups/%d/confirm", tp4.ID), nil).want(t, 200)
	drain()
	if got := ps.take(); len(got) != 0 {
		t.Fatalf("%d pushes to a signed-out session", len(got))
	}
}

func TestPushTopupWaitingToAdmins(t *testing.T) {
	h := newPushRig(t, "https://shwe.test")
	ps := h.ps
	sub := newBrowserSub(t, ps.URL+"/push/admin")
	// The admin's app is in English.
	h.do(t, authReq{method: "POST", path: "/api/account/push-subscriptions", token: h.boss.token, body: sub.json(),
		header: map[string]string{"Accept-Language": "en"}}).want(t, 201)

	b := h.buyer(t, 0)
	tp := h.topup(t, b.User, 7000, 0, "push-admin-1")
	h.drain(t)
	got := ps.take()
	if len(got) != 1 {
		t.Fatalf("%d pushes for a new top-up, want 1 (one subscribed admin)", len(got))
	}
	p, raw := openPush(t, got[0], sub, h.keys)
	if p.URL != fmt.Sprintf("/dashboard/topups/%d", tp.ID) || !strings.Contains(p.Title, fmt.Sprint(tp.ID)) || burmese(raw) {
		t.Fatalf("admin payload %s", raw)
	}
}

// A top-up notice goes to the subscription's owner when it is sent, and
// a browser registering again moves its subscription: an endpoint an
// admin used, taken over by a customer's sign-in on the same browser
// before the notice went out, must not tell that customer about another
// customer's top-up.
func TestPushTopupWaitingOnlyToAnAdmin(t *testing.T) {
	h := newPushRig(t, "https://shwe.test")
	sub := newBrowserSub(t, h.ps.URL+"/push/shared-browser")
	h.call(t, h.boss.token, "POST", "/api/account/push-subscriptions", sub.json()).want(t, 201)
	b := h.buyer(t, 0)
	h.topup(t, b.User, 7000, 0, "push-admin-moved")
	customer := h.buyer(t, 0)
	h.call(t, customer.token, "POST", "/api/account/push-subscriptions", sub.json()).want(t, 201)
	h.drain(t)
	if got := h.ps.take(); len(got) != 0 {
		p, raw := openPush(t, got[0], sub, h.keys)
		t.Fatalf("a customer got an admin's top-up notice: %+v %s", p, raw)
	}
}

// A long reason in Burmese (three bytes a letter) still fits one
// notification: the body is shortened, never refused by the encryption's
// record size and retried until given up.
func TestPushLongBurmeseReasonFits(t *testing.T) {
	ctx := context.Background()
	h := newPushRig(t, "mailto:ops@shwe.test")
	b := h.buyer(t, 100_000)
	if _, err := h.db.SetLocale(ctx, b.ID, store.LocaleBurmese); err != nil {
		t.Fatal(err)
	}
	sub := newBrowserSub(t, h.ps.URL+"/push/long")
	h.call(t, b.token, "POST", "/api/account/push-subscriptions", sub.json()).want(t, 201)
	o := h.coinOrder(t, b)
	h.drain(t)
	h.ps.take() // the order's own notice
	r := h.call(t, b.token, "POST", fmt.Sprintf("/api/orders/%d/refund", o), map[string]any{"reason": "not received"}).want(t, 201)
	// The longest reason an admin may give, ~3,000 bytes in Burmese.
	reason := string([]rune(strings.Repeat("ငွေလွှဲပြေစာ မမှန်ပါ။ ", 80))[:store.MaxRefundReason])
	h.call(t, h.boss.token, "POST", fmt.Sprintf("/api/admin/refunds/%d/deny", num(r.data()["id"])), map[string]any{"reason": reason}).want(t, 200)
	h.drain(t)
	got := h.ps.take()
	if len(got) != 1 {
		t.Fatalf("%d pushes for a denial with a long reason, want 1", len(got))
	}
	p, _ := openPush(t, got[0], sub, h.keys)
	if !burmese(p.Body) || !utf8.ValidString(p.Body) || !strings.HasSuffix(p.Body, "…") {
		t.Fatalf("body %q", p.Body)
	}
}
