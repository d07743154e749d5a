package redisadapter

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/fasthttp/websocket"
	"github.com/gofiber/fiber/v2"
	"github.com/redis/go-redis/v9"
	"github.com/rs/zerolog"

	"topup/realtime"
	"topup/realtime/realtimetest"
)

// Several realtime servers in this process, each on its own loopback port
// with its own adapter, sharing one Redis; real websocket clients.

const (
	tAppID  = "app1"
	tKey    = "key1"
	tSecret = "secret1"
)

// redisURL is the shared test Redis (make test starts one).
func redisURL(t *testing.T) string {
	t.Helper()
	u := os.Getenv("TEST_REDIS_URL")
	if u == "" {
		t.Fatal("TEST_REDIS_URL is not set: run scripts/devredis.sh (make test does) and export it")
	}
	return u
}

func uniquePrefix() string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return "test-" + hex.EncodeToString(b[:]) + ":"
}

type nodeOpts struct {
	url        string
	cluster    bool // url names a Redis Cluster
	prefix     string
	heartbeat  time.Duration
	ttl        time.Duration
	webhookURL string
	countEvery time.Duration // >0: the app counts subscriptions, announced this often
	queue      int           // the publish queue (default: the adapter's)
}

// backend is a Redis the cluster tests run against: the single test Redis,
// or the test Redis Cluster.
type backend struct {
	name    string
	url     string
	cluster bool
}

// forBackends runs f against a single Redis and against a Redis Cluster
// (make test starts both: scripts/devredis.sh, scripts/devrediscluster.sh).
func forBackends(t *testing.T, f func(t *testing.T, be backend)) {
	t.Run("redis", func(t *testing.T) { f(t, backend{"redis", redisURL(t), false}) })
	t.Run("cluster", func(t *testing.T) { f(t, backend{"cluster", redisClusterURL(t), true}) })
}

// redisClusterURL is the shared test Redis Cluster.
func redisClusterURL(t *testing.T) string {
	t.Helper()
	u := os.Getenv("TEST_REDIS_CLUSTER_URL")
	if u == "" {
		t.Fatal("TEST_REDIS_CLUSTER_URL is not set: run scripts/devrediscluster.sh (make test does) and export it")
	}
	return u
}

type tnode struct {
	t    *testing.T
	srv  *realtime.Server
	ad   *Adapter
	addr string
	dead bool
}

func startNode(t *testing.T, o nodeOpts) *tnode {
	t.Helper()
	if o.heartbeat == 0 {
		o.heartbeat = 100 * time.Millisecond
	}
	if o.ttl == 0 {
		o.ttl = 500 * time.Millisecond
	}
	ad, err := New(Options{URL: o.url, Cluster: o.cluster, Prefix: o.prefix, Heartbeat: o.heartbeat, NodeTTL: o.ttl, OpTimeout: 500 * time.Millisecond,
		Queue: o.queue, Log: testLog(t)})
	if err != nil {
		t.Fatal(err)
	}
	cfg := realtime.Config{
		Apps: []realtime.App{{ID: tAppID, Key: tKey, Secret: tSecret, Enabled: true, ClientEvents: true, WebhookURL: o.webhookURL,
			SubscriptionCount: o.countEvery > 0}},
		WebhookDelay:           200 * time.Millisecond,
		SubscriptionCountEvery: o.countEvery,
	}
	srv := realtime.New(cfg, zerolog.Nop(), ad)
	n := &tnode{t: t, srv: srv, ad: ad}
	n.addr = realtimetest.Serve(t, n)
	waitFor(t, "node ready", 5*time.Second, func() bool { return ad.Ready(context.Background()) == nil })
	return n
}

// Mount and Shutdown make the node a realtimetest.Server; a node stopped
// or crashed by the test is not shut down again.
func (n *tnode) Mount(r fiber.Router) { n.srv.Mount(r) }

