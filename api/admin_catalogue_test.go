package api_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"

	"topup/store"
)

func TestAdminCatalogue(t *testing.T) {
	h := newAdminHarness(t)
	tok := h.boss.token
	var serviceID, gameID, productID int64

	t.Run("services", func(t *testing.T) {
		h.call(t, tok, "POST", "/api/admin/services", map[string]any{"name": "Gift", "slug": "Gift Cards", "kind": "coin"}).want(t, 422)
		h.call(t, tok, "POST", "/api/admin/services", map[string]any{"name": "Gift", "slug": "gift", "kind": "voucher"}).want(t, 422)
		h.call(t, tok, "POST", "/api/admin/services", map[string]any{"name": "Dup", "slug": "top-up", "kind": "coin"}).want(t, 409)
		r := h.call(t, tok, "POST", "/api/admin/services", map[string]any{"name": "Gift Cards", "name_my": "လက်ဆောင်", "slug": "gift-cards", "kind": "coin", "sort": 9}).want(t, 201)
		serviceID = num(r.data()["id"])
		h.audit(t, "service.create", serviceID, h.boss.ID)
		r = h.call(t, tok, "PATCH", fmt.Sprintf("/api/admin/services/%d", serviceID), map[string]any{"is_active": false}).want(t, 200)
		if r.data()["is_active"] != false || r.data()["name"] != "Gift Cards" {
			t.Fatalf("patch %s", r.body)
		}
		a := h.audit(t, "service.update", serviceID, h.boss.ID)
		if field(a.Before, "is_active") != true || field(a.After, "is_active") != false {
			t.Fatalf("audit %s → %s", a.Before, a.After)
		}
		// A service with products keeps its kind.
		var topUp int64
		_ = h.db.SQL().Get(&topUp, `SELECT id FROM services WHERE slug = 'top-up'`)
		h.call(t, tok, "PATCH", fmt.Sprintf("/api/admin/services/%d", topUp), map[string]any{"kind": "code"}).want(t, 409)
		h.call(t, tok, "PATCH", "/api/admin/services/999999", map[string]any{"sort": 1}).want(t, 404)
		h.call(t, tok, "PATCH", fmt.Sprintf("/api/admin/services/%d", serviceID), map[string]any{"colour": "red"}).want(t, 422)
		if list := h.call(t, tok, "GET", "/api/admin/services", nil).want(t, 200).json["data"].([]any); len(list) != 4 {
			t.Fatalf("services %v", list)
		}
	})

	t.Run("games with a logo", func(t *testing.T) {
		body, ctype := multipartFile(t, "file", "logo.exe", "application/octet-stream", receiptPNG(t))
		up := h.do(t, authReq{method: "POST", path: "/api/admin/media", raw: body, contentType: ctype, token: tok}).want(t, 201)
		url := up.data()["url"].(string)
		if !strings.HasPrefix(url, "/media/uploads/") || !strings.HasSuffix(url, ".png") {
			t.Fatalf("upload %s", up.body)
		}
		img := h.do(t, authReq{method: "GET", path: url}).want(t, 200)
		if img.header.Get("Content-Type") != "image/png" || !strings.Contains(img.header.Get("Cache-Control"), "immutable") ||
			img.header.Get("X-Content-Type-Options") != "nosniff" {
			t.Fatalf("media headers %v", img.header)
		}
		// Revalidation by its ETag (the random name) reads nothing.
		etag := img.header.Get("ETag")
		if etag == "" || h.do(t, authReq{method: "GET", path: url, header: map[string]string{"If-None-Match": etag}}).status != 304 {
			t.Fatalf("media ETag %q not honoured", etag)
		}
		h.do(t, authReq{method: "GET", path: "/media/uploads/../../etc/passwd"}).want(t, 404)
		h.do(t, authReq{method: "GET", path: "/media/uploads/0123456789abcdef0123456789abcdef.png"}).want(t, 404)
		bad, badType := multipartFile(t, "file", "logo.png", "image/png", []byte("<svg onload=alert(1)></svg>"))
		h.do(t, authReq{method: "POST", path: "/api/admin/media", raw: bad, contentType: badType, token: tok}).want(t, 415)
		if n := len(h.audits(t, "media.upload", strings.TrimPrefix(url, "/media/uploads/"))); n != 1 {
			t.Fatalf("%d media entries", n)
		}

		h.call(t, tok, "POST", "/api/admin/games", map[string]any{"service_id": serviceID, "name": "X", "slug": "x", "logo_url": "javascript:alert(1)"}).want(t, 422)
		h.call(t, tok, "POST", "/api/admin/games", map[string]any{"service_id": 999999, "name": "X", "slug": "x"}).want(t, 422)
		r := h.call(t, tok, "POST", "/api/admin/games", map[string]any{"service_id": serviceID, "name": "Gift Game", "slug": "gift-game",
			"logo_url": url, "is_hot": true, "sort": 3}).want(t, 201)
		gameID = num(r.data()["id"])
		if r.data()["logo_url"] != url || r.data()["is_hot"] != true {
			t.Fatalf("game %s", r.body)
		}
		h.audit(t, "game.create", gameID, h.boss.ID)
		h.call(t, tok, "PATCH", fmt.Sprintf("/api/admin/games/%d", gameID), map[string]any{"slug": "mobile-legends"}).want(t, 409)
		h.call(t, tok, "PATCH", fmt.Sprintf("/api/admin/games/%d", gameID), map[string]any{"is_hot": false, "sort": 1}).want(t, 200)
		h.audit(t, "game.update", gameID, h.boss.ID)
	})

	t.Run("products", func(t *testing.T) {
		h.call(t, tok, "POST", "/api/admin/products", map[string]any{"game_id": gameID, "name": "No price"}).want(t, 422)
		h.call(t, tok, "POST", "/api/admin/products", map[string]any{"game_id": gameID, "name": "P", "price": 100, "discount_percent": 120}).want(t, 422)
		h.call(t, tok, "POST", "/api/admin/products", map[string]any{"game_id": gameID, "name": "P", "price": 100, "data": []int{1}}).want(t, 422)
		r := h.call(t, tok, "POST", "/api/admin/products", map[string]any{"game_id": gameID, "name": "Gift 100", "price": 3000,
			"fake_price": 3500, "discount_percent": 10, "is_popular": true, "preview_img": []string{"/media/a.png"},
			"data": map[string]any{"amount": 100}, "sku": "gift-100"}).want(t, 201)
		d := r.data()
		productID = num(d["id"])
		if num(d["service_id"]) != serviceID || d["kind"] != "coin" || num(d["fake_price"]) != 3500 || obj(d, "data")["amount"] != float64(100) {
			t.Fatalf("product %s", r.body)
		}
		r = h.call(t, tok, "PATCH", fmt.Sprintf("/api/admin/products/%d", productID), map[string]any{"price": 2800, "fake_price": nil, "is_active": false}).want(t, 200)
		if num(r.data()["price"]) != 2800 || r.data()["fake_price"] != nil || r.data()["is_active"] != false {
			t.Fatalf("patch %s", r.body)
		}
		a := h.audit(t, "product.update", productID, h.boss.ID)
		if field(a.Before, "price") != float64(3000) || field(a.After, "price") != float64(2800) {
			t.Fatalf("audit %s → %s", a.Before, a.After)
		}
		list := pageData(h.call(t, tok, "GET", fmt.Sprintf("/api/admin/products?game_id=%d", gameID), nil).want(t, 200))
		if len(list) != 1 {
			t.Fatalf("products %v", list)
		}
		if n := len(pageData(h.call(t, tok, "GET", "/api/admin/products?kind=code&per_page=50", nil).want(t, 200))); n == 0 {
			t.Fatal("no code products")
		}
	})

	t.Run("account credentials are write-only and revealed with an entry", func(t *testing.T) {
		pid := h.productID(t, "mlbb-acc-legend")
		h.call(t, tok, "PUT", fmt.Sprintf("/api/admin/products/%d/credentials", productID), map[string]any{"email": "a@b.c", "email_password": "x", "game_password": "y"}).want(t, 422)
		h.call(t, tok, "PUT", fmt.Sprintf("/api/admin/products/%d/credentials", pid), map[string]any{"email": "a@b.c"}).want(t, 422)
		r := h.call(t, tok, "PUT", fmt.Sprintf("/api/admin/products/%d/credentials", pid),
			map[string]any{"email": "new@acc.test", "email_password": "S3cret-mail", "game_password": "S3cret-game"}).want(t, 200)
		if strings.Contains(r.body, "S3cret") || r.data()["has_credentials"] != true {
			t.Fatalf("set answered %s", r.body)
		}
		if g := h.call(t, tok, "GET", fmt.Sprintf("/api/admin/products/%d", pid), nil).want(t, 200); strings.Contains(g.body, "S3cret") || g.data()["has_credentials"] != true {
			t.Fatalf("product answered %s", g.body)
		}
		rv := h.call(t, tok, "POST", fmt.Sprintf("/api/admin/products/%d/credentials/reveal", pid), map[string]any{"reason": "customer dispute"}).want(t, 200)
		if c := obj(rv.data(), "credentials"); c["email"] != "new@acc.test" || c["game_password"] != "S3cret-game" {
			t.Fatalf("reveal %s", rv.body)
		}
		h.audit(t, "product.credentials.set", pid, h.boss.ID)
		if a := h.audit(t, "product.credentials.reveal", pid, h.boss.ID); *a.Reason != "customer dispute" {
			t.Fatalf("audit %+v", a)
		}
		var leaks int
		_ = h.db.SQL().Get(&leaks, `SELECT count(*) FROM audit_log WHERE before::text LIKE '%S3cret%' OR after::text LIKE '%S3cret%'`)
		if leaks != 0 {
			t.Fatal("the audit log holds a password")
		}
		// The buyer gets the new login.
		b := h.buyer(t, 1_000_000)
		o := h.order(t, b, map[string]any{"product_id": pid}, "").want(t, 201)
		if obj(o.json, "credentials")["game_password"] != "S3cret-game" {
			t.Fatalf("order %s", o.body)
		}
		h.call(t, tok, "PUT", fmt.Sprintf("/api/admin/products/%d/credentials", pid),
			map[string]any{"email": "x@acc.test", "email_password": "a", "game_password": "b"}).want(t, 409)
	})

	t.Run("redeem codes: paste, CSV, duplicates, stock, then a sale", func(t *testing.T) {
		pid := h.productID(t, "steam-wallet-5")
		path := fmt.Sprintf("/api/admin/products/%d/codes", pid)
		before := num(h.call(t, tok, "GET", path, nil).want(t, 200).data()["available"])
		h.call(t, tok, "POST", path, map[string]any{"codes": "  \n "}).want(t, 422)
		h.call(t, tok, "POST", fmt.Sprintf("/api/admin/products/%d/codes", productID), map[string]any{"codes": "X"}).want(t, 422)
		r := h.call(t, tok, "POST", path, map[string]any{"codes": "NEW-AAA\nNEW-BBB\r\nNEW-AAA", "batch": "nov"}).want(t, 201)
		d := r.data()
		if num(d["added"]) != 2 || num(d["duplicates"]) != 1 || num(obj(d, "stock")["available"]) != before+2 {
			t.Fatalf("import %s", r.body)
		}
		r = h.call(t, tok, "POST", path, map[string]any{"codes": []string{"NEW-BBB", "NEW-CCC"}}).want(t, 201)
		if num(r.data()["added"]) != 1 || r.data()["duplicate_codes"].([]any)[0] != "NEW-BBB" {
			t.Fatalf("second import %s", r.body)
		}
		csvBody, ctype := multipartFile(t, "file", "codes.csv", "text/csv", []byte("code,value\nNEW-DDD,5\n\"NEW-EEE\",5\nNEW-CCC,5\n"))
		r = h.do(t, authReq{method: "POST", path: path, raw: csvBody, contentType: ctype, token: tok}).want(t, 201)
		if num(r.data()["added"]) != 2 || num(r.data()["duplicates"]) != 1 {
			t.Fatalf("csv import %s", r.body)
		}
		rows := h.audits(t, "codes.import", pid)
		if len(rows) != 3 || field(rows[0].After, "added") != float64(2) || strings.Contains(string(rows[0].After), "NEW-") {
			t.Fatalf("audit %+v", rows)
		}
		stock := h.call(t, tok, "GET", "/api/admin/codes/stock", nil).want(t, 200).data()
		if len(stock["products"].([]any)) == 0 {
			t.Fatalf("stock %v", stock)
		}
		// Low stock: under the threshold (default 5) shows a warning.
		if err := h.db.SetSetting(context.Background(), store.SettingLowStock, before+6, 0); err != nil {
			t.Fatal(err)
		}
		if st := h.call(t, tok, "GET", path, nil).want(t, 200).data(); st["low_stock"] != true || num(st["available"]) != before+5 {
			t.Fatalf("stock %v", st)
		}
		b := h.buyer(t, 10_000_000)
		for i := int64(0); i < before; i++ { // use up the demo codes first
			h.order(t, b, map[string]any{"product_id": pid}, "").want(t, 201)
		}
		o := h.order(t, b, map[string]any{"product_id": pid}, "").want(t, 201)
		if code, _ := o.json["code"].(string); !strings.HasPrefix(code, "NEW-") {
			t.Fatalf("bought %s", o.body)
		}
	})

	t.Run("payment methods and banners", func(t *testing.T) {
		h.call(t, tok, "POST", "/api/admin/payment-methods", map[string]any{"name": "KBZPay", "holder_name": "U", "phone": "09", "kind": "wallet"}).want(t, 409)
		r := h.call(t, tok, "POST", "/api/admin/payment-methods", map[string]any{"name": "Wave Test Pay", "holder_name": "Daw Su", "phone": "09111", "kind": "wallet"}).want(t, 201)
		id := num(r.data()["id"])
		h.call(t, tok, "PATCH", fmt.Sprintf("/api/admin/payment-methods/%d", id), map[string]any{"maintenance_message": "Down until 6pm", "is_active": false}).want(t, 200)
		h.audit(t, "payment_method.update", id, h.boss.ID)
		for _, m := range h.do(t, authReq{method: "GET", path: "/api/payment-methods"}).want(t, 200).json["data"].([]any) {
			if m.(map[string]any)["name"] == "Wave Test Pay" {
				t.Fatal("an inactive method is offered")
			}
		}
		h.call(t, tok, "POST", "/api/admin/banners", map[string]any{"title": "Sale", "starts_at": "2026-05-02T00:00:00Z", "ends_at": "2026-05-01T00:00:00Z"}).want(t, 422)
		b := h.call(t, tok, "POST", "/api/admin/banners", map[string]any{"title": "Thingyan sale", "image_url": "/media/x.png", "link": "/detail/top-up/mobile-legends", "sort": -1}).want(t, 201)
		bid := num(b.data()["id"])
		if got := h.do(t, authReq{method: "GET", path: "/api/banner"}).want(t, 200); !strings.Contains(got.body, "Thingyan sale") {
			t.Fatalf("banner %s", got.body)
		}
		h.call(t, tok, "DELETE", fmt.Sprintf("/api/admin/banners/%d", bid), nil).want(t, 200)
		h.call(t, tok, "DELETE", fmt.Sprintf("/api/admin/banners/%d", bid), nil).want(t, 404)
		if a := h.audit(t, "banner.delete", bid, h.boss.ID); field(a.Before, "title") != "Thingyan sale" {
			t.Fatalf("audit %s", a.Before)
		}
	})
}

