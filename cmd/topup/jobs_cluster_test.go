package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"topup/api"
	"topup/internal/blobs"
	"topup/internal/receipts"
	"topup/realtime"
	"topup/store"
	"topup/store/storetest"
)

// Three nodes on one database run every periodic job of `topup serve` at
// once (docs/reliability.md, "Jobs once per cluster"): the outbox
// dispatcher publishes each event to the Pusher HTTP API at least once and,
// with no node dying, exactly once, even when the API refuses some
// requests; receipt retention deletes each expired receipt once; each new
// receipt is read once; the hourly prune of sessions runs side by side.
// Nothing may log a warning or an error.
func TestJobsOncePerCluster(t *testing.T) {
	ctx := context.Background()
	pusher := newCountingPusher()
	defer pusher.Close()
	u, _ := url.Parse(pusher.URL)
	vars := map[string]string{"DATABASE_URL": storetest.NewDSN(t), "BLOB_STORE": blobStorePostgres, "UPLOAD_DIR": t.TempDir(),
		"PUSHER_HOST": u.Hostname(), "PUSHER_PORT": u.Port(), "PUSHER_SCHEME": "http",
		"PUSHER_APP_ID": "jobs", "PUSHER_APP_KEY": "jobs-key", "PUSHER_APP_SECRET": "jobs-secret"}
	e, _ := testEnv(vars, "")
	if err := run(ctx, []string{"seed"}, e); err != nil {
		t.Fatal(err)
	}
	cfg, err := loadConfig(envOf(vars))
	if err != nil {
		t.Fatal(err)
	}
	rtCfg, err := realtime.ConfigFromEnv(envOf(vars))
	if err != nil {
		t.Fatal(err)
	}
	var logs lockedBuffer
	log := zerolog.New(&logs).Level(zerolog.WarnLevel)

	// Each node has its own connection pool, as separate processes do.
	const nodes = 3
	dbs := make([]*store.DB, nodes)
	files := make([]*receipts.Store, nodes)
	blobCalls := &countingCalls{n: map[string]int{}}
	for i := range dbs {
		if dbs[i], err = openStore(ctx, cfg); err != nil {
			t.Fatal(err)
		}
		defer dbs[i].Close()
		files[i] = receipts.New(countingBlobs{Store: dbs[i].Blobs(store.BlobReceipt), calls: blobCalls})
	}
	db := dbs[0]
	customer, err := db.UserByPhone(ctx, "09123456789")
	if err != nil {
		t.Fatal(err)
	}

	// 600 receipts abandoned two days ago, due for deletion.
	const expired = 600
	for i := range expired {
		name := fmt.Sprintf("%032x", i+1)
		if err := db.Blobs(store.BlobReceipt).Put(ctx, name, []byte("receipt")); err != nil {
			t.Fatal(err)
		}
		if _, err := db.SQL().Exec(`INSERT INTO uploads (user_id, storage_name, size, content_type, sha256, width, height, created_at)
			VALUES ($1, $2, 7, 'image/png', sha256('x'), 1, 1, now() - interval '2 days')`, customer.ID, name); err != nil {
			t.Fatal(err)
		}
	}
	// Six fresh receipts waiting to be read.
	const fresh = 6
	for i := range fresh {
		r, err := files[0].Save(ctx, bytes.NewReader(pngOf(t, uint8(i))))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.CreateUpload(ctx, store.NewUpload{UserID: customer.ID, StorageName: r.Name, Size: r.Size,
			ContentType: r.ContentType, SHA256: r.SHA256, Width: r.Width, Height: r.Height}); err != nil {
			t.Fatal(err)
		}
	}

	jobCtx, stopJobs := context.WithCancel(ctx)
	var jobs sync.WaitGroup
	published := make([]atomic.Int64, nodes)
	var stopOutbox []func()
	for i := range nodes {
		b, err := newBroadcaster(cfg, rtCfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		nodeLog := log.With().Int("node", i).Logger()
		stopOutbox = append(stopOutbox, startOutbox(dbs[i], countingBroadcaster{b, &published[i]}, cfg, nodeLog))
		readerDone := startReceiptReading(jobCtx, dbs[i], files[i], nodeLog)
		jobs.Add(2)
		go func() { defer jobs.Done(); <-readerDone }()
		go func() {
			defer jobs.Done()
			every(jobCtx, 20*time.Millisecond, func(ctx context.Context) {
				expireReceipts(ctx, dbs[i], files[i], nodeLog)
				pruneSessions(ctx, dbs[i], nodeLog)
			})
		}()
	}

	// 3,000 events committed while the dispatchers run, as requests do.
	const events = 3000
	for batch := range events / 100 {
		if _, err := db.SQL().Exec(`INSERT INTO outbox (channels, event, payload)
			SELECT ARRAY[$2], 'cluster.test', jsonb_build_object('n', g)
			FROM generate_series($1::int, $1::int + 99) g`, batch*100+1, store.UserChannel(customer.ID)); err != nil {
			t.Fatal(err)
		}
		time.Sleep(5 * time.Millisecond)
	}

	var pending, unread, live int
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if err := db.SQL().QueryRow(`SELECT
			(SELECT count(*) FROM outbox WHERE sent_at IS NULL),
			(SELECT count(*) FROM receipt_read_jobs),
			(SELECT count(*) FROM uploads WHERE deleted_at IS NULL AND created_at < now() - interval '1 day')`).Scan(&pending, &unread, &live); err != nil {
			t.Fatal(err)
		}
		if pending == 0 && unread == 0 && live == 0 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	stopJobs()
	jobs.Wait()
	for _, stop := range stopOutbox {
		stop()
	}
	if pending+unread+live > 0 {
		t.Fatalf("after 60 s: %d events unsent, %d receipts unread, %d expired receipts left", pending, unread, live)
	}

	// Outbox: every event reached the API, none twice.
	counts := pusher.counts()
	twice := 0
	for n := 1; n <= events; n++ {
		switch c := counts[n]; {
		case c == 0:
			t.Errorf("event %d was never published", n)
		case c > 1:
			twice++
		}
	}
	if twice > 0 {
		t.Errorf("%d of %d events were published more than once with no node dying", twice, events)
	}
	t.Logf("outbox: %d events, %d accepted publishes, %d refused and retried, by node %d/%d/%d",
		events, pusher.accepted.Load(), pusher.refused.Load(), published[0].Load(), published[1].Load(), published[2].Load())

	// Retention: each expired receipt deleted once, one audit entry each.
	var audited, left int
	if err := db.SQL().QueryRow(`SELECT (SELECT count(*) FROM audit_log WHERE action = 'receipt.deleted'),
		(SELECT count(*) FROM blobs WHERE kind = 'receipt')`).Scan(&audited, &left); err != nil {
		t.Fatal(err)
	}
	if audited != expired || left != fresh {
		t.Errorf("retention: %d audit entries and %d receipt blobs left, want %d and %d", audited, left, expired, fresh)
	}
	for i := range expired {
		if c := blobCalls.get("delete " + fmt.Sprintf("%032x", i+1)); c != 1 {
			t.Errorf("expired receipt %d was deleted %d times, want once", i+1, c)
		}
	}

	// Reading: one reading per fresh receipt, each file read once.
	var readings int
	if err := db.SQL().QueryRow(`SELECT count(*) FROM receipt_readings`).Scan(&readings); err != nil {
		t.Fatal(err)
	}
	if readings != fresh {
		t.Errorf("%d receipt readings, want %d", readings, fresh)
	}
	if reads := blobCalls.total("get "); reads != fresh {
		t.Errorf("fresh receipts were fetched %d times by the readers, want %d (once each)", reads, fresh)
	}

	// The refused publishes are warned about, once each; nothing else.
	var other []string
	retried := 0
	for _, line := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		switch {
		case line == "":
		case strings.Contains(line, "outbox: publish failed"):
			retried++
		default:
			other = append(other, line)
		}
	}
	if int64(retried) != pusher.refused.Load() || len(other) > 0 {
		t.Errorf("the jobs logged %d failed publishes (want %d) and:\n%s", retried, pusher.refused.Load(), strings.Join(other, "\n"))
	}
}

