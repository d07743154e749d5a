package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"topup/sql/seed"
	"topup/store"
	"topup/store/storetest"
)

// FuzzHTTP throws random requests (method, target, headers, body, and
// whether a customer's or an admin's token rides along) at the whole
// binary as `topup serve` runs it — REST API, realtime server, web app —
// over TCP, against a real PostgreSQL seeded with the demo store. After
// every request: no 5xx, an answer at all (a panic outside a handler would
// kill the process), and every wallet still equals the sum of its ledger.
//
// make test runs it for a few seconds (FUZZTIME, default 2000x executions); by hand:
//
//	TEST_DATABASE_URL=$(scripts/devdb.sh) go test -run '^$' -fuzz '^FuzzHTTP$' -fuzztime 10m ./cmd/topup
//
// New failing inputs land in testdata/fuzz/FuzzHTTP and then run with
// every `go test` as regression cases.
func FuzzHTTP(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s.method, s.target, s.headers, []byte(s.body), s.who)
	}
	srv := startFuzzServer(f)
	f.Fuzz(func(t *testing.T, method, target, headers string, body []byte, who uint8) {
		raw := fuzzRequest(method, target, headers, body, srv.token(who))
		status, answer, err := srv.send(raw)
		if err != nil {
			t.Fatalf("no answer to\n%q\n%v\nserver log:\n%s", raw, err, srv.logTail())
		}
		if status >= 500 && !srv.unbuiltWebApp(status, raw, answer) {
			t.Fatalf("%d for\n%q\nanswer %s\nserver log:\n%s", status, raw, answer, srv.logTail())
		}
		bad, err := srv.db.CheckLedger(context.Background())
		if err != nil || len(bad) > 0 {
			t.Fatalf("ledger invariant after\n%q\n%+v %v", raw, bad, err)
		}
	})
}

// unbuiltWebApp is the 503 a binary built before the web app answers for
// the app's pages (api/web.go): `go test` may run before `npm run build`.
// It is known by its text (a HEAD answer has none).
func (s *fuzzServer) unbuiltWebApp(status int, raw, answer []byte) bool {
	return !s.webBuilt && status == http.StatusServiceUnavailable &&
		(bytes.HasPrefix(answer, []byte("The web app is not built")) || bytes.HasPrefix(raw, []byte("HEAD ")))
}

type fuzzServer struct {
	addr            string
	db              *store.DB
	customer, admin string // bearer tokens
	webBuilt        bool
	logMu           sync.Mutex
	log             bytes.Buffer
}

func (s *fuzzServer) Write(p []byte) (int, error) {
	s.logMu.Lock()
	defer s.logMu.Unlock()
	if s.log.Len() > 1<<20 {
		s.log.Reset()
	}
	return s.log.Write(p)
}

func (s *fuzzServer) logTail() string {
	s.logMu.Lock()
	defer s.logMu.Unlock()
	b := s.log.Bytes()
	if len(b) > 4096 {
		b = b[len(b)-4096:]
	}
	return string(b)
}

func (s *fuzzServer) token(who uint8) string {
	switch who % 3 {
	case 1:
		return s.customer
	case 2:
		return s.admin
	}
	return ""
}

// startFuzzServer migrates and seeds a fresh database, runs `topup serve`
// on it until the fuzz target ends, and logs in the demo customer and
// admin.
func startFuzzServer(f *testing.F) *fuzzServer {
	f.Helper()
	s := &fuzzServer{addr: freeAddr(f)}
	dsn := storetest.EmptyDSN(f)
	vars := map[string]string{"DATABASE_URL": dsn, "LISTEN_ADDR": s.addr, "UPLOAD_DIR": f.TempDir(),
		"SHUTDOWN_TIMEOUT": "2", "LOG_FORMAT": "json", "LOG_LEVEL": "warn"}
	e := env{getenv: envOf(vars), stdin: strings.NewReader(""), stdout: io.Discard, stderr: s}
	ctx, stop := context.WithCancel(context.Background())
	for _, cmd := range []string{"migrate", "seed"} {
		if err := run(ctx, []string{cmd}, e); err != nil {
			f.Fatalf("%s: %v", cmd, err)
		}
	}
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"serve", "-no-migrate"}, e) }()
	f.Cleanup(func() {
		stop()
		<-done
	})
	db, err := store.Open(ctx, dsn)
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { db.Close() })
	s.db = db
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if status, _, err := s.send([]byte("GET /healthz HTTP/1.1\r\nHost: fuzz\r\nConnection: close\r\n\r\n")); err == nil && status == 200 {
			break
		}
		if time.Now().After(deadline) {
			f.Fatalf("the server never answered:\n%s", s.logTail())
		}
	}
	status, _, _ := s.send([]byte("GET /home HTTP/1.1\r\nHost: fuzz\r\nConnection: close\r\n\r\n"))
	s.webBuilt = status != http.StatusServiceUnavailable
	s.customer = s.login(f, seed.CustomerPhone, seed.CustomerPassword)
	s.admin = s.login(f, seed.AdminPhone, seed.AdminPassword)
	return s
}