func (n *tnode) Shutdown(ctx context.Context) error {
	if n.dead {
		return nil
	}
	n.dead = true
	return n.srv.Shutdown(ctx)
}

func (n *tnode) stop() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = n.Shutdown(ctx)
}

// crash stops the node as a SIGKILL would, as far as Redis can tell: the
// heartbeat stops and nothing is cleaned up. Its sockets are cut.
func (n *tnode) crash() {
	n.dead = true
	n.ad.stopOnce.Do(func() { close(n.ad.stop) })
	n.ad.bus.close()
	n.ad.wg.Wait()
	_ = n.ad.rdb.Close() // every later Redis call of this node fails
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_ = n.srv.Shutdown(ctx)
}

// signed sends a signed HTTP API request to the node.
func (n *tnode) signed(method, path string, query url.Values, body []byte) (int, []byte) {
	n.t.Helper()
	return realtimetest.Signed(n.t, n.addr, tKey, tSecret, method, path, query, body)
}

func (n *tnode) trigger(channel, event, data, except string) {
	n.t.Helper()
	body, _ := json.Marshal(map[string]any{"name": event, "channel": channel, "data": data, "socket_id": except})
	if except == "" {
		body, _ = json.Marshal(map[string]any{"name": event, "channel": channel, "data": data})
	}
	if code, b := n.signed("POST", "/apps/"+tAppID+"/events", nil, body); code != 200 {
		n.t.Fatalf("trigger: %d %s", code, b)
	}
}

type client struct {
	t        *testing.T
	ws       *websocket.Conn
	socketID string
	mu       sync.Mutex
	frames   chan frame
	closed   chan int
}

type frame struct {
	Event   string          `json:"event"`
	Channel string          `json:"channel"`
	Data    json.RawMessage `json:"data"`
	UserID  string          `json:"user_id"`
}

// str is data decoded from its JSON string.
func (f frame) str() string {
	var s string
	if json.Unmarshal(f.Data, &s) != nil {
		return string(f.Data)
	}
	return s
}

func (n *tnode) connect() *client {
	n.t.Helper()
	ws := realtimetest.Dial(n.t, n.addr, tKey, nil)
	c := &client{t: n.t, ws: ws, frames: make(chan frame, 1000), closed: make(chan int, 1)}
	go func() {
		for {
			_, b, err := ws.ReadMessage()
			if err != nil {
				code := 0
				var ce *websocket.CloseError
				if errors.As(err, &ce) {
					code = ce.Code
				}
				c.closed <- code
				close(c.frames)
				return
			}
			var f frame
			if json.Unmarshal(b, &f) == nil {
				c.frames <- f
			}
		}
	}()
	f := c.expect("pusher:connection_established")
	var d struct {
		SocketID string `json:"socket_id"`
	}
	_ = json.Unmarshal([]byte(f.str()), &d)
	c.socketID = d.SocketID
	return c
}

func (c *client) send(event, channel string, data any) {
	c.t.Helper()
	m := map[string]any{"event": event, "data": data}
	if channel != "" {
		m["channel"] = channel
	}
	b, _ := json.Marshal(m)
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.ws.WriteMessage(websocket.TextMessage, b); err != nil {
		c.t.Fatal(err)
	}
}

// next returns the next frame other than pings.
func (c *client) next(d time.Duration) (frame, bool) {
	deadline := time.After(d)
	for {
		select {
		case f, ok := <-c.frames:
			if !ok {
				return frame{}, false
			}
			if f.Event == "pusher:ping" {
				continue
			}
			return f, true
		case <-deadline:
			return frame{}, false
		}
	}
}

func (c *client) expect(event string) frame {
	c.t.Helper()
	f, ok := c.next(5 * time.Second)
	if !ok {
		c.t.Fatalf("waiting for %s: nothing came", event)
	}
	if f.Event != event {
		c.t.Fatalf("want %s, got %s %s %s", event, f.Event, f.Channel, f.Data)
	}
	return f
}

