package api_test

import (
	"fmt"
	"strings"
	"testing"
)

// Catalogue answers are kept per node (catalogue_cache.go): the same bytes
// with a strong ETag, 304 to a client that has them, and an admin's change
// or a sale that sells a product out shows on the very next read.
func TestCatalogueCacheETagAndForgetting(t *testing.T) {
	h := newAdminHarness(t)
	tok := h.boss.token

	first := h.do(t, authReq{method: "GET", path: "/api/games"}).want(t, 200)
	etag := first.header.Get("ETag")
	if len(etag) < 10 || etag[0] != '"' {
		t.Fatalf("ETag %q, want a strong tag", etag)
	}
	again := h.do(t, authReq{method: "GET", path: "/api/games"}).want(t, 200)
	if again.header.Get("ETag") != etag || again.body != first.body {
		t.Fatalf("a second read differs: %q %s", again.header.Get("ETag"), again.body)
	}
	if cc := again.header.Get("Cache-Control"); !strings.Contains(cc, "max-age") {
		t.Fatalf("a cached answer lost its Cache-Control: %q", cc)
	}
	for _, inm := range []string{etag, "W/" + etag, `"other", ` + etag, "*"} {
		r := h.do(t, authReq{method: "GET", path: "/api/games", header: map[string]string{"If-None-Match": inm}})
		if r.status != 304 || r.body != "" || r.header.Get("ETag") != etag {
			t.Fatalf("If-None-Match %s: %d %q %q, want 304 without a body", inm, r.status, r.header.Get("ETag"), r.body)
		}
	}
	h.do(t, authReq{method: "GET", path: "/api/games", header: map[string]string{"If-None-Match": `"stale"`}}).want(t, 200)

	// An admin's edit shows on the next read.
	var gameID int64
	var name string
	if err := h.db.SQL().QueryRow(`SELECT id, name FROM games ORDER BY id LIMIT 1`).Scan(&gameID, &name); err != nil {
		t.Fatal(err)
	}
	h.call(t, tok, "PATCH", fmt.Sprintf("/api/admin/games/%d", gameID), map[string]any{"name": name + " Renamed"}).want(t, 200)
	after := h.do(t, authReq{method: "GET", path: "/api/games", header: map[string]string{"If-None-Match": etag}}).want(t, 200)
	if !strings.Contains(after.body, name+" Renamed") || after.header.Get("ETag") == etag {
		t.Fatalf("after the rename: ETag %q, body %s", after.header.Get("ETag"), after.body)
	}
	// Errors are not kept: a bad query is refused each time.
	h.do(t, authReq{method: "GET", path: "/api/products?page=0"}).want(t, 422)
	h.do(t, authReq{method: "GET", path: "/api/products?page=0"}).want(t, 422)

	// Buying the account sells it: the product page says so at once.
	pid := h.productID(t, "mlbb-acc-legend")
	page := fmt.Sprintf("/api/products/%d", pid)
	if r := h.do(t, authReq{method: "GET", path: page}).want(t, 200); !strings.Contains(r.body, `"is_sold":false`) {
		t.Fatalf("before the sale: %s", r.body)
	}
	b := h.buyer(t, 10_000_000)
	h.order(t, b, map[string]any{"product_id": pid}, "").want(t, 201)
	if r := h.do(t, authReq{method: "GET", path: page}).want(t, 200); !strings.Contains(r.body, `"is_sold":true`) {
		t.Fatalf("after the sale: %s", r.body)
	}
}