func (s *fuzzServer) login(f *testing.F, phone, password string) string {
	body, _ := json.Marshal(map[string]string{"phone_number": phone, "password": password})
	status, answer, err := s.send(fuzzRequest("POST", "/api/login", "Content-Type: application/json", body, ""))
	var out struct{ Token string }
	if err != nil || status != 200 || json.Unmarshal(answer, &out) != nil || out.Token == "" {
		f.Fatalf("login %s: %d %s %v", phone, status, answer, err)
	}
	return out.Token
}

// send writes one raw request on a new connection and reads the answer.
func (s *fuzzServer) send(raw []byte) (int, []byte, error) {
	conn, err := net.DialTimeout("tcp", s.addr, 5*time.Second)
	if err != nil {
		return 0, nil, err
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(30 * time.Second))
	if _, err := conn.Write(raw); err != nil {
		return 0, nil, err
	}
	method, _, _ := strings.Cut(string(raw), " ")
	res, err := http.ReadResponse(bufio.NewReader(conn), &http.Request{Method: method})
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	if res.StatusCode == http.StatusSwitchingProtocols {
		return res.StatusCode, nil, nil // a websocket: the handshake is the answer
	}
	b, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	return res.StatusCode, b, err
}

var fuzzMethods = []string{"GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"}

// fuzzRequest builds HTTP/1.1 bytes from fuzzed parts: the method becomes
// one of fuzzMethods unless it is a short token; the target keeps its bytes
// but spaces and control characters are percent-encoded (else they would
// end the request line); each header line "Name: value" is kept unless it
// frames the message (Content-Length, Transfer-Encoding, Connection, Host,
// Expect, which the fuzzer cannot get right by chance); the body is sent
// whole with its length.
func fuzzRequest(method, target, headers string, body []byte, token string) []byte {
	if !isToken(method) || len(method) > 12 {
		method = fuzzMethods[len(method)%len(fuzzMethods)]
	}
	if len(target) > 4096 {
		target = target[:4096]
	}
	var t strings.Builder
	if !strings.HasPrefix(target, "/") {
		t.WriteByte('/')
	}
	for i := 0; i < len(target); i++ {
		if c := target[i]; c <= ' ' || c == 0x7f {
			fmt.Fprintf(&t, "%%%02X", c)
		} else {
			t.WriteByte(c)
		}
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s %s HTTP/1.1\r\nHost: fuzz\r\nConnection: close\r\n", method, t.String())
	hasAuth := false
	for i, line := range strings.Split(headers, "\n") {
		name, value, ok := strings.Cut(strings.TrimRight(line, "\r"), ":")
		if !ok || i >= 32 || !isToken(name) || len(value) > 2048 || strings.ContainsAny(value, "\r\n") {
			continue
		}
		switch strings.ToLower(name) {
		case "content-length", "transfer-encoding", "connection", "host", "expect", "te", "trailer":
			continue
		case "authorization":
			hasAuth = true
		}
		fmt.Fprintf(&b, "%s:%s\r\n", name, value)
	}
	if token != "" && !hasAuth {
		fmt.Fprintf(&b, "Authorization: Bearer %s\r\n", token)
	}
	fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n", len(body))
	b.Write(body)
	return b.Bytes()
}

// isToken reports whether s is an HTTP token (a method or header name).
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c >= 0x7f || strings.IndexByte(`"(),/:;<=>?@[\]{}`, c) >= 0 {
			return false
		}
	}
	return true
}

