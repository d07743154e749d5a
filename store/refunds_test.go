package store_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"topup/store"
)

// order places an order of the product (a coin order to game id 42) for u.
func (s *shop) order(u store.User, sku string) store.Order {
	s.t.Helper()
	o, _, err := s.db.PlaceOrder(context.Background(), u.ID, s.product(sku).ID, "42", "", "")
	if err != nil {
		s.t.Fatal(err)
	}
	return o
}

func (s *shop) request(u store.User, o store.Order) store.Refund {
	s.t.Helper()
	r, err := s.db.RequestRefund(context.Background(), store.NewRefund{UserID: u.ID, OrderID: o.ID, Reason: "Not received yet"})
	if err != nil {
		s.t.Fatal(err)
	}
	return r
}

func (s *shop) admin() store.Actor {
	s.t.Helper()
	a := s.buyer(0)
	if err := s.db.SetAdmin(context.Background(), a.ID, true); err != nil {
		s.t.Fatal(err)
	}
	return store.Actor{ID: a.ID}
}

// Who may ask for a refund of what, as docs/spec.md §1 words the policy.
func TestRequestRefundRules(t *testing.T) {
	ctx := context.Background()
	s := newShop(t)
	u := s.buyer(2_000_000)
	other := s.buyer(0)

	pending := s.order(u, "pubg-coin-325")
	delivered := s.order(u, "pubg-coin-325")
	if _, err := s.db.CompleteOrder(ctx, delivered.ID, 0); err != nil {
		t.Fatal(err)
	}
	failed := s.order(u, "pubg-coin-325")
	if _, err := s.db.FailOrder(ctx, failed.ID, 0, "wrong id"); err != nil {
		t.Fatal(err)
	}
	old := s.order(u, "pubg-coin-325")
	s.db.SQL().MustExec(`UPDATE orders SET created_at = now() - interval '24 hours 1 minute' WHERE id = $1`, old.ID)
	oldCode := s.order(u, "steam-wallet-5")
	s.db.SQL().MustExec(`UPDATE orders SET created_at = now() - interval '25 hours' WHERE id = $1`, oldCode.ID)
	code := s.order(u, "steam-wallet-5")
	account := s.order(u, "mlbb-acc-legend")
	withShot := s.order(u, "pubg-coin-325")
	shot := newUpload(t, s.db, u.ID, "refund screenshot")
	othersShot := newUpload(t, s.db, other.ID, "not yours")
	reused := s.order(u, "pubg-coin-325")

	tests := []struct {
		name   string
		user   store.User
		order  store.Order
		reason string
		upload int64
		want   error
		ground string
	}{
		{"undelivered within 24 h", u, pending, "Not received", 0, nil, store.RefundUndelivered},
		{"second open request", u, pending, "Still not received", 0, store.ErrRefundAlreadyOpen, ""},
		{"another's order", other, code, "mine now", 0, store.ErrNotFound, ""},
		{"unknown order", u, store.Order{ID: 987654}, "?", 0, store.ErrNotFound, ""},
		{"delivered coins", u, delivered, "changed my mind", 0, store.ErrRefundNotEligible, ""},
		{"failed, already refunded", u, failed, "refund", 0, store.ErrOrderAlreadyRefunded, ""},
		{"after 24 h", u, old, "late", 0, store.ErrRefundWindowClosed, ""},
		{"code after 24 h", u, oldCode, "late", 0, store.ErrRefundWindowClosed, ""},
		{"blank reason", u, code, "   ", 0, store.ErrInvalid, ""},
		{"reason too long", u, code, strings.Repeat("က", store.MaxRefundReason+1), 0, store.ErrInvalid, ""},
		{"another's screenshot", u, withShot, "see screenshot", othersShot.ID, store.ErrRefundScreenshot, ""},
		{"own screenshot", u, withShot, "see screenshot", shot.ID, nil, store.RefundUndelivered},
		{"screenshot used twice", u, reused, "same screenshot", shot.ID, store.ErrRefundScreenshot, ""},
		{"code that does not work", u, code, "Code says already redeemed", 0, nil, store.RefundNotWorking},
		{"account that does not work", u, account, "Password is wrong", 0, nil, store.RefundNotWorking},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := s.db.RequestRefund(ctx, store.NewRefund{UserID: tt.user.ID, OrderID: tt.order.ID, Reason: tt.reason, UploadID: tt.upload})
			if !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
			if err != nil {
				return
			}
			if r.Status != store.RefundRequested || r.Ground != tt.ground || r.Amount != tt.order.TotalPrice || r.UserID != tt.user.ID {
				t.Fatalf("%+v", r)
			}
		})
	}
	list, err := s.db.RefundsOfUser(ctx, u.ID)
	if err != nil || len(list) != 4 {
		t.Fatalf("%d requests listed (%v), want 4", len(list), err)
	}
	if others, _ := s.db.RefundsOfUser(ctx, other.ID); len(others) != 0 {
		t.Fatalf("another customer sees %d requests", len(others))
	}
	if n := outboxEvents(t, s.db, store.EventRefundUpdated); n != 4 {
		t.Fatalf("%d refund.updated events, want one per request", n)
	}
}

