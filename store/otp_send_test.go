package store_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"topup/store"
	"topup/store/storetest"
)

// sendOf is a code to phone from ip at now under generous limits that a
// test then tightens.
func sendOf(phone, ip string, now time.Time) store.OTPSend {
	return store.OTPSend{
		NewOTP: store.NewOTP{Phone: phone, Purpose: store.PurposeResetPassword, Code: "123456", IP: ip, Now: now, TTL: 10 * time.Minute},
		Window: time.Hour, PhoneCap: 100, IPCap: 100, Budget: store.SMSBudget{Hourly: 1000, Daily: 1000},
	}
}

// parallelSends runs the sends at once on two pools of the same database
// (two nodes) and answers how many were allowed and the refusals.
func parallelSends(t *testing.T, nodes []*store.DB, sends []store.OTPSend) (int, []*store.WaitError) {
	t.Helper()
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		ok      int
		refused []*store.WaitError
	)
	start := make(chan struct{})
	for i, o := range sends {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			_, err := nodes[i%len(nodes)].ReserveOTP(context.Background(), o)
			mu.Lock()
			defer mu.Unlock()
			var we *store.WaitError
			switch {
			case err == nil:
				ok++
			case errors.As(err, &we):
				refused = append(refused, we)
			default:
				t.Errorf("send %d: %v", i, err)
			}
		}()
	}
	close(start)
	wg.Wait()
	return ok, refused
}

func twoNodes(t *testing.T) []*store.DB {
	t.Helper()
	dsn := storetest.NewDSN(t)
	var nodes []*store.DB
	for range 2 {
		db, err := store.Open(context.Background(), dsn, store.WithSecretBox(storetest.Box()))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		nodes = append(nodes, db)
	}
	return nodes
}

// SMS bombing: twenty requests at once for one number, from many
// addresses and two nodes, send at most the phone's cap.
func TestReserveOTPSerialisesOnePhone(t *testing.T) {
	nodes := twoNodes(t)
	now := time.Now().UTC().Truncate(time.Second)
	sends := make([]store.OTPSend, 20)
	for i := range sends {
		sends[i] = sendOf("09791230010", fmt.Sprintf("198.51.100.%d", i), now)
		sends[i].PhoneCap = 3
	}
	ok, refused := parallelSends(t, nodes, sends)
	if ok != 3 || len(refused) != 17 {
		t.Fatalf("%d sent, %d refused; want 3 and 17", ok, len(refused))
	}
	for _, r := range refused {
		if !errors.Is(r, store.ErrSendLimited) || r.Limit != "phone" || r.RetryAfter <= 59*time.Minute {
			t.Fatalf("refusal %v", r)
		}
	}
	var codes int
	if err := nodes[0].SQL().Get(&codes, `SELECT count(*) FROM otp_codes`); err != nil || codes != 3 {
		t.Fatalf("%d codes stored, %v", codes, err)
	}
}

func TestReserveOTPGapAndAddressCap(t *testing.T) {
	db := storetest.New(t)
	ctx := context.Background()
	now := time.Now().UTC().Truncate(time.Second)
	o := sendOf("09791230011", "198.51.100.1", now)
	o.Gap = time.Minute
	next, err := db.ReserveOTP(ctx, o)
	if err != nil || next != time.Minute {
		t.Fatalf("first send: next %s, %v", next, err)
	}
	o.Now = now.Add(20 * time.Second)
	var we *store.WaitError
	if _, err := db.ReserveOTP(ctx, o); !errors.As(err, &we) || we.Limit != "gap" || we.RetryAfter != 40*time.Second {
		t.Fatalf("second send within the gap: %v", err)
	}
	o.Now = now.Add(time.Minute)
	o.PhoneCap = 2
	if next, err = db.ReserveOTP(ctx, o); err != nil || next != time.Hour-time.Minute {
		t.Fatalf("the send that fills the window: next %s, %v (want until the first leaves it)", next, err)
	}

	// One address asking codes for many numbers.
	p := sendOf("09791230012", "198.51.100.1", now.Add(2*time.Minute))
	p.IPCap = 2
	if _, err := db.ReserveOTP(ctx, p); !errors.As(err, &we) || we.Limit != "ip" {
		t.Fatalf("third code from one address: %v", err)
	}
}

// The budget is shared by every node and every phone: twenty sends to
// twenty numbers at once spend exactly the hour's budget; the next hour
// spends what is left of the day's.
func TestReserveOTPBudget(t *testing.T) {
	nodes := twoNodes(t)
	yangon, _ := time.LoadLocation("Asia/Yangon")
	hour := time.Date(2026, 3, 4, 10, 0, 0, 0, yangon)
	batch := func(at time.Time, first int) []store.OTPSend {
		sends := make([]store.OTPSend, 20)
		for i := range sends {
			sends[i] = sendOf(fmt.Sprintf("0979124%04d", first+i), fmt.Sprintf("198.51.100.%d", first+i), at)
			sends[i].Budget = store.SMSBudget{Hourly: 5, Daily: 7}
		}
		return sends
	}
	ok, refused := parallelSends(t, nodes, batch(hour.Add(10*time.Minute), 0))
	if ok != 5 || len(refused) != 15 {
		t.Fatalf("first hour: %d sent, %d refused; want 5 and 15", ok, len(refused))
	}
	for _, r := range refused {
		if !errors.Is(r, store.ErrSMSBudgetSpent) || r.Limit != "hour" || r.RetryAfter != 50*time.Minute {
			t.Fatalf("refusal %v", r)
		}
	}
	ok, refused = parallelSends(t, nodes, batch(hour.Add(70*time.Minute), 100))
	if ok != 2 || len(refused) != 18 {
		t.Fatalf("second hour: %d sent, %d refused; want 2 and 18", ok, len(refused))
	}
	for _, r := range refused {
		if r.Limit != "day" || r.RetryAfter != 12*time.Hour+50*time.Minute {
			t.Fatalf("refusal %v", r)
		}
	}
}
