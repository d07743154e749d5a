package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/fasthttp/websocket"

	"topup/realtime/realtimetest"
	"topup/sql/seed"
	"topup/store/storetest"
)

// A ban on one node, or a demotion by `topup admin demote`, closes the
// admin's socket on another node: the page signs its socket in as its user
// (/api/broadcasting/user-auth, then pusher:signin) and joins
// private-admins; the change's outbox entry calls terminate_connections
// through the broadcaster, and the Redis adapter carries it to the node
// holding the socket, which closes it with 4009 (pusher-js then stays
// disconnected). Two `topup serve` nodes share one PostgreSQL and one Redis.
func TestBanClosesTheUsersSocketsOnEveryNode(t *testing.T) {
	redisURL := os.Getenv("TEST_REDIS_URL")
	if redisURL == "" {
		t.Fatal("TEST_REDIS_URL is not set; scripts/test.sh starts a Redis (scripts/devredis.sh)")
	}
	var p [6]byte
	_, _ = rand.Read(p[:])
	vars := map[string]string{"DATABASE_URL": storetest.EmptyDSN(t), "UPLOAD_DIR": t.TempDir(), "SHUTDOWN_TIMEOUT": "2",
		"LOG_LEVEL": "error", "REDIS_URL": redisURL, "REDIS_PREFIX": "bantest-" + hex.EncodeToString(p[:]) + ":"}
	ctx, stop := context.WithCancel(context.Background())
	e, _ := testEnv(vars, "")
	for _, cmd := range []string{"migrate", "seed"} {
		if err := run(ctx, []string{cmd}, e); err != nil {
			t.Fatalf("%s: %v", cmd, err)
		}
	}
	for i, phone := range []string{"09777777777", "09777777778"} {
		if err := run(ctx, []string{"admin", "create", "-username", fmt.Sprint("victim", i), "-phone", phone, "-password", "secret123"}, e); err != nil {
			t.Fatal(err)
		}
	}
	var nodes []string
	var done []chan error
	t.Cleanup(func() {
		stop()
		for _, ch := range done {
			<-ch
		}
	})
	// One after the other: serve sets the process's log level as it starts.
	// Each node is waited for until /readyz says "ready", not only 200: a
	// node answers 200 "degraded" before it hears the other nodes over
	// Redis, and a terminate sent to it then would be lost to it (pub/sub
	// keeps nothing), which is not what this test is about.
	for range 2 {
		addr := freeAddr(t)
		vars["LISTEN_ADDR"] = addr
		e, _ := testEnv(maps.Clone(vars), "")
		ch := make(chan error, 1)
		go func() { ch <- run(ctx, []string{"serve", "-no-migrate"}, e) }()
		nodes, done = append(nodes, addr), append(done, ch)
		var last string
		for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
			if res, err := http.Get("http://" + addr + "/readyz"); err == nil {
				b, _ := io.ReadAll(res.Body)
				res.Body.Close()
				var ready struct{ Status string }
				if res.StatusCode == 200 && json.Unmarshal(b, &ready) == nil && ready.Status == "ready" {
					break
				}
				last = fmt.Sprintf("%d %s", res.StatusCode, b)
			}
			if time.Now().After(deadline) {
				t.Fatalf("node %s never became ready: %s", addr, last)
			}
		}
	}
	a, b := nodes[0], nodes[1]

	call := func(addr, token, path, ctype, body string) map[string]any {
		t.Helper()
		req, _ := http.NewRequest("POST", "http://"+addr+path, strings.NewReader(body))
		req.Header.Set("Content-Type", ctype)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		raw, _ := io.ReadAll(res.Body)
		var out map[string]any
		if res.StatusCode != 200 || json.Unmarshal(raw, &out) != nil {
			t.Fatalf("POST %s: %d %s", path, res.StatusCode, raw)
		}
		return out
	}
	login := func(addr, phone, pw string) string {
		return call(addr, "", "/api/login", "application/json", fmt.Sprintf(`{"phone_number":%q,"password":%q}`, phone, pw))["token"].(string)
	}
	victimToken := login(b, "09777777777", "secret123")
	boss := login(a, seed.AdminPhone, seed.AdminPassword)

	var cfg struct {
		Data struct{ Pusher struct{ Key string } }
	}
	res, err := http.Get("http://" + b + "/api/config")
	if err != nil {
		t.Fatal(err)
	}
	err = json.NewDecoder(res.Body).Decode(&cfg)
	res.Body.Close()
	if err != nil || cfg.Data.Pusher.Key == "" {
		t.Fatalf("no pusher key in /api/config: %v", err)
	}
	form := func(kv ...string) string {
		v := url.Values{}
		for i := 0; i < len(kv); i += 2 {
			v.Set(kv[i], kv[i+1])
		}
		return v.Encode()
	}
	const formType = "application/x-www-form-urlencoded"
	// dashboard opens node B's socket as the web app does for an admin:
	// signed in as its user, subscribed to private-admins. It answers the
	// socket and the user's id.
	dashboard := func(token string) (*websocket.Conn, string) {
		t.Helper()
		ws, socketID := realtimetest.Connect(t, b, cfg.Data.Pusher.Key)
		expect := func(event string) {
			t.Helper()
			for {
				_ = ws.SetReadDeadline(time.Now().Add(10 * time.Second))
				var f struct{ Event string }
				if err := ws.ReadJSON(&f); err != nil {
					t.Fatalf("waiting for %s: %v", event, err)
				}
				if f.Event == event {
					return
				}
			}
		}
		signin := call(b, token, "/api/broadcasting/user-auth", formType, form("socket_id", socketID))
		if err := ws.WriteJSON(map[string]any{"event": "pusher:signin", "data": map[string]any{"auth": signin["auth"], "user_data": signin["user_data"]}}); err != nil {
			t.Fatal(err)
		}
		expect("pusher:signin_success")
		sub := call(b, token, "/api/broadcasting/auth", formType, form("socket_id", socketID, "channel_name", "private-admins"))
		if err := ws.WriteJSON(map[string]any{"event": "pusher:subscribe", "data": map[string]any{"channel": "private-admins", "auth": sub["auth"]}}); err != nil {
			t.Fatal(err)
		}
		expect("pusher_internal:subscription_succeeded")
		var u struct{ ID string }
		if err := json.Unmarshal([]byte(signin["user_data"].(string)), &u); err != nil || u.ID == "" {
			t.Fatalf("user_data %v: %v", signin["user_data"], err)
		}
		return ws, u.ID
	}
	// closed waits for ws to be closed with 4009 (terminate_connections).
	closed := func(ws *websocket.Conn, after string) {
		t.Helper()
		start := time.Now()
		for {
			_ = ws.SetReadDeadline(time.Now().Add(15 * time.Second))
			_, _, err := ws.ReadMessage()
			if err == nil {
				continue // events sent before the close
			}
			var ce *websocket.CloseError
			if !errors.As(err, &ce) || ce.Code != 4009 {
				t.Fatalf("the admin's socket on the other node after %s: %v, want close 4009", after, err)
			}
			t.Logf("closed %v after the %s", time.Since(start).Round(time.Millisecond), after)
			return
		}
	}

	ws, victim := dashboard(victimToken)
	call(a, boss, "/api/admin/users/"+victim+"/ban", "application/json", `{"reason":"leaked customer data"}`)
	closed(ws, "ban")

	// A demotion by the operator's command closes the dashboard too; the
	// demoted admin keeps the session but not the admin channels.
	demotedToken := login(b, "09777777778", "secret123")
	ws, _ = dashboard(demotedToken)
	if err := run(ctx, []string{"admin", "demote", "-phone", "09777777778"}, e); err != nil {
		t.Fatal(err)
	}
	closed(ws, "demotion")
	if err := run(ctx, []string{"admin", "demote", "-phone", "09777777778"}, e); err == nil || !strings.Contains(err.Error(), "is not an admin") {
		t.Fatalf("demoting a customer: %v, want a refusal", err)
	}
}
