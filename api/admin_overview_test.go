package api_test

import (
	"fmt"
	"testing"
	"time"
)

func TestAdminOverview(t *testing.T) {
	h := newAdminHarness(t)
	b := h.buyer(t, 50000)
	id := h.coinOrder(t, b)
	h.coinOrder(t, b)
	h.call(t, h.boss.token, "POST", fmt.Sprintf("/api/admin/orders/%d/complete", id), nil).want(t, 200)
	h.topup(t, b.User, 2000, 20*time.Minute, "x")
	h.topup(t, b.User, 3000, time.Minute, "y")
	var total, liability int64
	_ = h.db.SQL().Get(&total, `SELECT total_price FROM orders WHERE id = $1`, id)
	_ = h.db.SQL().Get(&liability, `SELECT sum(wallet_amount)::bigint FROM users`)
	// "Today" is the server's clock's day in Yangon, and that clock runs
	// minutes ahead of the database's (each login steps it): the sale is
	// put at the clock's instant, so a run near Yangon's midnight (17:30
	// UTC) counts it on the day the overview reads.
	h.db.SQL().MustExec(`UPDATE orders SET completed_at = $2 WHERE id = $1`, id, h.clock.Now())
	d := h.call(t, h.boss.token, "GET", "/api/admin/overview", nil).want(t, 200).data()
	if s := obj(d, "sales"); num(s["total"]) != total || num(s["count"]) != 1 {
		t.Fatalf("sales %v", s)
	}
	tp := obj(d, "topups")
	if num(tp["waiting"]) != 2 || num(tp["overdue"]) != 1 || num(tp["oldest_age_seconds"]) < 20*60 || len(tp["oldest"].([]any)) != 2 {
		t.Fatalf("topups %v", tp)
	}
	if num(obj(d, "orders")["waiting"]) != 1 || num(d["wallet_liability"]) != liability || obj(d, "ledger")["ok"] != true {
		t.Fatalf("overview %v", d)
	}
	if d["time_zone"] != "Asia/Yangon" {
		t.Fatalf("zone %v", d["time_zone"])
	}
}
