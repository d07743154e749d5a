package api_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"topup/store"
)

func TestAdminOrderQueue(t *testing.T) {
	h := newAdminHarness(t)
	b := h.buyer(t, 100000)
	first, second := h.coinOrder(t, b), h.coinOrder(t, b)
	balance := h.wallet(t, b.ID)
	path := func(id int64, action string) string { return fmt.Sprintf("/api/admin/orders/%d/%s", id, action) }

	t.Run("queue shows waiting coin orders with the game id", func(t *testing.T) {
		list := pageData(h.call(t, h.boss.token, "GET", "/api/admin/orders/queue", nil).want(t, 200))
		if len(list) != 2 || num(list[0].(map[string]any)["id"]) != first {
			t.Fatalf("queue %v", list)
		}
		o := list[0].(map[string]any)
		if o["game_uid"] != "5550001" || o["server_id"] != "" || o["status"] != "pending" || obj(o, "user")["username"] != b.Username {
			t.Fatalf("order %v", o)
		}
	})

	t.Run("claim is compare-and-set", func(t *testing.T) {
		r := h.call(t, h.boss.token, "POST", path(first, "claim"), nil).want(t, 200)
		if d := r.data(); d["status"] != "processing" || num(d["claimed_by"]) != h.boss.ID || d["claimed_by_name"] != h.boss.Username {
			t.Fatalf("claim %s", r.body)
		}
		h.call(t, h.boss.token, "POST", path(first, "claim"), nil).want(t, 200) // one's own claim again
		h.call(t, h.boss2.token, "POST", path(first, "claim"), nil).want(t, 409)
		a := h.audit(t, "order.claim", first, h.boss.ID)
		if field(a.Before, "status") != "pending" || field(a.After, "status") != "processing" || field(a.After, "meta") != nil {
			t.Fatalf("audit %s → %s", a.Before, a.After)
		}
		ev := h.events(t, store.UserChannel(b.ID), "order.updated")
		if p := obj(ev[len(ev)-1], "order"); num(p["id"]) != first || p["payment_status"] != "processing" {
			t.Fatalf("order.updated %v", ev)
		}
	})

	t.Run("only the claimer completes, unless overriding", func(t *testing.T) {
		h.call(t, h.boss2.token, "POST", path(first, "complete"), nil).want(t, 409)
		if n := len(h.audits(t, "order.complete", first)); n != 0 {
			t.Fatalf("%d entries for a refused completion", n)
		}
		r := h.call(t, h.boss.token, "POST", path(first, "complete"), nil).want(t, 200)
		if r.data()["status"] != "completed" || r.data()["completed_at"] == nil {
			t.Fatalf("complete %s", r.body)
		}
		h.audit(t, "order.complete", first, h.boss.ID)
		h.call(t, h.boss.token, "POST", path(first, "complete"), nil).want(t, 409)
		h.call(t, h.boss.token, "POST", path(first, "fail"), map[string]any{"reason": "oops"}).want(t, 409)
		if h.wallet(t, b.ID) != balance {
			t.Fatal("completing changed the wallet")
		}
		msgs := h.events(t, store.UserChannel(b.ID), "user.message.sent")
		if len(msgs) == 0 || !strings.Contains(msgs[len(msgs)-1]["title"].(string), "delivered") {
			t.Fatalf("messages %v", msgs)
		}
	})

	t.Run("fail refunds exactly once", func(t *testing.T) {
		h.call(t, h.boss2.token, "POST", path(second, "claim"), nil).want(t, 200)
		h.call(t, h.boss.token, "POST", path(second, "fail"), map[string]any{}).want(t, 422)
		h.call(t, h.boss.token, "POST", path(second, "fail"), map[string]any{"reason": "wrong id"}).want(t, 409)
		r := h.call(t, h.boss.token, "POST", path(second, "fail"), map[string]any{"reason": "Game ID does not exist", "override": true}).want(t, 200)
		if r.data()["status"] != "failed" || r.data()["fail_reason"] != "Game ID does not exist" {
			t.Fatalf("fail %s", r.body)
		}
		a := h.audit(t, "order.fail.override", second, h.boss.ID)
		if *a.Reason != "Game ID does not exist" {
			t.Fatalf("audit %+v", a)
		}
		h.call(t, h.boss.token, "POST", path(second, "fail"), map[string]any{"reason": "again", "override": true}).want(t, 409)
		var refunds int
		_ = h.db.SQL().Get(&refunds, `SELECT count(*) FROM wallet_ledger WHERE kind = 'refund' AND reference = $1`, fmt.Sprintf("order:%d", second))
		var total int64
		_ = h.db.SQL().Get(&total, `SELECT total_price FROM orders WHERE id = $1`, second)
		if refunds != 1 || h.wallet(t, b.ID) != balance+total {
			t.Fatalf("refunds %d, wallet %d, want %d", refunds, h.wallet(t, b.ID), balance+total)
		}
		h.checkLedger(t)
	})

	t.Run("timeline from the row and the audit log", func(t *testing.T) {
		d := h.call(t, h.boss.token, "GET", fmt.Sprintf("/api/admin/orders/%d", first), nil).want(t, 200).data()
		var kinds []string
		for _, e := range d["timeline"].([]any) {
			kinds = append(kinds, e.(map[string]any)["kind"].(string))
		}
		if strings.Join(kinds, ",") != "created,order.claim,order.complete" {
			t.Fatalf("timeline %v", kinds)
		}
	})

	t.Run("search", func(t *testing.T) {
		local := "0" + strings.TrimPrefix(b.Phone, "+95")
		tests := []struct {
			q    string
			want int
		}{
			{fmt.Sprint(first), 1}, {fmt.Sprintf("#%d", second), 1}, {local, 2}, {b.Phone, 2},
			{b.Username, 2}, {"uc", 2}, {"5550001", 2}, {"nobody-here", 0},
		}
		for _, tt := range tests {
			t.Run(tt.q, func(t *testing.T) {
				r := h.call(t, h.boss.token, "GET", "/api/admin/orders?q="+strings.ReplaceAll(tt.q, "#", "%23"), nil).want(t, 200)
				if got := len(pageData(r)); got != tt.want {
					t.Fatalf("%q found %d, want %d", tt.q, got, tt.want)
				}
			})
		}
		if got := pageData(h.call(t, h.boss.token, "GET", "/api/admin/orders?status=failed", nil).want(t, 200)); len(got) != 1 {
			t.Fatalf("failed orders %v", got)
		}
	})
}

// Two admins claim the same orders at once: exactly one wins each.
func TestAdminClaimRace(t *testing.T) {
	h := newAdminHarness(t)
	b := h.buyer(t, 100000)
	const n = 8
	for i := 0; i < n; i++ {
		id := h.coinOrder(t, b)
		var wg sync.WaitGroup
		statuses := make([]int, 2)
		for j, tok := range []string{h.boss.token, h.boss2.token} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				statuses[j] = h.call(t, tok, "POST", fmt.Sprintf("/api/admin/orders/%d/claim", id), nil).status
			}()
		}
		wg.Wait()
		if !(statuses[0] == 200 && statuses[1] == 409 || statuses[0] == 409 && statuses[1] == 200) {
			t.Fatalf("order %d: statuses %v", id, statuses)
		}
		if got := len(h.audits(t, "order.claim", id)); got != 1 {
			t.Fatalf("order %d: %d claim entries", id, got)
		}
	}
}
