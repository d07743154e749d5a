package api_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"topup/store"
)

// Every route under /api/admin, taken from the app's own route table so a
// route added later cannot escape the check: a signed-out caller gets 401,
// a customer and a banned admin 403, before any handler runs.
func TestAdminRoutesRefuseNonAdmins(t *testing.T) {
	h := newAdminHarness(t)
	customer := h.buyer(t, 0)
	banned := h.admin(t)
	if _, _, err := h.db.BanUser(context.Background(), store.Actor{ID: h.boss.ID}, banned.ID, "test"); err != nil {
		t.Fatal(err)
	}
	bannedToken := h.login(t, banned.Phone, "boss-pw-123")
	param := regexp.MustCompile(`:[A-Za-z]+`)
	n := 0
	for _, rt := range h.srv.App().GetRoutes(true) {
		if !strings.HasPrefix(rt.Path, "/api/admin/") || rt.Method == "HEAD" {
			continue
		}
		n++
		path := param.ReplaceAllString(rt.Path, "1")
		t.Run(rt.Method+" "+rt.Path, func(t *testing.T) {
			body := map[string]any{}
			if r := h.do(t, authReq{method: rt.Method, path: path, body: body}); r.status != 401 {
				t.Fatalf("signed out: %d %s", r.status, r.body)
			}
			if r := h.do(t, authReq{method: rt.Method, path: path, body: body, token: customer.token}); r.status != 403 || r.json["success"] != false {
				t.Fatalf("customer: %d %s", r.status, r.body)
			}
			if r := h.do(t, authReq{method: rt.Method, path: path, body: body, token: bannedToken}); r.status != 403 || r.str("ban_reason") != "test" {
				t.Fatalf("banned admin: %d %s", r.status, r.body)
			}
		})
	}
	if n < 40 {
		t.Fatalf("only %d admin routes found", n)
	}
	if got := len(h.audits(t, "topup.confirm", 1)); got != 0 {
		t.Fatal("a refused call wrote an audit entry")
	}
}

