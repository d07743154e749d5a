package main

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"topup/sql/seed"
	"topup/store"
	"topup/store/storetest"
)

// Sessions are cached on each node (api/session_cache.go), yet a logout,
// a ban or a demotion on one node, or by `topup admin`, shows on the very
// next request on another: two `topup serve` nodes on one PostgreSQL and
// one Redis, each request with no pause in between.
func TestRevocationShowsAtOnceOnEveryNode(t *testing.T) {
	redisURL := os.Getenv("TEST_REDIS_URL")
	if redisURL == "" {
		t.Fatal("TEST_REDIS_URL is not set; scripts/test.sh starts a Redis (scripts/devredis.sh)")
	}
	var p [6]byte
	_, _ = rand.Read(p[:])
	dsn := storetest.EmptyDSN(t)
	vars := map[string]string{"DATABASE_URL": dsn, "UPLOAD_DIR": t.TempDir(), "SHUTDOWN_TIMEOUT": "2",
		"LOG_LEVEL": "error", "REDIS_URL": redisURL, "REDIS_PREFIX": "sessiontest-" + hex.EncodeToString(p[:]) + ":"}
	ctx := context.Background()
	e, _ := testEnv(vars, "")
	for _, cmd := range []string{"migrate", "seed"} {
		if err := run(ctx, []string{cmd}, e); err != nil {
			t.Fatalf("%s: %v", cmd, err)
		}
	}
	if err := run(ctx, []string{"admin", "create", "-username", "deputy", "-phone", "09777777779", "-password", "secret123"}, e); err != nil {
		t.Fatal(err)
	}
	var nodes []*node
	for range 2 {
		n := &node{vars: map[string]string{}}
		for k, v := range vars {
			n.vars[k] = v
		}
		n.vars["LISTEN_ADDR"] = freeAddr(t)
		n.start(t)
		t.Cleanup(func() { n.terminate(t) })
		nodes = append(nodes, n)
	}
	a, b := "http://"+nodes[0].vars["LISTEN_ADDR"], "http://"+nodes[1].vars["LISTEN_ADDR"]

	db, err := store.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// token makes a session as login does, without login's rate limit.
	token := func(userID int64) string {
		t.Helper()
		raw := make([]byte, 32)
		_, _ = rand.Read(raw)
		tok := base64.RawURLEncoding.EncodeToString(raw)
		sum := sha256.Sum256([]byte(tok))
		if _, err := db.CreateToken(ctx, userID, sum[:], "test", time.Now(), time.Now().Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		return tok
	}
	call := func(method, url, tok, body string) (int, string) {
		t.Helper()
		req, _ := http.NewRequest(method, url, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if tok != "" {
			req.Header.Set("Authorization", "Bearer "+tok)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		raw, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(raw)
	}
	want := func(status int, method, url, tok, body, after string) {
		t.Helper()
		if got, raw := call(method, url, tok, body); got != status {
			t.Fatalf("%s %s after %s: %d %s, want %d", method, url, after, got, raw, status)
		}
	}
	customer, err := db.UserByPhone(ctx, seed.CustomerPhone)
	if err != nil {
		t.Fatal(err)
	}
	self := fmt.Sprintf("/api/user/%d", customer.ID)

	// The cache is real: a token revoked behind every server's back (no
	// store function, so no node hears of it) still works on a node that
	// has it cached, and stops within the cache's lifetime.
	tok := token(customer.ID)
	want(200, "GET", b+self, tok, "", "sign-in")
	if _, err := db.SQL().ExecContext(ctx, `UPDATE api_tokens SET revoked_at = now() WHERE token_hash = $1`, sha256Of(tok)); err != nil {
		t.Fatal(err)
	}
	want(200, "GET", b+"/api/orders", tok, "", "a revocation no server heard of (cached)")
	want(401, "GET", a+"/api/orders", tok, "", "a revocation no server heard of, on a node without it cached")

	// Logout on A: the very next request on B is refused, every time.
	for i := range 20 {
		tok := token(customer.ID)
		want(200, "GET", b+"/api/orders", tok, "", "sign-in")
		want(200, "GET", b+"/api/orders", tok, "", "sign-in (cached)")
		want(200, "POST", a+"/api/logout", tok, "", "sign-in")
		want(401, "GET", b+"/api/orders", tok, "", fmt.Sprintf("logout on the other node (round %d)", i))
		want(401, "POST", b+"/api/order", tok, `{"product_id":1}`, "logout on the other node")
	}

	// A ban on A ends the customer's sessions on B at once.
	boss := token(mustUser(t, db, seed.AdminPhone).ID)
	victim := token(customer.ID)
	want(200, "GET", b+"/api/orders", victim, "", "sign-in")
	want(200, "POST", a+fmt.Sprintf("/api/admin/users/%d/ban", customer.ID), boss, `{"reason":"chargeback fraud"}`, "sign-in")
	want(401, "GET", b+"/api/orders", victim, "", "a ban on the other node")
	// A new session of the banned user is refused from its first request.
	banned := token(customer.ID)
	want(403, "GET", b+"/api/orders", banned, "", "a ban")
	want(200, "POST", a+fmt.Sprintf("/api/admin/users/%d/unban", customer.ID), boss, `{"reason":"refund settled"}`, "the ban")
	want(200, "GET", b+"/api/orders", banned, "", "an unban on the other node")

	// A demotion by the operator's command, in its own process: the
	// deputy's cached admin session on B is a customer's at once.
	deputy := token(mustUser(t, db, "09777777779").ID)
	want(200, "GET", b+"/api/admin/users", deputy, "", "sign-in")
	if err := run(ctx, []string{"admin", "demote", "-phone", "09777777779"}, e); err != nil {
		t.Fatal(err)
	}
	want(403, "GET", b+"/api/admin/users", deputy, "", "`topup admin demote`")
	// And a password changed by the operator ends the session.
	want(200, "GET", b+"/api/orders", deputy, "", "the demotion")
	if err := run(ctx, []string{"admin", "password", "-phone", "09777777779", "-password", "another-secret-456"}, e); err != nil {
		t.Fatal(err)
	}
	want(401, "GET", b+"/api/orders", deputy, "", "`topup admin password`")

	// The catalogue is cached on each node too (api/catalogue_cache.go):
	// an admin's edit on A shows on B's very next read.
	var gameID int64
	var name string
	if err := db.SQL().QueryRowContext(ctx, `SELECT id, name FROM games ORDER BY id LIMIT 1`).Scan(&gameID, &name); err != nil {
		t.Fatal(err)
	}
	for i := range 5 {
		_, before := call("GET", b+"/api/games", "", "")
		renamed := fmt.Sprintf("%s %d", name, i)
		if strings.Contains(before, renamed) {
			t.Fatalf("round %d: already renamed", i)
		}
		want(200, "PATCH", a+fmt.Sprintf("/api/admin/games/%d", gameID), boss, fmt.Sprintf(`{"name":%q}`, renamed), "sign-in")
		if _, after := call("GET", b+"/api/games", "", ""); !strings.Contains(after, renamed) {
			t.Fatalf("round %d: node B still answers the games before the rename on A: %.300s", i, after)
		}
	}
}

func sha256Of(tok string) []byte {
	sum := sha256.Sum256([]byte(tok))
	return sum[:]
}

func mustUser(t *testing.T, db *store.DB, phone string) store.User {
	t.Helper()
	u, err := db.UserByPhone(context.Background(), phone)
	if err != nil {
		t.Fatal(err)
	}
	return u
}
