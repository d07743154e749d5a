package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"topup/store"
	"topup/store/storetest"
)

// node is one in-process `topup serve` that can be stopped (as SIGTERM
// does) and started again on its address.
type node struct {
	vars map[string]string
	stop context.CancelFunc
	done chan error
}

func (n *node) start(t *testing.T) {
	t.Helper()
	e, _ := testEnv(n.vars, "")
	ctx, cancel := context.WithCancel(context.Background())
	n.stop, n.done = cancel, make(chan error, 1)
	go func(done chan error) { done <- run(ctx, []string{"serve"}, e) }(n.done)
	waitReady(t, "http://"+n.vars["LISTEN_ADDR"])
}

func (n *node) terminate(t *testing.T) {
	t.Helper()
	n.stop()
	select {
	case err := <-n.done:
		if err != nil {
			t.Fatalf("node %s: %v", n.vars["LISTEN_ADDR"], err)
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("node %s did not stop", n.vars["LISTEN_ADDR"])
	}
}

// waitReady waits for base's /readyz to answer 200. A node starting under
// -race on a 2-core machine that also runs the browser journeys (CI's two
// lanes) has taken more than 20 s; the last answer says why when it fails.
func waitReady(t *testing.T, base string) {
	t.Helper()
	last := "no answer"
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		res, err := http.Get(base + "/readyz")
		if err != nil {
			last = err.Error()
			continue
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode == http.StatusOK {
			return
		}
		last = fmt.Sprintf("%d %s", res.StatusCode, b)
	}
	t.Fatalf("%s never became ready: %s", base, last)
}

// loadResult counts what the clients saw.
type loadResult struct {
	requests, orders, retries atomic.Int64
	mu                        sync.Mutex
	failures                  map[string]int
	keys                      []string
}

func (r *loadResult) fail(cause string) {
	r.mu.Lock()
	r.failures[cause]++
	r.mu.Unlock()
}

// Three nodes behind the committed HAProxy config are restarted one after
// another while customers browse and buy: no request fails, every order
// is placed exactly once, and every wallet equals its ledger.
func TestRollingRestartBehindHAProxy(t *testing.T) {
	haproxy, err := exec.LookPath("haproxy")
	if err != nil {
		// Debian installs it in /usr/sbin, off a normal user's PATH.
		haproxy, err = exec.LookPath("/usr/sbin/haproxy")
	}
	if err != nil {
		t.Fatal("haproxy is not installed (Debian: apt-get install haproxy; .ci/run installs it)")
	}
	dsn := storetest.NewDSN(t)
	nodes := make([]*node, 3)
	for i := range nodes {
		nodes[i] = &node{vars: map[string]string{
			"DATABASE_URL": dsn, "LISTEN_ADDR": freeAddr(t), "UPLOAD_DIR": t.TempDir(), "BLOB_STORE": "postgres",
			"REDIS_URL": os.Getenv("TEST_REDIS_URL"), "TRUSTED_PROXIES": "127.0.0.1/32", "PROXY_HEADER": "X-Forwarded-For",
			// Above HAProxy's detection (inter 1 s × fall 2).
			"SHUTDOWN_DRAIN": "3",
		}}
	}
	e, _ := testEnv(nodes[0].vars, "")
	if err := run(context.Background(), []string{"seed"}, e); err != nil {
		t.Fatal(err)
	}
	for _, n := range nodes {
		n.start(t)
	}
	t.Cleanup(func() {
		for _, n := range nodes {
			n.stop()
		}
	})

	front := freeAddr(t)
	proxy := exec.Command(haproxy, "-db", "-f", "../../deploy/haproxy.cfg")
	proxy.Env = append(os.Environ(), "TOPUP_BIND="+front,
		"TOPUP_NODE1="+nodes[0].vars["LISTEN_ADDR"], "TOPUP_NODE2="+nodes[1].vars["LISTEN_ADDR"], "TOPUP_NODE3="+nodes[2].vars["LISTEN_ADDR"])
	var proxyLog strings.Builder
	proxy.Stdout, proxy.Stderr = &proxyLog, &proxyLog
	if err := proxy.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { proxy.Process.Kill(); proxy.Wait() })
	base := "http://" + front
	waitReady(t, base)
	time.Sleep(2500 * time.Millisecond) // every node passes its first checks (rise 2)

	lb := map[string]string{"LISTEN_ADDR": front}
	admin := login(t, lb, "09000000001", "admin123")
	customer := login(t, lb, "09123456789", "customer123")
	if status := postJSON(t, base+"/api/admin/users/2/wallet", admin, "fund-cluster-test", `{"amount":10000000,"reason":"rolling restart test"}`); status != http.StatusOK && status != http.StatusCreated {
		t.Fatalf("funding the customer: %d", status)
	}
	var product int64 = 42 // the demo's cheapest coin product without a server id
	db, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()

	res := &loadResult{failures: map[string]int{}}
	stopLoad := make(chan struct{})
	var wg sync.WaitGroup
	for w := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			client := &http.Client{Timeout: 10 * time.Second}
			for i := 0; ; i++ {
				select {
				case <-stopLoad:
					return
				default:
				}
				res.requests.Add(1)
				if r, err := client.Get(base + "/api/games"); err != nil {
					res.fail("games: " + err.Error())
				} else {
					r.Body.Close()
					if r.StatusCode != http.StatusOK {
						res.fail(fmt.Sprintf("games: %d", r.StatusCode))
					}
				}
				if i%3 != 0 {
					continue
				}
				// An order, retried with its key after a network error as
				// the web app does.
				key := fmt.Sprintf("roll-%d-%d", w, i)
				body := fmt.Sprintf(`{"product_id":%d,"game_uid":"12345678"}`, product)
				for attempt := 0; ; attempt++ {
					res.requests.Add(1)
					status, err := postJSONErr(client, base+"/api/order", customer, key, body)
					if err != nil && attempt < 10 {
						res.retries.Add(1)
						time.Sleep(200 * time.Millisecond)
						continue
					}
					switch {
					case err != nil:
						res.fail("order: " + err.Error())
					case status != http.StatusCreated:
						res.fail(fmt.Sprintf("order: %d", status))
					default:
						res.orders.Add(1)
						res.mu.Lock()
						res.keys = append(res.keys, key)
						res.mu.Unlock()
					}
					break
				}
			}
		}()
	}

	time.Sleep(time.Second)
	rollStart := time.Now()
	for _, n := range nodes {
		n.terminate(t)
		n.start(t)
		time.Sleep(2500 * time.Millisecond) // back in rotation (rise 2 × 1 s)
	}
	rolled := time.Since(rollStart)
	close(stopLoad)
	wg.Wait()

	t.Logf("rolling restart of 3 nodes in %v: %d requests, %d orders, %d client retries, failures %v",
		rolled.Round(100*time.Millisecond), res.requests.Load(), res.orders.Load(), res.retries.Load(), res.failures)
	if len(res.failures) > 0 {
		t.Errorf("requests failed during the rolling restart: %v\nhaproxy: %s", res.failures, proxyLog.String())
	}
	if res.orders.Load() == 0 {
		t.Fatal("no order was placed during the test")
	}
	var placed int64
	if err := db.SQL().Get(&placed, `SELECT count(*) FROM orders WHERE user_id = 2`); err != nil {
		t.Fatal(err)
	}
	if placed != res.orders.Load() {
		t.Errorf("%d orders in the database for %d keys answered 201", placed, res.orders.Load())
	}
	if bad, err := db.CheckLedger(context.Background()); err != nil || len(bad) > 0 {
		t.Errorf("ledger after the restart: %+v %v", bad, err)
	}
}

func postJSON(t *testing.T, url, token, key, body string) int {
	t.Helper()
	status, err := postJSONErr(http.DefaultClient, url, token, key, body)
	if err != nil {
		t.Fatal(err)
	}
	return status
}

func postJSONErr(client *http.Client, url, token, key, body string) (int, error) {
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Idempotency-Key", key)
	res, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	res.Body.Close()
	return res.StatusCode, nil
}