func TestAdminTopupQueue(t *testing.T) {
	h := newAdminHarness(t)
	alice, bob := h.buyer(t, 0), h.buyer(t, 0)
	old := h.topup(t, alice.User, 5000, 10*time.Minute, "receipt-a")
	fresh := h.topup(t, bob.User, 7000, time.Minute, "receipt-b")
	dup := h.topup(t, bob.User, 9000, 2*time.Minute, "receipt-a") // alice's receipt again
	tok := h.boss.token

	t.Run("list pending first, oldest first, with overdue flag", func(t *testing.T) {
		r := h.call(t, tok, "GET", "/api/admin/topups", nil).want(t, 200)
		list := pageData(r)
		if len(list) != 3 || num(r.data()["total"]) != 3 {
			t.Fatalf("list %s", r.body)
		}
		first := list[0].(map[string]any)
		if num(first["id"]) != old.ID || first["overdue"] != true || first["receipt_url"] != fmt.Sprintf("/api/uploads/%d", old.UploadID) {
			t.Fatalf("first = %v", first)
		}
		if last := list[2].(map[string]any); num(last["id"]) != fresh.ID || last["overdue"] != false {
			t.Fatalf("last = %v", last)
		}
		h.call(t, tok, "GET", "/api/admin/topups?status=bogus", nil).want(t, 422)
		if got := pageData(h.call(t, tok, "GET", "/api/admin/topups?status=confirmed", nil).want(t, 200)); len(got) != 0 {
			t.Fatalf("confirmed = %v", got)
		}
	})

	t.Run("detail flags a duplicate receipt and shows history", func(t *testing.T) {
		d := h.call(t, tok, "GET", fmt.Sprintf("/api/admin/topups/%d", dup.ID), nil).want(t, 200).data()
		if d["duplicate_receipt"] != true {
			t.Fatalf("detail %v", d)
		}
		dups := d["duplicates"].([]any)
		if len(dups) != 1 || num(dups[0].(map[string]any)["topup_id"]) != old.ID {
			t.Fatalf("duplicates %v", dups)
		}
		tp := obj(d, "topup")
		if num(tp["total"]) != dup.Total || num(tp["verification_amount"]) != dup.VerificationAmount || tp["payment_method"] != "KBZPay" {
			t.Fatalf("topup %v", tp)
		}
		if obj(d, "customer")["username"] != bob.Username || len(obj(d, "history")["topups"].([]any)) != 2 {
			t.Fatalf("customer/history %v", d)
		}
		if d := h.call(t, tok, "GET", fmt.Sprintf("/api/admin/topups/%d", fresh.ID), nil).want(t, 200).data(); d["duplicate_receipt"] != false {
			t.Fatalf("fresh flagged duplicate: %v", d)
		}
		h.call(t, tok, "GET", "/api/admin/topups/999999", nil).want(t, 404)
	})

	t.Run("confirm credits once, audits and announces", func(t *testing.T) {
		r := h.call(t, tok, "POST", fmt.Sprintf("/api/admin/topups/%d/confirm", old.ID), nil).want(t, 200)
		if obj(r.json, "data")["status"] != "confirmed" || num(obj(r.json, "data")["decided_by"]) != h.boss.ID {
			t.Fatalf("answer %s", r.body)
		}
		if got := h.wallet(t, alice.ID); got != old.Total {
			t.Fatalf("wallet %d, want %d", got, old.Total)
		}
		a := h.audit(t, "topup.confirm", old.ID, h.boss.ID)
		if field(a.Before, "status") != "pending" || field(a.After, "status") != "confirmed" {
			t.Fatalf("audit before %s after %s", a.Before, a.After)
		}
		ev := h.events(t, store.UserChannel(alice.ID), "user.updated")
		if len(ev) != 1 || ev[0]["updateType"] != "wallet" || num(obj(ev[0], "user")["wallet_amount"]) != old.Total {
			t.Fatalf("user.updated %v", ev)
		}
		if ev := h.events(t, store.UserChannel(alice.ID), "topup.updated"); len(ev) != 1 {
			t.Fatalf("topup.updated %v", ev)
		}
		// Confirming again changes nothing and writes no entry.
		h.call(t, h.boss2.token, "POST", fmt.Sprintf("/api/admin/topups/%d/confirm", old.ID), nil).want(t, 409)
		h.call(t, tok, "POST", fmt.Sprintf("/api/admin/topups/%d/reject", old.ID), map[string]any{"reason": "late"}).want(t, 409)
		if n := len(h.audits(t, "topup.confirm", old.ID)) + len(h.audits(t, "topup.reject", old.ID)); n != 1 {
			t.Fatalf("%d entries after refused decisions", n)
		}
		if got := h.wallet(t, alice.ID); got != old.Total {
			t.Fatalf("wallet %d after a second confirm", got)
		}
	})

	t.Run("reject needs a reason", func(t *testing.T) {
		for _, body := range []any{map[string]any{}, map[string]any{"reason": "   "}} {
			if r := h.call(t, tok, "POST", fmt.Sprintf("/api/admin/topups/%d/reject", fresh.ID), body).want(t, 422); r.fieldError("reason") == "" {
				t.Fatalf("answer %s", r.body)
			}
		}
		r := h.call(t, tok, "POST", fmt.Sprintf("/api/admin/topups/%d/reject", fresh.ID), map[string]any{"reason": "No such transfer"}).want(t, 200)
		if obj(r.json, "data")["reject_reason"] != "No such transfer" {
			t.Fatalf("answer %s", r.body)
		}
		a := h.audit(t, "topup.reject", fresh.ID, h.boss.ID)
		if a.Reason == nil || *a.Reason != "No such transfer" || field(a.After, "status") != "rejected" {
			t.Fatalf("audit %+v", a)
		}
		if h.wallet(t, bob.ID) != 0 {
			t.Fatal("a rejected top-up credited the wallet")
		}
		if ev := h.events(t, store.UserChannel(bob.ID), "user.message.sent"); len(ev) != 1 {
			t.Fatalf("message events %v", ev)
		}
	})
	h.checkLedger(t)
}

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

