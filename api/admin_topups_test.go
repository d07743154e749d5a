package api_test

import (
	"fmt"
	"testing"
	"time"

	"topup/store"
)

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
