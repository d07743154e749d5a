package api_test

import (
	"fmt"
	"strings"
	"testing"

	"topup/api"
)

// The delivery promise customers read in the server's answers is the
// configured DELIVERY_MINUTES, never a fixed "5 minutes": a shop that
// promises 15 must not tell a customer 5 (issue 25).
func TestDeliveryPromiseFollowsConfig(t *testing.T) {
	tests := []struct {
		configured, want int
	}{
		{0, 5}, // unset: docs/spec.md's 5
		{15, 15},
		{45, 45},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.configured), func(t *testing.T) {
			promise := func(o *api.Options) { o.Public.Support.DeliveryMinutes = tt.configured }
			en, my := fmt.Sprintf("within %d minutes", tt.want), fmt.Sprintf("%d မိနစ်", tt.want)

			shop := newShopHarness(t, promise)
			b := shop.buyer(t, 100000)
			order := map[string]any{"product_id": shop.productID(t, "mobile-legends-86"), "game_uid": "123456789", "server_id": "2001"}
			for lang, want := range map[string]string{"en": en, "my": my} {
				r := shop.do(t, authReq{method: "POST", path: "/api/order", body: order, token: b.token,
					header: map[string]string{"Accept-Language": lang}}).want(t, 201)
				if msg := r.str("message"); !strings.Contains(msg, want) {
					t.Errorf("coin order (%s): message %q, want it to say %q", lang, msg, want)
				}
			}
			admin := shop.admin(t)
			ov := shop.do(t, authReq{method: "GET", path: "/api/admin/overview", token: admin.token}).want(t, 200)
			if got := obj(ov.data(), "topups")["promise_seconds"]; got != float64(tt.want*60) {
				t.Errorf("overview promise_seconds = %v, want %d", got, tt.want*60)
			}

			top := newTopupHarness(t, promise)
			q := top.quote(t, top.alice, "5000").want(t, 200).data()
			for i, lang := range []string{"en", "my"} {
				upload := top.uploadID(t, top.alice, receiptPNG(t))
				if i > 0 {
					q = top.quote(t, top.alice, "6000").want(t, 200).data()
				}
				body := map[string]any{"amount": q["amount"], "payment_method": top.kbz, "upload_id": upload, "quote": q["quote"]}
				r := top.do(t, authReq{method: "POST", path: "/api/topup-orders", token: top.alice, body: body,
					header: map[string]string{"Accept-Language": lang, "Idempotency-Key": "promise-" + lang}}).want(t, 201)
				want := map[string]string{"en": en, "my": my}[lang]
				if msg := r.str("message"); !strings.Contains(msg, want) {
					t.Errorf("top-up (%s): message %q, want it to say %q", lang, msg, want)
				}
			}
		})
	}
}
