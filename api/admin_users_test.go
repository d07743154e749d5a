package api_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"topup/store"
)

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
