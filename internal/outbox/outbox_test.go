package outbox_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"topup/internal/outbox"
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
	if err := db.SeedDemo(ctx, seed.Demo(), storetest.PasswordHash); err != nil {
		t.Fatal(err)
	}
	h, _ := storetest.PasswordHash("pw-123456")
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

// Orders committed together are published by one claim: a NOTIFY waits
// Linger before claiming, so the dispatcher's statements do not grow with
// the order rate. (Linger is long here so that the second order surely
// commits within it; the default is 20ms.)
func TestNotificationsLingerIntoOneClaim(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	db, dsn, u, code := setup(t)
	rec := newRecorder(2)
	d := outbox.New(db, rec.publish, outbox.Options{DSN: dsn, Linger: 3 * time.Second, Sweep: time.Hour})
	done := make(chan error, 1)
	go func() { done <- d.Run(ctx) }()
	// The first claim at start finds the setup's events.
	deadline := time.After(30 * time.Second) // a hang guard, not a timing assertion
	for rec.delivered() < 1 {
		select {
		case <-rec.notify:
		case <-deadline:
			t.Fatal("the setup's event was never published")
		}
	}
	before := d.Claims()
	for range 2 {
		if _, _, err := db.PlaceOrder(context.Background(), u.ID, code, "", "", ""); err != nil {
			t.Fatal(err)
		}
	}
	for rec.delivered() < 1+2*4 {
		select {
		case <-rec.notify:
		case <-deadline:
			t.Fatalf("delivered %d of %d", rec.delivered(), 1+2*4)
		}
	}
	if claims := d.Claims() - before; claims != 1 {
		t.Fatalf("two orders' events took %d claims, want 1", claims)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// A ban and a demotion close the user's sockets through the outbox: after
// the ban's user.updated, in that order, and again after a failed try; a
// promotion closes nothing.
func TestBanAndDemotionTerminateConnections(t *testing.T) {
	ctx := context.Background()
	db, _, u, _ := setup(t)
	admin, err := db.CreateUser(ctx, store.NewUser{Username: "boss", Phone: "09441234568", PasswordHash: "x", IsAdmin: true})
	if err != nil {
		t.Fatal(err)
	}
	// Only what the ban and the demotion write.
	if _, err := db.SQL().Exec(`UPDATE outbox SET sent_at = now()`); err != nil {
		t.Fatal(err)
	}
	if _, _, err := db.BanUser(ctx, store.Actor{ID: admin.ID}, u.ID, "fraud"); err != nil {
		t.Fatal(err)
	}
	if err := db.SetAdmin(ctx, u.ID, true); err != nil { // a promotion
		t.Fatal(err)
	}
	if err := db.SetAdmin(ctx, admin.ID, false); err != nil { // a demotion
		t.Fatal(err)
	}
	if err := db.SetAdmin(ctx, admin.ID, false); err != nil { // already a customer
		t.Fatal(err)
	}

	rec := newRecorder(0)
	var mu sync.Mutex
	failures := 1
	terminate := func(_ context.Context, userID string) error {
		mu.Lock()
		defer mu.Unlock()
		if failures > 0 {
			failures--
			return errors.New("simulated network failure")
		}
		rec.mu.Lock()
		defer rec.mu.Unlock()
		rec.ids = append(rec.ids, "terminate "+userID)
		return nil
	}
	d := outbox.New(db, rec.publish, outbox.Options{Terminate: terminate, MinBackoff: time.Nanosecond, MaxBackoff: time.Nanosecond})
	for range 3 {
		if err := d.DrainOnce(ctx); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{
		fmt.Sprintf("user.updated [private-user.%d]", u.ID),
		fmt.Sprintf("terminate %d", admin.ID), // the ban's failed once, so the demotion's went first
		fmt.Sprintf("terminate %d", u.ID),
	}
	if len(rec.ids) != len(want) {
		t.Fatalf("sent %q, want %q", rec.ids, want)
	}
	for i, w := range want {
		if !strings.HasPrefix(rec.ids[i], w) {
			t.Fatalf("sent %q, want %q", rec.ids, want)
		}
	}
	if n, _ := db.OutboxPending(ctx); n != 0 {
		t.Fatalf("%d outbox rows left", n)
	}
}