// expectWithin waits up to d for event, skipping nothing.
func (c *client) expectWithin(event string, d time.Duration) frame {
	c.t.Helper()
	f, ok := c.next(d)
	if !ok {
		c.t.Fatalf("waiting %s for %s: nothing came", d, event)
	}
	if f.Event != event {
		c.t.Fatalf("want %s, got %s %s %s", event, f.Event, f.Channel, f.Data)
	}
	return f
}

func (c *client) expectQuiet(d time.Duration) {
	c.t.Helper()
	if f, ok := c.next(d); ok {
		c.t.Fatalf("want nothing, got %s %s %s", f.Event, f.Channel, f.Data)
	}
}

func (c *client) expectClose() int {
	c.t.Helper()
	for {
		select {
		case _, ok := <-c.frames:
			if !ok {
				return <-c.closed
			}
		case <-time.After(5 * time.Second):
			c.t.Fatal("want the connection closed")
		}
	}
}

func (c *client) join(channel, channelData string) frame {
	c.t.Helper()
	d := map[string]any{"channel": channel}
	if strings.HasPrefix(channel, "private-") || strings.HasPrefix(channel, "presence-") {
		d["auth"] = realtime.SignChannel(tSecret, tKey, c.socketID, channel, channelData)
	}
	if channelData != "" {
		d["channel_data"] = channelData
	}
	c.send("pusher:subscribe", "", d)
	f := c.expect("pusher_internal:subscription_succeeded")
	if f.Channel != channel {
		c.t.Fatalf("succeeded for %s, want %s", f.Channel, channel)
	}
	return f
}

func (c *client) signin(user string, watchlist ...string) {
	c.t.Helper()
	ud := fmt.Sprintf(`{"id":%q}`, user)
	if len(watchlist) > 0 {
		w, _ := json.Marshal(watchlist)
		ud = fmt.Sprintf(`{"id":%q,"watchlist":%s}`, user, w)
	}
	c.send("pusher:signin", "", map[string]any{"auth": realtime.SignUser(tSecret, tKey, c.socketID, ud), "user_data": ud})
	c.expect("pusher:signin_success")
}

func presenceIDs(t *testing.T, f frame) []string {
	t.Helper()
	var d struct {
		Presence struct {
			IDs   []string `json:"ids"`
			Count int      `json:"count"`
		} `json:"presence"`
	}
	if err := json.Unmarshal([]byte(f.str()), &d); err != nil {
		t.Fatalf("presence data %s: %v", f.Data, err)
	}
	if d.Presence.Count != len(d.Presence.IDs) {
		t.Fatalf("count %d for ids %v", d.Presence.Count, d.Presence.IDs)
	}
	sort.Strings(d.Presence.IDs)
	return d.Presence.IDs
}

func member(id string) string {
	return fmt.Sprintf(`{"user_id":%q,"user_info":{"name":"n%s"}}`, id, id)
}

