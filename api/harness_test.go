package api_test

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"topup/api"
	"topup/internal/captcha"
	"topup/internal/clientip"
	"topup/sql/seed"
	"topup/store"
	"topup/store/storetest"
)

// The API tests drive the real server against a real PostgreSQL, with a
// stepped clock, an SMS sender that records, and a broadcaster that signs
// the way Pusher does with a test secret. The harnesses build on each
// other: authHarness (accounts and requests), shopHarness (plus the demo
// catalogue and funded buyers) and adminHarness (admin_harness_test.go:
// plus two admins, receipts, media and a recording broadcaster).

const (
	testPusherKey    = "test-key"
	testPusherSecret = "test-secret"
)

type authClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *authClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *authClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

type authSMS struct{ to, text string }

type authSMSRecorder struct {
	mu   sync.Mutex
	sent []authSMS
	fail bool
}

func (r *authSMSRecorder) Send(_ context.Context, to, text string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.fail {
		return errors.New("gateway down")
	}
	r.sent = append(r.sent, authSMS{to, text})
	return nil
}

var authCodeRE = regexp.MustCompile(`\b[0-9]{6}\b`)

// lastCode is the code in the newest SMS to phone.
func (r *authSMSRecorder) lastCode(t *testing.T, to string) string {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	for i := len(r.sent) - 1; i >= 0; i-- {
		if r.sent[i].to == to {
			return authCodeRE.FindString(r.sent[i].text)
		}
	}
	t.Fatalf("no SMS to %s", to)
	return ""
}

// authBroadcaster signs with Pusher's algorithm: HMAC-SHA256 over
// socket_id:channel[:channel_data].
type authBroadcaster struct {
	mu         sync.Mutex
	admins     int
	countErr   error
	terminated []string
}

func authPusherSign(socketID, channel, channelData string) string {
	msg := socketID + ":" + channel
	if channelData != "" {
		msg += ":" + channelData
	}
	m := hmac.New(sha256.New, []byte(testPusherSecret))
	m.Write([]byte(msg))
	return testPusherKey + ":" + hex.EncodeToString(m.Sum(nil))
}

func (b *authBroadcaster) Publish(context.Context, []string, string, []byte) error { return nil }

func (b *authBroadcaster) AuthorizeChannel(socketID, channel, channelData string) (string, error) {
	return authPusherSign(socketID, channel, channelData), nil
}

// AuthenticateUser signs socket_id::user::user_data, as pusher:signin wants.
func (b *authBroadcaster) AuthenticateUser(socketID, userData string) (string, error) {
	m := hmac.New(sha256.New, []byte(testPusherSecret))
	m.Write([]byte(socketID + "::user::" + userData))
	return testPusherKey + ":" + hex.EncodeToString(m.Sum(nil)), nil
}

// TerminateUser records whose sockets were closed.
func (b *authBroadcaster) TerminateUser(_ context.Context, userID string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.terminated = append(b.terminated, userID)
	return nil
}

func (b *authBroadcaster) ChannelUserCount(_ context.Context, channel string) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if channel != "presence-admins" {
		return 0, nil
	}
	return b.admins, b.countErr
}

type authHarness struct {
	db    *store.DB
	srv   *api.Server
	opts  api.Options
	clock *authClock
	sms   *authSMSRecorder
	bc    *authBroadcaster
}

func newAuthHarness(t *testing.T, mod ...func(*api.Options)) *authHarness {
	t.Helper()
	h := &authHarness{
		db:    storetest.New(t),
		clock: &authClock{now: time.Now().UTC().Truncate(time.Second)},
		sms:   &authSMSRecorder{},
		bc:    &authBroadcaster{},
	}
	// Tests pick the client address per request with X-Real-IP, set by
	// the "proxy" that app.Test's connections come from (0.0.0.0).
	proxy, err := clientip.New("X-Real-IP", "0.0.0.0")
	if err != nil {
		t.Fatal(err)
	}
	opts := api.Options{
		Store: h.db, Broadcaster: h.bc, Log: zerolog.Nop(), Now: h.clock.Now, SMS: h.sms,
		ClientIP: proxy,
		Public:   api.PublicConfig{StoreName: "Shwe Top-Up"},
		// An easy captcha: the same checks, solved in microseconds.
		CaptchaMaxNumber: 1000,
	}
	for _, m := range mod {
		m(&opts)
	}
	h.opts = opts
	h.srv = api.New(opts)
	if err := h.srv.MountWeb(webFiles, mediaFiles); err != nil {
		t.Fatal(err)
	}
	return h
}