func TestAdminBan(t *testing.T) {
	h := newAdminHarness(t)
	c := h.buyer(t, 0)
	ban := func(tok string, id int64, body any) authResult {
		return h.call(t, tok, "POST", fmt.Sprintf("/api/admin/users/%d/ban", id), body)
	}
	ban(h.boss.token, c.ID, map[string]any{}).want(t, 422)
	ban(h.boss.token, h.boss.ID, map[string]any{"reason": "x"}).want(t, 422)
	ban(h.boss.token, 999999, map[string]any{"reason": "x"}).want(t, 404)

	r := ban(h.boss.token, c.ID, map[string]any{"reason": "Fake receipts"}).want(t, 200)
	if r.data()["is_banned"] != true || r.data()["ban_reason"] != "Fake receipts" || num(r.json["sessions_revoked"]) != 1 {
		t.Fatalf("ban %s", r.body)
	}
	// The session is over; a new login works and shows the reason.
	h.call(t, c.token, "GET", "/api/topup-orders", nil).want(t, 401)
	tok := h.login(t, c.Phone, "shopper-pw")
	if r := h.call(t, tok, "GET", "/api/topup-orders", nil).want(t, 403); r.str("ban_reason") != "Fake receipts" {
		t.Fatalf("banned answer %s", r.body)
	}
	a := h.audit(t, "user.ban", c.ID, h.boss.ID)
	if field(a.Before, "is_banned") != false || field(a.After, "is_banned") != true || *a.Reason != "Fake receipts" {
		t.Fatalf("audit %+v", a)
	}
	ev := h.events(t, store.UserChannel(c.ID), "user.updated")
	if len(ev) != 1 || ev[0]["updateType"] != "ban" || obj(ev[0], "user")["is_banned"] != true || obj(ev[0], "user")["ban_reason"] != "Fake receipts" {
		t.Fatalf("events %v", ev)
	}
	ban(h.boss2.token, c.ID, map[string]any{"reason": "again"}).want(t, 409)

	unban := func(body any) authResult {
		return h.call(t, h.boss2.token, "POST", fmt.Sprintf("/api/admin/users/%d/unban", c.ID), body)
	}
	unban(map[string]any{}).want(t, 422)
	if r := unban(map[string]any{"reason": "Bank confirmed"}).want(t, 200); r.data()["is_banned"] != false || r.data()["ban_reason"] != nil {
		t.Fatalf("unban %s", r.body)
	}
	h.audit(t, "user.unban", c.ID, h.boss2.ID)
	if ev := h.events(t, store.UserChannel(c.ID), "user.updated"); len(ev) != 2 || obj(ev[1], "user")["is_banned"] != false {
		t.Fatalf("events %v", ev)
	}
	h.call(t, tok, "GET", "/api/topup-orders", nil).want(t, 200)
	unban(map[string]any{"reason": "again"}).want(t, 409)
}

// A ban racing a login: whatever the order, the banned customer ends up
// with no session that can do anything but see the ban.
func TestAdminBanRacesLogin(t *testing.T) {
	h := newAdminHarness(t)
	for i := 0; i < 6; i++ {
		c := h.buyer(t, 0)
		var wg sync.WaitGroup
		var banStatus int
		var login authResult
		wg.Add(2)
		go func() {
			defer wg.Done()
			banStatus = h.call(t, h.boss.token, "POST", fmt.Sprintf("/api/admin/users/%d/ban", c.ID), map[string]any{"reason": "race"}).status
		}()
		go func() {
			defer wg.Done()
			login = h.do(t, authReq{method: "POST", path: "/api/login", body: map[string]string{"phone_number": c.Phone, "password": "shopper-pw"}, ip: fmt.Sprintf("10.8.0.%d", i)})
		}()
		wg.Wait()
		if banStatus != 200 || login.status != 200 {
			t.Fatalf("ban %d, login %d %s", banStatus, login.status, login.body)
		}
		for _, tok := range []string{c.token, login.str("token")} {
			r := h.call(t, tok, "GET", "/api/topup-orders", nil)
			if r.status != 401 && !(r.status == 403 && r.str("ban_reason") == "race") {
				t.Fatalf("a session after the ban answered %d %s", r.status, r.body)
			}
		}
	}
}