func waitFor(t *testing.T, what string, d time.Duration, cond func() bool) {
	t.Helper()
	end := time.Now().Add(d)
	for time.Now().Before(end) {
		if cond() {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("timed out after %s waiting for %s", d, what)
}

// ownRedis starts a private redis-server on a free loopback port, which the
// test may kill and start again on the same port.
type ownRedis struct {
	t    *testing.T
	port int
	dir  string
	cmd  *exec.Cmd
}

func startOwnRedis(t *testing.T) *ownRedis {
	t.Helper()
	if _, err := exec.LookPath("redis-server"); err != nil {
		t.Fatal("redis-server is not installed: this test starts and restarts its own")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	r := &ownRedis{t: t, port: port, dir: t.TempDir()}
	r.start()
	t.Cleanup(r.kill)
	return r
}

func (r *ownRedis) url() string { return fmt.Sprintf("redis://127.0.0.1:%d/0", r.port) }

func (r *ownRedis) start() {
	r.t.Helper()
	r.cmd = exec.Command("redis-server", "--bind", "127.0.0.1", "--port", strconv.Itoa(r.port),
		"--save", "", "--appendonly", "no", "--dir", r.dir, "--logfile", filepath.Join(r.dir, "redis.log"))
	if err := r.cmd.Start(); err != nil {
		r.t.Fatal(err)
	}
	c := redis.NewClient(&redis.Options{Addr: fmt.Sprintf("127.0.0.1:%d", r.port)})
	defer c.Close()
	waitFor(r.t, "redis-server up", 5*time.Second, func() bool { return c.Ping(context.Background()).Err() == nil })
}

// kill stops it as a crash would: SIGKILL, data gone.
func (r *ownRedis) kill() {
	if r.cmd != nil && r.cmd.Process != nil {
		_ = r.cmd.Process.Kill()
		_ = r.cmd.Wait()
		r.cmd = nil
	}
}

// hookSink collects webhook events.
type hookSink struct {
	srv    *http.Server
	url    string
	mu     sync.Mutex
	events []hookEv
}

type hookEv struct {
	Name    string `json:"name"`
	Channel string `json:"channel"`
	UserID  string `json:"user_id"`
}

func startHookSink(t *testing.T) *hookSink {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	h := &hookSink{url: "http://" + ln.Addr().String() + "/hook"}
	h.srv = &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b struct {
			Events []hookEv `json:"events"`
		}
		_ = json.NewDecoder(r.Body).Decode(&b)
		h.mu.Lock()
		h.events = append(h.events, b.Events...)
		h.mu.Unlock()
	})}
	go func() { _ = h.srv.Serve(ln) }()
	t.Cleanup(func() { _ = h.srv.Close() })
	return h
}

func (h *hookSink) count(name, channel, user string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, e := range h.events {
		if e.Name == name && e.Channel == channel && e.UserID == user {
			n++
		}
	}
	return n
}

func (h *hookSink) all() []hookEv {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]hookEv(nil), h.events...)
}

func nopLog() zerolog.Logger { return zerolog.Nop() }

// testLog writes to the test's log until its cleanup starts. A node's
// connection goroutines may still log while it shuts down (a Redis call
// failing in leaveAll), and a t.Log after the test has finished is a data
// race the detector reports (it did, in CI, in TestRedisRestartMidTraffic).
func testLog(t *testing.T) zerolog.Logger {
	w := &untilCleanup{w: zerolog.NewTestWriter(t)}
	t.Cleanup(w.stop)
	return zerolog.New(w).Level(zerolog.InfoLevel)
}

type untilCleanup struct {
	mu      sync.Mutex
	w       zerolog.TestWriter
	stopped bool
}

func (u *untilCleanup) Write(p []byte) (int, error) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.stopped {
		return len(p), nil
	}
	return u.w.Write(p)
}

func (u *untilCleanup) stop() {
	u.mu.Lock()
	u.stopped = true
	u.mu.Unlock()
}

// cleanPrefix deletes the test's keys from the shared Redis afterwards
// (registered first, so it runs after the nodes have stopped).
func cleanPrefix(t *testing.T, be backend, prefix string) {
	t.Cleanup(func() {
		c := testClient(t, be)
		defer c.Close()
		ctx := context.Background()
		del := func(ctx context.Context, c *redis.Client) error {
			it := c.Scan(ctx, 0, prefix+"*", 100).Iterator()
			for it.Next(ctx) {
				c.Del(ctx, it.Val())
			}
			return it.Err()
		}
		if cc, ok := c.(*redis.ClusterClient); ok {
			_ = cc.ForEachMaster(ctx, del)
			return
		}
		_ = del(ctx, c.(*redis.Client))
	})
}

// testClient is a client of the backend, for looking at what the nodes
// wrote.
func testClient(t *testing.T, be backend) redis.UniversalClient {
	t.Helper()
	c, err := newClient(Options{URL: be.url, Cluster: be.cluster})
	if err != nil {
		t.Fatal(err)
	}
	return c
}