// authReq describes one call.
type authReq struct {
	method, path string
	body         any    // marshalled to JSON unless raw is set
	raw          string // sent as is
	contentType  string
	token        string
	ip           string
	header       map[string]string
	node         *api.Server // another node on the same database; nil is h.srv
}

type authResult struct {
	status int
	header http.Header
	body   string
	json   map[string]any
}

func (h *authHarness) do(t *testing.T, r authReq) authResult {
	t.Helper()
	var body io.Reader
	ctype := r.contentType
	switch {
	case r.raw != "":
		body = strings.NewReader(r.raw)
		if ctype == "" {
			ctype = "application/json" // as every client of ours sends it
		}
	case r.body != nil:
		b, err := json.Marshal(r.body)
		if err != nil {
			t.Fatal(err)
		}
		body = bytes.NewReader(b)
		if ctype == "" {
			ctype = "application/json"
		}
	}
	hr := httptest.NewRequest(r.method, r.path, body)
	if ctype != "" {
		hr.Header.Set("Content-Type", ctype)
	}
	if r.token != "" {
		hr.Header.Set("Authorization", "Bearer "+r.token)
	}
	ip := r.ip
	if ip == "" {
		ip = "10.0.0.1"
	}
	hr.Header.Set("X-Real-IP", ip)
	for k, v := range r.header {
		hr.Header.Set(k, v)
	}
	node := h.srv
	if r.node != nil {
		node = r.node
	}
	res, err := node.App().Test(hr, -1)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	out := authResult{status: res.StatusCode, header: res.Header, body: string(b)}
	_ = json.Unmarshal(b, &out.json)
	return out
}

// fieldError is the first message for field in an error answer.
func (r authResult) fieldError(field string) string {
	errs, _ := r.json["errors"].(map[string]any)
	list, _ := errs[field].([]any)
	if len(list) == 0 {
		return ""
	}
	s, _ := list[0].(string)
	return s
}

func (r authResult) str(key string) string {
	s, _ := r.json[key].(string)
	return s
}

func (r authResult) data() map[string]any {
	d, _ := r.json["data"].(map[string]any)
	return d
}

func (r authResult) want(t *testing.T, status int) authResult {
	t.Helper()
	if r.status != status {
		t.Fatalf("status = %d, want %d; body %s", r.status, status, r.body)
	}
	return r
}

// solve fetches a captcha challenge and solves it as the widget does,
// answering the payload a form posts as captcha_token.
func (h *authHarness) solve(t *testing.T) string {
	t.Helper()
	r := h.do(t, authReq{method: "GET", path: "/api/captcha/challenge"}).want(t, 200)
	var ch captcha.Challenge
	if err := json.Unmarshal([]byte(r.body), &ch); err != nil {
		t.Fatal(err)
	}
	payload, ok := captcha.Solve(ch)
	if !ok {
		t.Fatalf("unsolvable challenge %s", r.body)
	}
	return payload
}