// Two admins (here thirty) approving one request at once credit it once.
func TestConcurrentApprovalsCreditOnce(t *testing.T) {
	ctx := context.Background()
	s := newShop(t)
	u := s.buyer(100_000)
	o := s.order(u, "pubg-coin-325")
	r := s.request(u, o)
	admins := make([]store.Actor, 30)
	for i := range admins {
		admins[i] = s.admin()
	}

	var wg sync.WaitGroup
	errs := make([]error, len(admins))
	for i, a := range admins {
		wg.Go(func() {
			_, errs[i] = s.db.DecideRefund(ctx, a, r.ID, store.RefundDecision{Approve: true})
		})
	}
	wg.Wait()
	approved := 0
	for _, err := range errs {
		switch {
		case err == nil:
			approved++
		case !errors.Is(err, store.ErrRefundAlreadyDecided):
			t.Fatalf("approve: %v", err)
		}
	}
	if approved != 1 {
		t.Fatalf("%d approvals succeeded, want 1", approved)
	}
	if w := s.wallet(u.ID); w != 100_000 {
		t.Fatalf("wallet %d after the refund, want 100000", w)
	}
	if n := count(t, s.db, `SELECT count(*) FROM wallet_ledger WHERE kind = 'refund' AND user_id = $1`, u.ID); n != 1 {
		t.Fatalf("%d refund entries", n)
	}
	if st := count(t, s.db, `SELECT count(*) FROM orders WHERE id = $1 AND status = 'refunded'`, o.ID); st != 1 {
		t.Fatal("the order is not refunded")
	}
	msgs, err := s.db.MessagesOfUser(ctx, u.ID)
	if err != nil || len(msgs) != 1 || !strings.Contains(msgs[0].Body, "was returned to your wallet") {
		t.Fatalf("messages %+v (%v), want one approval", msgs, err)
	}
	// refund.updated: the request and the decision; user.updated: the
	// funding, the purchase and the refund; order.updated: the purchase
	// and the refund.
	for event, want := range map[string]int{store.EventRefundUpdated: 2, store.EventUserUpdated: 3, store.EventOrderUpdated: 2} {
		if n := count(t, s.db, `SELECT count(*) FROM outbox WHERE event = $1 AND $2 = ANY(channels)`, event, store.UserChannel(u.ID)); n != want {
			t.Errorf("%d %s events for the customer, want %d", n, event, want)
		}
	}
	if n := count(t, s.db, `SELECT count(*) FROM audit_log WHERE action = 'refund.approve' AND target_id = $1`, r.ID); n != 1 {
		t.Fatalf("%d audit entries", n)
	}
	checkLedger(t, s.db)
}

