package main

import (
	"context"
	"fmt"
	"net/http"
	"sync/atomic"
	"time"
)

// buyers read the catalogue and place orders, back to back or together at
// the pace of their pacer, each buyer for its own customer, each order with its own Idempotency-Key, retried with the same
// key after a network error or a 5xx for up to a minute, as the web app
// does.
type buyers struct {
	api      *api
	product  int64
	pace     *pacer       // nil: each buyer orders back to back
	answered atomic.Int64 // orders answered 201
	gaveUp   atomic.Int64 // orders abandoned after a 4xx or a minute of retries
	reads    atomic.Int64 // catalogue reads answered 200
}

func (b *buyers) run(ctx context.Context, w int, c customer) {
	xff := clientAddr(c.id)
	for i := 0; b.pace.wait(ctx); i++ {
		if st, _, err := b.api.call("catalogue", http.MethodGet, "/api/games", "", "", xff, "", nil); err == nil && st == http.StatusOK {
			b.reads.Add(1)
		}
		key := fmt.Sprintf("fault-%d-%d", w, i)
		body := fmt.Sprintf(`{"product_id":%d,"game_uid":"12345678"}`, b.product)
		for first := time.Now(); ; {
			st, _, err := b.api.call("order", http.MethodPost, "/api/order", c.token, key, xff, body, nil)
			if err == nil && st == http.StatusCreated {
				b.answered.Add(1)
				break
			}
			if !retryable(st, err) || time.Since(first) > time.Minute {
				b.gaveUp.Add(1)
				break
			}
			time.Sleep(200 * time.Millisecond)
		}
	}
}

// clientAddr is a customer's own address, one per customer, as they would
// come from their own phones.
func clientAddr(id int64) string {
	return fmt.Sprintf("10.%d.%d.%d", (id>>16)&255, (id>>8)&255, id&255)
}