// user creates an account directly in the store.
func (h *authHarness) user(t *testing.T, username, phone, pw string, admin bool) store.User {
	t.Helper()
	hash, err := storetest.PasswordHash(pw)
	if err != nil {
		t.Fatal(err)
	}
	u, err := h.db.CreateUser(context.Background(), store.NewUser{
		Username: username, Phone: phone, PasswordHash: hash, IsAdmin: admin,
		Email: strings.ToLower(username) + "@example.com",
	})
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// login answers a fresh token for phone and pw. It first steps the clock a
// minute, so a test's many logins never meet the login throttle.
func (h *authHarness) login(t *testing.T, phone, pw string) string {
	t.Helper()
	h.clock.Advance(time.Minute)
	r := h.do(t, authReq{method: "POST", path: "/api/login", body: map[string]string{"phone_number": phone, "password": pw},
		ip: "10.9.9.9"}).want(t, 200)
	tok := r.str("token")
	if tok == "" {
		t.Fatalf("no token in %s", r.body)
	}
	return tok
}

// ban bans u in the database as an admin's action would.
func (h *authHarness) ban(t *testing.T, u store.User, reason *string) {
	t.Helper()
	_, err := h.db.SQL().Exec(`UPDATE users SET is_banned = true, ban_reason = $2, banned_at = now() WHERE id = $1`, u.ID, reason)
	if err != nil {
		t.Fatal(err)
	}
}

// shopHarness is the account harness with the demo catalogue loaded and
// helpers for funded, signed-in buyers.
type shopHarness struct {
	*authHarness
	n int
}

func newShopHarness(t *testing.T, mod ...func(*api.Options)) *shopHarness {
	t.Helper()
	h := &shopHarness{authHarness: newAuthHarness(t, mod...)}
	if err := h.db.SeedDemo(context.Background(), seed.Demo(), storetest.PasswordHash); err != nil {
		t.Fatal(err)
	}
	return h
}

type buyer struct {
	store.User
	token string
}

// buyer makes a customer with wallet Ks (through the ledger) and signs in.
func (h *shopHarness) buyer(t *testing.T, wallet int64) buyer {
	t.Helper()
	h.n++
	phone := fmt.Sprintf("0943%07d", h.n)
	u := h.user(t, fmt.Sprintf("shopper%d", h.n), phone, "shopper-pw", false)
	if wallet > 0 {
		if _, err := h.db.AdjustWallet(context.Background(), u.ID, wallet, 0, "test funds", fmt.Sprintf("test:%d", u.ID)); err != nil {
			t.Fatal(err)
		}
	}
	return buyer{User: u, token: h.login(t, phone, "shopper-pw")}
}

func (h *shopHarness) admin(t *testing.T) buyer {
	t.Helper()
	h.n++
	phone := fmt.Sprintf("0944%07d", h.n)
	u := h.user(t, fmt.Sprintf("boss%d", h.n), phone, "boss-pw-123", true)
	return buyer{User: u, token: h.login(t, phone, "boss-pw-123")}
}

func (h *shopHarness) productID(t *testing.T, sku string) int64 {
	t.Helper()
	var id int64
	if err := h.db.SQL().Get(&id, `SELECT id FROM products WHERE sku = $1`, sku); err != nil {
		t.Fatalf("product %s: %v", sku, err)
	}
	return id
}

func (h *shopHarness) wallet(t *testing.T, id int64) int64 {
	t.Helper()
	u, err := h.db.UserByID(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return u.WalletAmount
}

func (h *shopHarness) checkLedger(t *testing.T) {
	t.Helper()
	bad, err := h.db.CheckLedger(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(bad) > 0 {
		t.Fatalf("ledger invariant broken: %+v", bad)
	}
}

func (h *shopHarness) order(t *testing.T, b buyer, body any, key string) authResult {
	t.Helper()
	r := authReq{method: "POST", path: "/api/order", body: body, token: b.token}
	if key != "" {
		r.header = map[string]string{"Idempotency-Key": key}
	}
	return h.do(t, r)
}

// obj digs a nested object out of a JSON answer.
func obj(m map[string]any, path ...string) map[string]any {
	for _, k := range path {
		m, _ = m[k].(map[string]any)
	}
	return m
}

func field(raw []byte, key string) any {
	var m map[string]any
	_ = json.Unmarshal(raw, &m)
	return m[key]
}

func pageData(r authResult) []any {
	list, _ := r.data()["data"].([]any)
	return list
}

func num(v any) int64 {
	f, _ := v.(float64)
	return int64(f)
}