const (
	jsonType   = "Content-Type: application/json"
	asNobody   = uint8(0)
	asCustomer = uint8(1)
	asAdmin    = uint8(2)
)

// fuzzSeeds reach every route with a plausible request; the fuzzer
// mutates from here.
var fuzzSeeds = []struct {
	method, target, headers, body string
	who                           uint8
}{
	{"GET", "/healthz", "", "", asNobody},
	{"GET", "/readyz", "", "", asNobody},
	{"GET", "/metrics", "", "", asNobody},
	{"GET", "/home", "Accept-Encoding: br, gzip", "", asCustomer},
	{"GET", "/assets/missing.js", "If-None-Match: \"x\"", "", asNobody},
	{"GET", "/media/games/mlbb.svg", "", "", asNobody},
	{"GET", "/api/config", "", "", asNobody},
	{"GET", "/api/services", "", "", asNobody},
	{"GET", "/api/games?service=top-up", "", "", asNobody},
	{"GET", "/api/products?game=mobile-legends&page=2&per_page=5&q=dia", "", "", asNobody},
	{"GET", "/api/products/1", "", "", asNobody},
	{"GET", "/api/banner", "", "", asNobody},
	{"GET", "/api/reviews?page=1", "", "", asNobody},
	{"GET", "/api/search?q=%E1%80%85%E1%80%AD%E1%80%94%E1%80%BA", "", "", asNobody},
	{"GET", "/api/payment-methods", "", "", asNobody},
	{"POST", "/api/register", jsonType, `{"username":"fuzz","phone_number":"09420001234","password":"secret1","password_confirmation":"secret1"}`, asNobody},
	{"POST", "/api/login", jsonType, `{"phone_number":"09123456789","password":"wrong"}`, asNobody},
	{"POST", "/api/logout", "", "", asNobody},
	{"GET", "/api/user/2", "", "", asCustomer},
	{"POST", "/api/otp/send", jsonType, `{"phone_number":"+959123456789","captcha_token":"x"}`, asNobody},
	{"POST", "/api/otp/verify", jsonType, `{"phone_number":"+959123456789","code":"123456"}`, asNobody},
	{"POST", "/api/reset-password-phone", jsonType, `{"phone_number":"+959123456789","password":"secret1","password_confirmation":"secret1","reset_token":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}`, asNobody},
	{"GET", "/api/admin-status", "", "", asNobody},
	{"POST", "/api/broadcasting/auth", "Content-Type: application/x-www-form-urlencoded", "socket_id=1.2&channel_name=private-user.2", asCustomer},
	{"POST", "/broadcasting/auth", jsonType, `{"socket_id":"1.2","channel_name":"private-admins"}`, asAdmin},
	{"POST", "/api/order", jsonType + "\nIdempotency-Key: k1", `{"product_id":58}`, asCustomer},
	{"POST", "/api/order", jsonType, `{"product_id":4,"game_uid":"123456789","server_id":"1234"}`, asCustomer},
	{"GET", "/api/orders?page=1&per_page=10", "", "", asCustomer},
	{"GET", "/api/message/2", "", "", asCustomer},
	{"PATCH", "/api/messages/1/read", "", "", asCustomer},
	{"DELETE", "/api/messages/1", "", "", asCustomer},
	{"POST", "/api/messages/user/2", jsonType, `{"title":"Hi","body":"Hello"}`, asAdmin},
	{"POST", "/api/reviews", jsonType, `{"order_id":1,"rating":5,"comment":"good"}`, asCustomer},
	{"POST", "/api/uploads", "Content-Type: multipart/form-data; boundary=X", "--X\r\nContent-Disposition: form-data; name=\"file\"; filename=\"r.png\"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n\r\n--X--\r\n", asCustomer},
	{"GET", "/api/uploads/1", "", "", asAdmin},
	{"GET", "/api/topup-quote?amount=5000", "", "", asCustomer},
	{"POST", "/api/topup-orders", jsonType + "\nIdempotency-Key: t1", `{"amount":5000,"payment_method":"KBZPay","upload_id":1,"quote":"v2.2.5000.1.9999999999.00000000000000000000000000000000.00"}`, asCustomer},
	{"POST", "/api/topup-orders", jsonType, `{"amount":5100,"paymentMethod":"kbzpay","receipt_id":1,"quote":"x"}`, asCustomer},
	{"GET", "/api/topup-orders", "", "", asCustomer},
	{"GET", "/api/admin/overview", "", "", asAdmin},
	{"GET", "/api/admin/topups?status=all&page=1", "", "", asAdmin},
	{"GET", "/api/admin/topups/1", "", "", asAdmin},
	{"POST", "/api/admin/topups/1/confirm", "", "", asAdmin},
	{"POST", "/api/admin/topups/1/reject", jsonType, `{"reason":"No transfer"}`, asAdmin},
	{"GET", "/api/admin/orders?q=%230001&status=pending", "", "", asAdmin},
	{"GET", "/api/admin/orders/queue", "", "", asAdmin},
	{"POST", "/api/admin/orders/1/claim", "", "", asAdmin},
	{"POST", "/api/admin/orders/1/complete", jsonType, `{"reason":"","override":false}`, asAdmin},
	{"POST", "/api/admin/orders/1/fail", jsonType, `{"reason":"Wrong ID"}`, asAdmin},
	{"GET", "/api/admin/users?q=0912&banned=1&admins=0", "", "", asAdmin},
	{"GET", "/api/admin/users/2/ledger?before=10&limit=5", "", "", asAdmin},
	{"POST", "/api/admin/users/2/ban", jsonType, `{"reason":"Fake receipts"}`, asAdmin},
	{"POST", "/api/admin/users/2/unban", jsonType, `{"reason":"Appeal"}`, asAdmin},
	{"POST", "/api/admin/users/2/wallet", jsonType + "\nIdempotency-Key: 1", `{"amount":-100,"reason":"Correction"}`, asAdmin},
	{"POST", "/api/admin/services", jsonType, `{"name":"Gift","slug":"gift","kind":"code"}`, asAdmin},
	{"PATCH", "/api/admin/games/1", jsonType, `{"name":"MLBB","is_active":true}`, asAdmin},
	{"POST", "/api/admin/products", jsonType, `{"name":"Fuzz","game_id":1,"price":1000}`, asAdmin},
	{"PUT", "/api/admin/products/60/credentials", jsonType, `{"login":"a","password":"b"}`, asAdmin},
	{"POST", "/api/admin/products/60/credentials/reveal", jsonType, `{"reason":"support"}`, asAdmin},
	{"POST", "/api/admin/products/58/codes", jsonType, `{"codes":"A1\nB2","batch":"b"}`, asAdmin},
	{"GET", "/api/admin/codes/stock", "", "", asAdmin},
	{"POST", "/api/admin/payment-methods", jsonType, `{"name":"Fuzz Pay","holder_name":"U","phone":"09000000123","kind":"wallet"}`, asAdmin},
	{"POST", "/api/admin/banners", jsonType, `{"image_url":"/media/x.png","link_url":"/home"}`, asAdmin},
	{"DELETE", "/api/admin/banners/1", "", "", asAdmin},
	{"POST", "/api/admin/media", "Content-Type: multipart/form-data; boundary=Y", "--Y\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\n\r\nxx\r\n--Y--\r\n", asAdmin},
	{"PATCH", "/api/admin/reviews/1", jsonType, `{"is_hidden":true}`, asAdmin},
	{"PUT", "/api/admin/settings/admin-online", jsonType, `{"online":true}`, asAdmin},
	{"GET", "/api/admin/audit?action=user.ban", "", "", asAdmin},
	{"POST", "/api/admin/events", jsonType, `{"channel":"private-user.2","event":"diagnostic.ping","data":{}}`, asAdmin},
	{"GET", "/app/topup-key?protocol=7", "Upgrade: websocket\nSec-WebSocket-Version: 13\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "", asNobody},
	{"POST", "/apps/topup/events?auth_key=topup-key&auth_timestamp=1&auth_version=1.0&auth_signature=x", jsonType, `{"name":"e","channel":"c","data":"{}"}`, asNobody},
	{"GET", "/apps/topup/channels", "", "", asNobody},
}