func TestAdminWalletAdjustment(t *testing.T) {
	h := newAdminHarness(t)
	c := h.buyer(t, 0)
	adjust := func(body any, key string) authResult {
		r := authReq{method: "POST", path: fmt.Sprintf("/api/admin/users/%d/wallet", c.ID), token: h.boss.token, body: body}
		if key != "" {
			r.header = map[string]string{"Idempotency-Key": key}
		}
		return h.do(t, r)
	}
	tests := []struct {
		name   string
		body   any
		status int
		field  string
	}{
		{"no reason", map[string]any{"amount": 1000}, 422, "reason"},
		{"zero", map[string]any{"amount": 0, "reason": "x"}, 422, "amount"},
		{"typo of zeros", map[string]any{"amount": 1_000_000_000, "reason": "x"}, 422, "amount"},
		{"below zero", map[string]any{"amount": -1, "reason": "x"}, 422, "amount"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if r := adjust(tt.body, "").want(t, tt.status); r.fieldError(tt.field) == "" {
				t.Fatalf("answer %s", r.body)
			}
		})
	}
	r := adjust(map[string]any{"amount": 5000, "reason": "Compensation for late delivery"}, "adj-1").want(t, 200)
	if num(r.data()["balance_after"]) != 5000 || r.data()["kind"] != "adjustment" {
		t.Fatalf("answer %s", r.body)
	}
	replay := adjust(map[string]any{"amount": 5000, "reason": "Compensation for late delivery"}, "adj-1").want(t, 200)
	if replay.data()["id"] != r.data()["id"] || replay.header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("replay %s, want the first entry again", replay.body)
	}
	if r := adjust(map[string]any{"amount": 6000, "reason": "Compensation for late delivery"}, "adj-1").want(t, 409); r.str("code") != "idempotency_key_reused" {
		t.Fatalf("same key, another amount: %s", r.body)
	}
	adjust(map[string]any{"amount": -2000, "reason": "Correction"}, "").want(t, 200)
	if got := h.wallet(t, c.ID); got != 3000 {
		t.Fatalf("wallet %d", got)
	}
	rows := h.audits(t, "user.wallet.adjust", c.ID)
	if len(rows) != 2 || field(rows[0].Before, "wallet_amount") != float64(0) || field(rows[0].After, "wallet_amount") != float64(5000) ||
		*rows[1].Reason != "Correction" {
		t.Fatalf("audit %+v", rows)
	}
	if ev := h.events(t, store.UserChannel(c.ID), "user.updated"); len(ev) != 2 || num(obj(ev[1], "user")["wallet_amount"]) != 3000 {
		t.Fatalf("events %v", ev)
	}
	h.checkLedger(t)
}

func TestAdminUsers(t *testing.T) {
	h := newAdminHarness(t)
	c := h.buyer(t, 20000)
	h.coinOrder(t, c)
	h.topup(t, c.User, 3000, time.Minute, "r")
	local := "0" + strings.TrimPrefix(c.Phone, "+95")
	for _, q := range []string{c.Phone, local, strings.TrimPrefix(c.Phone, "+"), c.Username, strings.ToUpper(c.Username), c.Username + "@example.com"} {
		t.Run("search "+q, func(t *testing.T) {
			list := pageData(h.call(t, h.boss.token, "GET", "/api/admin/users?q="+strings.ReplaceAll(q, "+", "%2B"), nil).want(t, 200))
			if len(list) == 0 || num(list[0].(map[string]any)["id"]) != c.ID {
				t.Fatalf("search %q: %v", q, list)
			}
		})
	}
	d := h.call(t, h.boss.token, "GET", fmt.Sprintf("/api/admin/users/%d", c.ID), nil).want(t, 200).data()
	if len(d["orders"].([]any)) != 1 || len(d["topups"].([]any)) != 1 || len(d["ledger"].([]any)) != 2 || obj(d, "user")["wallet_amount"] == nil {
		t.Fatalf("profile %v", d)
	}
	if strings.Contains(fmt.Sprint(d), "password") {
		t.Fatal("a profile leaks a password hash")
	}
	h.call(t, h.boss.token, "GET", "/api/admin/users/999999", nil).want(t, 404)
	if l := h.call(t, h.boss.token, "GET", fmt.Sprintf("/api/admin/users/%d/ledger?limit=1", c.ID), nil).want(t, 200); len(l.json["data"].([]any)) != 1 {
		t.Fatalf("ledger %s", l.body)
	}
}

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