func TestAdminReviewsSettingsEventsAudit(t *testing.T) {
	h := newAdminHarness(t)
	tok := h.boss.token
	c := h.buyer(t, 100000)

	t.Run("reviews are hidden and shown", func(t *testing.T) {
		o := h.order(t, c, map[string]any{"product_id": h.productID(t, "steam-wallet-5")}, "").want(t, 201)
		oid := num(obj(o.json, "order")["id"])
		rv, err := h.db.CreateReview(context.Background(), c.ID, oid, 1, "rude words")
		if err != nil {
			t.Fatal(err)
		}
		path := fmt.Sprintf("/api/admin/reviews/%d", rv.ID)
		h.call(t, tok, "PATCH", path, map[string]any{}).want(t, 422)
		h.call(t, tok, "PATCH", path, map[string]any{"is_visible": false, "reason": "abusive"}).want(t, 200)
		if got := h.do(t, authReq{method: "GET", path: "/api/reviews"}).want(t, 200); strings.Contains(got.body, "rude words") {
			t.Fatal("a hidden review is listed")
		}
		hidden := pageData(h.call(t, tok, "GET", "/api/admin/reviews?visible=false", nil).want(t, 200))
		if len(hidden) != 1 {
			t.Fatalf("hidden %v", hidden)
		}
		if a := h.audit(t, "review.hide", rv.ID, h.boss.ID); field(a.After, "is_visible") != false || *a.Reason != "abusive" {
			t.Fatalf("audit %+v", a)
		}
		h.call(t, tok, "PATCH", path, map[string]any{"is_visible": true}).want(t, 200)
		h.audit(t, "review.show", rv.ID, h.boss.ID)
		h.call(t, tok, "PATCH", "/api/admin/reviews/999999", map[string]any{"is_visible": true}).want(t, 404)
	})

	t.Run("admin-online switch", func(t *testing.T) {
		h.call(t, tok, "PUT", "/api/admin/settings/admin-online", map[string]any{}).want(t, 422)
		if r := h.do(t, authReq{method: "GET", path: "/api/admin-status"}).want(t, 200); r.json["adminStatus"] != false {
			t.Fatalf("status %s", r.body)
		}
		h.call(t, tok, "PUT", "/api/admin/settings/admin-online", map[string]any{"online": true}).want(t, 200)
		if r := h.do(t, authReq{method: "GET", path: "/api/admin-status"}).want(t, 200); r.json["adminStatus"] != true {
			t.Fatalf("status %s", r.body)
		}
		if r := h.call(t, tok, "GET", "/api/admin/settings/admin-online", nil).want(t, 200); r.data()["admin_online"] != true {
			t.Fatalf("setting %s", r.body)
		}
		if a := h.audit(t, "setting.update", "admin_online", h.boss.ID); string(a.After) != "true" {
			t.Fatalf("audit %+v", a)
		}
	})

	t.Run("event console", func(t *testing.T) {
		h.call(t, tok, "POST", "/api/admin/events", map[string]any{}).want(t, 422)
		h.call(t, tok, "POST", "/api/admin/events", map[string]any{"user_id": c.ID, "event": "pusher:subscribe"}).want(t, 422)
		h.call(t, tok, "POST", "/api/admin/events", map[string]any{"user_id": 999999}).want(t, 404)
		r := h.call(t, tok, "POST", "/api/admin/events", map[string]any{"user_id": c.ID}).want(t, 200)
		if r.data()["published"] != true || r.data()["channel"] != store.UserChannel(c.ID) || r.data()["event"] != "user.updated" {
			t.Fatalf("publish %s", r.body)
		}
		h.bc.mu.Lock()
		last := h.bc.sent[len(h.bc.sent)-1]
		h.bc.mu.Unlock()
		if last.event != "user.updated" || last.channels[0] != store.UserChannel(c.ID) || !strings.Contains(last.data, `"updateType":"profile"`) {
			t.Fatalf("sent %+v", last)
		}
		h.call(t, tok, "POST", "/api/admin/events", map[string]any{"user_id": c.ID, "event": "diagnostic.ping", "data": map[string]any{"ping": 1}}).want(t, 200)
		h.bc.mu.Lock()
		h.bc.fail = errBroadcast
		h.bc.mu.Unlock()
		r = h.call(t, tok, "POST", "/api/admin/events", map[string]any{"user_id": c.ID}).want(t, 200)
		if r.data()["published"] != false || r.data()["error"] != errBroadcast.Error() {
			t.Fatalf("failed publish %s", r.body)
		}
		rows := h.audits(t, "event.publish", c.ID)
		if len(rows) != 3 || field(rows[2].After, "published") != false {
			t.Fatalf("audit %+v", rows)
		}
		// The audit entry pins what was sent: its SHA-256 and size.
		sum := sha256.Sum256([]byte(`{"ping":1}`))
		if field(rows[1].After, "data_sha256") != hex.EncodeToString(sum[:]) || field(rows[1].After, "data_bytes") != float64(10) {
			t.Fatalf("audit of the ping %s", rows[1].After)
		}
	})

	// A rogue admin cannot make the console show a customer a "message from
	// the store", a wallet change or an order update that no table holds.
	t.Run("event console sends only diagnostic events", func(t *testing.T) {
		h.bc.mu.Lock()
		h.bc.fail, h.bc.sent = nil, nil
		h.bc.mu.Unlock()
		for _, req := range []map[string]any{
			{"user_id": c.ID, "event": "user.message.sent", "data": map[string]any{"title": "Pay to 09…", "body": "New account"}},
			{"user_id": c.ID, "event": "order.updated", "data": map[string]any{"order": map[string]any{"id": 1}}},
			{"user_id": c.ID, "event": "topup.updated"},
			{"user_id": c.ID, "event": "user.updated", "data": map[string]any{"updateType": "wallet", "user": map[string]any{"id": c.ID, "wallet_amount": 999999}}},
		} {
			r := h.call(t, tok, "POST", "/api/admin/events", req).want(t, 422)
			if r.str("code") != "event_not_allowed" {
				t.Errorf("%v: code %q", req, r.str("code"))
			}
		}
		h.bc.mu.Lock()
		defer h.bc.mu.Unlock()
		if len(h.bc.sent) != 0 {
			t.Fatalf("published %+v", h.bc.sent)
		}
	})

	t.Run("audit log view filters", func(t *testing.T) {
		h.call(t, h.boss2.token, "POST", fmt.Sprintf("/api/admin/users/%d/wallet", c.ID), map[string]any{"amount": 1, "reason": "r"}).want(t, 200)
		tests := []struct {
			query string
			want  int
		}{
			{"", 7},
			{"?action=event.publish", 3},
			{"?action=review.", 2},
			{fmt.Sprintf("?actor_id=%d", h.boss2.ID), 1},
			{fmt.Sprintf("?target_type=user&target_id=%d", c.ID), 4},
			{"?from=2000-01-01&to=2000-01-02", 0},
			{"?from=2000-01-01", 7},
			{"?per_page=2&page=2", 2},
		}
		for _, tt := range tests {
			t.Run(tt.query, func(t *testing.T) {
				r := h.call(t, tok, "GET", "/api/admin/audit"+tt.query, nil).want(t, 200)
				if got := len(pageData(r)); got != tt.want {
					t.Fatalf("%d entries, want %d: %s", got, tt.want, r.body)
				}
			})
		}
		h.call(t, tok, "GET", "/api/admin/audit?from=yesterday", nil).want(t, 422)
		first := pageData(h.call(t, tok, "GET", "/api/admin/audit", nil).want(t, 200))[0].(map[string]any)
		if first["action"] != "user.wallet.adjust" || first["actor_name"] != h.boss2.Username || first["request_id"] == "" {
			t.Fatalf("newest entry %v", first)
		}
	})
}