// A decision is final, and a refunded order is never refunded again.
func TestRefundDecisionsAreFinal(t *testing.T) {
	ctx := context.Background()
	s := newShop(t)
	a := s.admin()
	u := s.buyer(1_000_000)

	t.Run("deny needs a reason, then tells it", func(t *testing.T) {
		o := s.order(u, "pubg-coin-325")
		r := s.request(u, o)
		if _, err := s.db.DecideRefund(ctx, a, r.ID, store.RefundDecision{Reason: "  "}); !errors.Is(err, store.ErrInvalid) {
			t.Fatalf("deny without a reason: %v", err)
		}
		denied, err := s.db.DecideRefund(ctx, a, r.ID, store.RefundDecision{Reason: "Delivered at 10:02, see game log"})
		if err != nil || denied.Status != store.RefundDenied {
			t.Fatalf("%+v %v", denied, err)
		}
		if _, err := s.db.DecideRefund(ctx, a, r.ID, store.RefundDecision{Approve: true}); !errors.Is(err, store.ErrRefundAlreadyDecided) {
			t.Fatalf("approve after deny: %v", err)
		}
		msgs, _ := s.db.MessagesOfUser(ctx, u.ID)
		if len(msgs) == 0 || !strings.Contains(msgs[0].Body, "Delivered at 10:02, see game log") {
			t.Fatalf("no denial message with the reason: %+v", msgs)
		}
		if st := count(t, s.db, `SELECT count(*) FROM orders WHERE id = $1 AND status = 'pending'`, o.ID); st != 1 {
			t.Fatal("a denial changed the order")
		}
	})
	t.Run("refunded order refused", func(t *testing.T) {
		o := s.order(u, "pubg-coin-325")
		r := s.request(u, o)
		if _, err := s.db.DecideRefund(ctx, a, r.ID, store.RefundDecision{Approve: true, Reason: "Sorry for the wait"}); err != nil {
			t.Fatal(err)
		}
		_, err := s.db.RequestRefund(ctx, store.NewRefund{UserID: u.ID, OrderID: o.ID, Reason: "again"})
		if !errors.Is(err, store.ErrOrderAlreadyRefunded) {
			t.Fatalf("request on a refunded order: %v", err)
		}
		if _, err := s.db.DecideRefund(ctx, a, r.ID, store.RefundDecision{Reason: "changed my mind"}); !errors.Is(err, store.ErrRefundAlreadyDecided) {
			t.Fatalf("deny after approve: %v", err)
		}
	})
	t.Run("order failed while the request waited", func(t *testing.T) {
		before := s.wallet(u.ID)
		o := s.order(u, "pubg-coin-325")
		r := s.request(u, o)
		if _, err := s.db.FailOrder(ctx, o.ID, a.ID, "out of stock"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.db.DecideRefund(ctx, a, r.ID, store.RefundDecision{Approve: true}); !errors.Is(err, store.ErrOrderAlreadyRefunded) {
			t.Fatalf("approve after the automatic refund: %v", err)
		}
		if w := s.wallet(u.ID); w != before {
			t.Fatalf("wallet %d, want %d: refunded twice", w, before)
		}
		if _, err := s.db.DecideRefund(ctx, a, r.ID, store.RefundDecision{Reason: "Refunded when the order failed"}); err != nil {
			t.Fatalf("the stale request cannot be closed: %v", err)
		}
	})
	t.Run("unknown request", func(t *testing.T) {
		if _, err := s.db.DecideRefund(ctx, a, 987654, store.RefundDecision{Approve: true}); !errors.Is(err, store.ErrNotFound) {
			t.Fatal(err)
		}
	})
	checkLedger(t, s.db)
}

// A code goes back on sale only when the admin says so, and only the
// order's own code; an account never does.
func TestRefundRestock(t *testing.T) {
	ctx := context.Background()
	s := newShop(t)
	a := s.admin()
	u := s.buyer(1_000_000)
	steam := s.product("steam-wallet-5")
	stock := func() int64 {
		st, err := s.db.CodeStockOf(ctx, steam.ID)
		if err != nil {
			t.Fatal(err)
		}
		return st.Available
	}

	kept := s.request(u, s.order(u, "steam-wallet-5"))
	restockedOrder := s.order(u, "steam-wallet-5")
	if restockedOrder.Code == "" {
		t.Fatal("the code order delivered no code")
	}
	restocked := s.request(u, restockedOrder)
	account := s.request(u, s.order(u, "mlbb-acc-legend"))
	start := stock()

	queue, err := s.db.AdminRefunds(ctx, store.AdminRefundFilter{Status: store.RefundRequested})
	if err != nil || len(queue.Items) != 3 {
		t.Fatalf("queue %d (%v)", len(queue.Items), err)
	}
	for _, r := range queue.Items {
		if r.Restockable != (r.Order.ProductKind == store.KindCode) || r.History.Orders != 3 || r.History.Open != 3 || r.Username != u.Username {
			t.Errorf("queue item %+v", r)
		}
	}

	if _, err := s.db.DecideRefund(ctx, a, kept.ID, store.RefundDecision{Approve: true}); err != nil {
		t.Fatal(err)
	}
	if got := stock(); got != start {
		t.Fatalf("stock %d after an approval without restock, want %d", got, start)
	}
	if _, err := s.db.DecideRefund(ctx, a, account.ID, store.RefundDecision{Approve: true, Restock: true}); !errors.Is(err, store.ErrRefundNoRestock) {
		t.Fatalf("restocking an account: %v", err)
	}
	if _, err := s.db.DecideRefund(ctx, a, restocked.ID, store.RefundDecision{Reason: "no", Restock: true}); !errors.Is(err, store.ErrRefundNoRestock) {
		t.Fatalf("restocking a denial: %v", err)
	}
	r, err := s.db.DecideRefund(ctx, a, restocked.ID, store.RefundDecision{Approve: true, Restock: true})
	if err != nil || !r.Restocked {
		t.Fatalf("%+v %v", r, err)
	}
	if got := stock(); got != start+1 {
		t.Fatalf("stock %d after a restock, want %d", got, start+1)
	}
	// A code back on sale is no longer the refunded buyer's to read: not in
	// the order, nor in the message that delivered it.
	detail, err := s.db.OrderOfUser(ctx, u.ID, restockedOrder.ID)
	if err != nil || detail.Code != "" {
		t.Fatalf("the refunded order still shows its restocked code %q (%v)", detail.Code, err)
	}
	inbox, err := s.db.MessagesOfUser(ctx, u.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range inbox {
		if strings.Contains(m.Title, restockedOrder.Code) || strings.Contains(m.Body, restockedOrder.Code) {
			t.Fatalf("message %d still shows the restocked code: %q", m.ID, m.Title)
		}
	}
	ar, err := s.db.AdminRefundByID(ctx, restocked.ID)
	if err != nil || ar.Restockable || !ar.Restocked || ar.History.Approved != 2 || ar.DecidedByName == nil {
		t.Fatalf("%+v %v", ar, err)
	}
	checkLedger(t, s.db)
}

// A refund screenshot is kept like a receipt: not swept as abandoned while
// its request waits, deleted 30 days after the decision.
func TestRefundScreenshotRetention(t *testing.T) {
	ctx := context.Background()
	s := newShop(t)
	u := s.buyer(1_000_000)
	shot := newUpload(t, s.db, u.ID, "screenshot")
	o := s.order(u, "pubg-coin-325")
	if _, err := s.db.RequestRefund(ctx, store.NewRefund{UserID: u.ID, OrderID: o.ID, Reason: "see screenshot", UploadID: shot.ID}); err != nil {
		t.Fatal(err)
	}
	s.db.SQL().MustExec(`UPDATE uploads SET created_at = now() - interval '3 days' WHERE id = $1`, shot.ID)
	remove := func(string) error { return nil }
	if n, err := s.db.ExpireReceipts(ctx, time.Now(), 10, remove); err != nil || n != 0 {
		t.Fatalf("%d expired (%v) while the request is open", n, err)
	}
	s.db.SQL().MustExec(`UPDATE refund_requests SET status = 'denied', decision_reason = 'x', decided_at = now() - interval '31 days' WHERE upload_id = $1`, shot.ID)
	if n, err := s.db.ExpireReceipts(ctx, time.Now(), 10, remove); err != nil || n != 1 {
		t.Fatalf("%d expired (%v) 31 days after the decision, want 1", n, err)
	}
}