// countingPusher is a Pusher HTTP API that accepts POST /apps/{id}/events,
// refuses every 25th request with 503 (so failed publishes are retried
// across nodes), and counts the accepted events by their payload's n.
type countingPusher struct {
	*httptest.Server
	mu                sync.Mutex
	seen              map[int]int
	requests          atomic.Int64
	accepted, refused atomic.Int64
}

func newCountingPusher() *countingPusher {
	p := &countingPusher{seen: map[int]int{}}
	p.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/events") {
			http.NotFound(w, r)
			return
		}
		if p.requests.Add(1)%25 == 0 {
			p.refused.Add(1)
			http.Error(w, "try again", http.StatusServiceUnavailable)
			return
		}
		var ev struct{ Data string }
		var data struct{ N int }
		if err := json.NewDecoder(r.Body).Decode(&ev); err != nil || json.Unmarshal([]byte(ev.Data), &data) != nil {
			http.Error(w, "bad event", http.StatusBadRequest)
			return
		}
		p.mu.Lock()
		p.seen[data.N]++
		p.mu.Unlock()
		p.accepted.Add(1)
		w.Write([]byte("{}"))
	}))
	return p
}

func (p *countingPusher) counts() map[int]int {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make(map[int]int, len(p.seen))
	for k, v := range p.seen {
		out[k] = v
	}
	return out
}

// countingBroadcaster counts what one node publishes.
type countingBroadcaster struct {
	api.Broadcaster
	n *atomic.Int64
}

func (c countingBroadcaster) Publish(ctx context.Context, channels []string, event string, data []byte) error {
	err := c.Broadcaster.Publish(ctx, channels, event, data)
	if err == nil {
		c.n.Add(1)
	}
	return err
}

// countingBlobs counts Get and Delete calls by name, across nodes.
type countingBlobs struct {
	blobs.Store
	calls *countingCalls
}

func (c countingBlobs) Get(ctx context.Context, name string) ([]byte, error) {
	c.calls.add("get " + name)
	return c.Store.Get(ctx, name)
}

func (c countingBlobs) Delete(ctx context.Context, name string) error {
	c.calls.add("delete " + name)
	return c.Store.Delete(ctx, name)
}

type countingCalls struct {
	mu sync.Mutex
	n  map[string]int
}

func (c *countingCalls) add(k string) { c.mu.Lock(); c.n[k]++; c.mu.Unlock() }
func (c *countingCalls) get(k string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n[k]
}

// total sums the calls whose key starts with prefix.
func (c *countingCalls) total(prefix string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	sum := 0
	for k, v := range c.n {
		if strings.HasPrefix(k, prefix) {
			sum += v
		}
	}
	return sum
}

// lockedBuffer is a log sink several goroutines write to.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
