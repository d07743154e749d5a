package outbox_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"topup/outbox"
	"topup/password"
	"topup/sql/seed"
	"topup/store"
	"topup/store/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

// recorder is a publish func that fails the first failures calls (a test
// double of the network edge) and records what it delivered.
type recorder struct {
	mu       sync.Mutex
	failures int
	calls    int
	got      map[string]int // event name → deliveries
	ids      []string
	notify   chan struct{}
}

func newRecorder(failures int) *recorder {
	return &recorder{failures: failures, got: map[string]int{}, notify: make(chan struct{}, 1000)}
}

func (r *recorder) publish(_ context.Context, channels []string, event string, data []byte) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls++
	if r.calls <= r.failures {
		return errors.New("simulated network failure")
	}
	r.got[event]++
	r.ids = append(r.ids, fmt.Sprintf("%s %v %s", event, channels, data))
	select {
	case r.notify <- struct{}{}:
	default:
	}
	return nil
}

func (r *recorder) delivered() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, c := range r.got {
		n += c
	}
	return n
}

func setup(t *testing.T) (*store.DB, string, store.User, int64) {
	t.Helper()
	ctx := context.Background()
	dsn := storetest.NewDSN(t)
	db, err := store.Open(ctx, dsn, store.WithSecretBox(storetest.Box()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := db.SeedDemo(ctx, seed.Demo(), password.Hash); err != nil {
		t.Fatal(err)
	}
	h, _ := password.Hash("pw-123456")
	u, err := db.CreateUser(ctx, store.NewUser{Username: "eve", Phone: "09441234567", PasswordHash: h})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.AdjustWallet(ctx, u.ID, 1_000_000, 0, "test funds", "t-1"); err != nil {
		t.Fatal(err)
	}
	var code int64
	if err := db.SQL().Get(&code, `SELECT id FROM products WHERE sku = 'steam-wallet-5'`); err != nil {
		t.Fatal(err)
	}
	return db, dsn, u, code
}

// Every committed event is published even though the first publishes
// fail, and nothing is published twice once marked.
func TestDrainRetriesFailures(t *testing.T) {
	ctx := context.Background()
	db, _, u, code := setup(t)
	for range 3 {
		if _, _, err := db.PlaceOrder(ctx, u.ID, code, "", "", ""); err != nil {
			t.Fatal(err)
		}
	}
	want, err := db.OutboxPending(ctx)
	if err != nil || want != 1+3*4 { // the adjustment's user.updated + 4 per code order
		t.Fatalf("pending %d %v", want, err)
	}
	rec := newRecorder(5)
	d := outbox.New(db, rec.publish, outbox.Options{MinBackoff: time.Nanosecond, MaxBackoff: time.Nanosecond, Batch: 4})
	for i := 0; i < 20; i++ {
		if err := d.DrainOnce(ctx); err != nil {
			t.Fatal(err)
		}
		if n, _ := db.OutboxPending(ctx); n == 0 {
			break
		}
	}
	if n, _ := db.OutboxPending(ctx); n != 0 {
		t.Fatalf("%d events never published", n)
	}
	if got := rec.delivered(); got != want {
		t.Fatalf("delivered %d, want %d", got, want)
	}
	if rec.got[store.EventMessageSent] != 3 || rec.got[store.EventOrderCreated] != 3 {
		t.Fatalf("%v", rec.got)
	}
	var failed int
	if err := db.SQL().Get(&failed, `SELECT count(*) FROM outbox WHERE attempts > 0`); err != nil || failed != 5 {
		t.Fatalf("%d events recorded a failure, want 5 (%v)", failed, err)
	}
}

// Run is woken by NOTIFY and publishes events committed while it runs;
// cancelling it stops it.
func TestRunPublishesOnNotify(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	db, dsn, u, code := setup(t)
	rec := newRecorder(2)
	d := outbox.New(db, rec.publish, outbox.Options{DSN: dsn, MinBackoff: time.Millisecond, MaxBackoff: 10 * time.Millisecond})
	done := make(chan error, 1)
	go func() { done <- d.Run(ctx) }()

	for range 2 {
		if _, _, err := db.PlaceOrder(context.Background(), u.ID, code, "", "", ""); err != nil {
			t.Fatal(err)
		}
	}
	want := 1 + 2*4
	deadline := time.After(30 * time.Second) // a hang guard, not a timing assertion
	for rec.delivered() < want {
		select {
		case <-rec.notify:
		case <-deadline:
			t.Fatalf("delivered %d of %d", rec.delivered(), want)
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if n, _ := db.OutboxPending(context.Background()); n != 0 {
		t.Fatalf("%d pending after run", n)
	}
}
