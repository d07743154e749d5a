package api_test

import (
	"context"
	"regexp"
	"strings"
	"testing"

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
