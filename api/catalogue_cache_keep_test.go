package api_test

import (
	"fmt"
	"strings"
	"testing"
)

// Admin work outside the catalogue (deciding top-ups, the order queue,
// wallets, bans, settings) leaves every node's cached catalogue alone:
// forgetting it waits for every node's acknowledgement, and confirming
// top-ups at a few a second made each confirmation wait for the cluster
// and every visitor's next read miss. A catalogue edit still forgets.
func TestCatalogueKeptByAdminWorkOutsideIt(t *testing.T) {
	h := newAdminHarness(t)
	tok := h.boss.token
	var gameID int64
	var name string
	if err := h.db.SQL().QueryRow(`SELECT id, name FROM games ORDER BY id LIMIT 1`).Scan(&gameID, &name); err != nil {
		t.Fatal(err)
	}
	customer := h.buyer(t, 100_000)
	order := h.coinOrder(t, h.buyer(t, 100_000))
	confirmed, rejected := h.topup(t, customer.User, 5000, 0, "keep-1"), h.topup(t, customer.User, 6000, 0, "keep-2")

	// The game is renamed behind the cache's back (as the seed or SQL by
	// hand would): a node that forgets its answers shows the new name.
	h.do(t, authReq{method: "GET", path: "/api/games"}).want(t, 200)
	if _, err := h.db.SQL().Exec(`UPDATE games SET name = name || ' Behind' WHERE id = $1`, gameID); err != nil {
		t.Fatal(err)
	}
	for _, step := range []struct {
		name, method, path string
		body               any
	}{
		{"confirm a top-up", "POST", fmt.Sprintf("/api/admin/topups/%d/confirm", confirmed.ID), nil},
		{"reject a top-up", "POST", fmt.Sprintf("/api/admin/topups/%d/reject", rejected.ID), map[string]any{"reason": "No such transfer"}},
		{"claim an order", "POST", fmt.Sprintf("/api/admin/orders/%d/claim", order), nil},
		{"adjust a wallet", "POST", fmt.Sprintf("/api/admin/users/%d/wallet", customer.ID), map[string]any{"amount": 100, "reason": "goodwill"}},
		{"switch admin-online", "PUT", "/api/admin/settings/admin-online", map[string]any{"online": true}},
	} {
		h.call(t, tok, step.method, step.path, step.body).want(t, 200)
		if r := h.do(t, authReq{method: "GET", path: "/api/games"}).want(t, 200); strings.Contains(r.body, name+" Behind") {
			t.Fatalf("%s forgot the cached catalogue", step.name)
		}
	}

	// A catalogue edit forgets it.
	h.call(t, tok, "PATCH", fmt.Sprintf("/api/admin/games/%d", gameID), map[string]any{"name": name + " Edited"}).want(t, 200)
	if r := h.do(t, authReq{method: "GET", path: "/api/games"}).want(t, 200); !strings.Contains(r.body, name+" Edited") {
		t.Fatalf("a game's edit did not show: %s", r.body)
	}
}
