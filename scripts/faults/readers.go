package main

import (
	"context"
	"fmt"
	"net/http"
	"sync/atomic"
)

// readers are visitors browsing the catalogue without signing in, the
// pages the home and game screens load, at the pace of their pacer. Each
// reader comes from an address of its own.
type readers struct {
	api   *api
	pace  *pacer
	pages []string
	reads atomic.Int64 // answered 200
}

// cataloguePages are the reads of a visit: the home screen's lists and a
// game's products, and one product.
func cataloguePages(product int64) []string {
	return []string{"/api/services", "/api/games", "/api/banner", "/api/products?game_slug=pubg-coin",
		"/api/products?per_page=12", fmt.Sprintf("/api/products/%d", product)}
}

func (r *readers) run(ctx context.Context, n int) {
	xff := fmt.Sprintf("172.16.%d.%d", (n>>8)&255, n&255)
	for i := n; r.pace.wait(ctx); i++ {
		page := r.pages[i%len(r.pages)]
		if st, _, err := r.api.call("catalogue", http.MethodGet, page, "", "", xff, "", nil); err == nil && st == http.StatusOK {
			r.reads.Add(1)
		}
	}
}
