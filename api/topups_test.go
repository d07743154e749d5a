package api_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"mime/multipart"
	"net/http"
	"os"
	"sync"
	"testing"
	"time"

	"topup/api"
	"topup/internal/receipts"
	"topup/store"
)

type topupHarness struct {
	*authHarness
	dir        string
	alice, bob string // tokens
	admin      string
	kbz        int64
}

func newTopupHarness(t *testing.T, mod ...func(*api.Options)) *topupHarness {
	t.Helper()
	dir := t.TempDir()
	rd, err := receipts.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	mod = append([]func(*api.Options){func(o *api.Options) { o.Receipts = rd }}, mod...)
	h := &topupHarness{authHarness: newAuthHarness(t, mod...), dir: dir}
	h.user(t, "alice", "09420000101", "secret123", false)
	h.user(t, "bob", "09420000102", "secret123", false)
	h.user(t, "boss", "09420000103", "secret123", true)
	h.alice = h.login(t, "09420000101", "secret123")
	h.bob = h.login(t, "09420000102", "secret123")
	h.admin = h.login(t, "09420000103", "secret123")
	if err := h.db.SQL().Get(&h.kbz, `INSERT INTO payment_methods (name, holder_name, phone, kind)
		VALUES ('KBZPay', 'U Aung', '09000000111', 'wallet') RETURNING id`); err != nil {
		t.Fatal(err)
	}
	return h
}

func receiptPNG(t *testing.T) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 30, 50))
	img.Set(3, 3, color.RGBA{200, 10, 10, 255})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func receiptJPEG(t *testing.T) []byte {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, image.NewGray(image.Rect(0, 0, 40, 20)), nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// multipartFile builds a form with one part, as the web app sends it.
func multipartFile(t *testing.T, field, filename, declaredType string, content []byte) (string, string) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	h := make(map[string][]string)
	h["Content-Disposition"] = []string{fmt.Sprintf(`form-data; name=%q; filename=%q`, field, filename)}
	h["Content-Type"] = []string{declaredType}
	part, err := w.CreatePart(h)
	if err != nil {
		t.Fatal(err)
	}
	part.Write(content)
	w.Close()
	return b.String(), w.FormDataContentType()
}

func (h *topupHarness) upload(t *testing.T, token, filename, declaredType string, content []byte) authResult {
	t.Helper()
	body, ctype := multipartFile(t, "file", filename, declaredType, content)
	return h.do(t, authReq{method: "POST", path: "/api/uploads", raw: body, contentType: ctype, token: token})
}

func (h *topupHarness) uploadID(t *testing.T, token string, content []byte) int64 {
	t.Helper()
	r := h.upload(t, token, "receipt.png", "image/png", content).want(t, http.StatusCreated)
	return int64(r.data()["id"].(float64))
}

func TestUploads(t *testing.T) {
	h := newTopupHarness(t)
	elf, err := os.ReadFile("/bin/true")
	if err != nil {
		t.Fatal(err)
	}
	pad := func(b []byte, n int) []byte { return append(append([]byte{}, b...), make([]byte, n-len(b))...) }
	tests := []struct {
		name, filename, ctype string
		content               []byte
		status                int
		message               string
	}{
		{"png", "receipt.png", "image/png", receiptPNG(t), http.StatusCreated, ""},
		{"jpeg", "receipt.jpg", "image/jpeg", receiptJPEG(t), http.StatusCreated, ""},
		{"png renamed .exe", "receipt.exe", "application/octet-stream", receiptPNG(t), http.StatusCreated, ""},
		{"path in the file name", "../../../etc/passwd.png", "image/png", receiptPNG(t), http.StatusCreated, ""},
		{"executable renamed .png", "receipt.png", "image/png", elf, http.StatusUnsupportedMediaType, "Only JPG, JPEG, PNG images are allowed"},
		{"exactly 10 MB", "big.png", "image/png", pad(receiptPNG(t), receipts.MaxBytes), http.StatusRequestEntityTooLarge, "File size must be less than 10MB"},
		{"just under 10 MB", "big.png", "image/png", pad(receiptPNG(t), receipts.MaxBytes-1), http.StatusCreated, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := h.upload(t, h.alice, tt.filename, tt.ctype, tt.content).want(t, tt.status)
			if tt.message != "" && r.str("message") != tt.message {
				t.Fatalf("message = %q, want %q", r.str("message"), tt.message)
			}
		})
	}
	t.Run("no file part", func(t *testing.T) {
		body, ctype := multipartFile(t, "other", "x.png", "image/png", receiptPNG(t))
		r := h.do(t, authReq{method: "POST", path: "/api/uploads", raw: body, contentType: ctype, token: h.alice}).want(t, 422)
		if r.fieldError("file") == "" {
			t.Fatalf("no file error in %s", r.body)
		}
	})
	t.Run("signed out", func(t *testing.T) {
		h.upload(t, "", "receipt.png", "image/png", receiptPNG(t)).want(t, http.StatusUnauthorized)
	})
	t.Run("stored under random names only", func(t *testing.T) {
		entries, _ := os.ReadDir(h.dir)
		for _, e := range entries {
			if _, err := hex.DecodeString(e.Name()); err != nil || len(e.Name()) != 32 {
				t.Fatalf("stored file %q is not a random name", e.Name())
			}
		}
		if len(entries) != 5 {
			t.Fatalf("%d files stored, want 5", len(entries))
		}
	})
}

func TestReceiptAccess(t *testing.T) {
	h := newTopupHarness(t)
	id := h.uploadID(t, h.alice, receiptPNG(t))
	path := fmt.Sprintf("/api/uploads/%d", id)

	r := h.do(t, authReq{method: "GET", path: path, token: h.alice}).want(t, 200)
	if r.header.Get("Content-Type") != "image/png" || r.header.Get("X-Content-Type-Options") != "nosniff" {
		t.Fatalf("headers %v", r.header)
	}
	if _, err := png.Decode(bytes.NewReader([]byte(r.body))); err != nil {
		t.Fatalf("owner did not get a PNG: %v", err)
	}
	h.do(t, authReq{method: "GET", path: path, token: h.admin}).want(t, 200)
	h.do(t, authReq{method: "GET", path: path, token: h.bob}).want(t, 404)
	h.do(t, authReq{method: "GET", path: path}).want(t, 401)
	h.do(t, authReq{method: "GET", path: "/api/uploads/999999", token: h.alice}).want(t, 404)
	h.do(t, authReq{method: "GET", path: "/api/uploads/abc", token: h.alice}).want(t, 404)

	// A banned admin may still log in (to read the ban reason) but reads no
	// one's receipts.
	boss, err := h.db.UserByPhone(context.Background(), "09420000103")
	if err != nil {
		t.Fatal(err)
	}
	h.ban(t, boss, nil)
	banned := h.login(t, "09420000103", "secret123")
	if r := h.do(t, authReq{method: "GET", path: path, token: banned}).want(t, 403); r.str("code") != "account_banned" {
		t.Fatalf("banned admin: %s", r.body)
	}
}

func (h *topupHarness) quote(t *testing.T, token, amount string) authResult {
	return h.do(t, authReq{method: "GET", path: "/api/topup-quote?amount=" + amount, token: token})
}

func TestTopupQuote(t *testing.T) {
	h := newTopupHarness(t)
	tests := []struct {
		amount string
		status int
	}{
		{"2000", 200}, {"1999", 422}, {"2000.5", 422}, {"-2000", 422}, {"9223372036854775808", 422}, {"abc", 422}, {"", 422},
	}
	for _, tt := range tests {
		t.Run(tt.amount, func(t *testing.T) {
			r := h.quote(t, h.alice, tt.amount).want(t, tt.status)
			if tt.status != 200 {
				if r.fieldError("amount") == "" {
					t.Fatalf("no amount error: %s", r.body)
				}
				return
			}
			d := r.data()
			v := int64(d["verification_amount"].(float64))
			if v < 1 || v > 500 || int64(d["total"].(float64)) != 2000+v || d["quote"] == "" {
				t.Fatalf("quote %v", d)
			}
		})
	}
	if r := h.quote(t, h.alice, "1999").want(t, 422); r.fieldError("amount") != "Minimum top-up amount is 2,000 Ks" {
		t.Fatalf("message %q", r.fieldError("amount"))
	}
}

func TestCreateTopupOverHTTP(t *testing.T) {
	h := newTopupHarness(t)
	q := h.quote(t, h.alice, "5000").want(t, 200).data()
	quote := q["quote"].(string)
	total := int64(q["total"].(float64))
	upload := h.uploadID(t, h.alice, receiptPNG(t))

	create := func(token string, body any, key string) authResult {
		return h.do(t, authReq{method: "POST", path: "/api/topup-orders", token: token, body: body, header: map[string]string{"Idempotency-Key": key}})
	}
	first := create(h.alice, map[string]any{"amount": 5000, "payment_method": h.kbz, "upload_id": upload, "quote": quote}, "key-1").want(t, 201)
	top := first.data()
	if top["status"] != "pending" || int64(top["total"].(float64)) != total || top["payment_method"] != "KBZPay" {
		t.Fatalf("top-up %v", top)
	}
	replay := create(h.alice, map[string]any{"amount": 5000, "payment_method": h.kbz, "upload_id": upload, "quote": quote}, "key-1").want(t, 200)
	if replay.data()["id"] != top["id"] {
		t.Fatalf("replay made another top-up: %v vs %v", replay.data()["id"], top["id"])
	}

	other := h.uploadID(t, h.bob, receiptJPEG(t))
	fresh := func() (string, int64) {
		d := h.quote(t, h.alice, "7000").want(t, 200).data()
		return d["quote"].(string), int64(d["total"].(float64))
	}
	q2, total2 := fresh()
	bobQuote := h.quote(t, h.bob, "7000").want(t, 200).data()["quote"].(string)
	tests := []struct {
		name   string
		token  string
		raw    string
		body   map[string]any
		status int
		field  string
	}{
		{"receipt used twice", h.alice, "", map[string]any{"amount": 7000, "payment_method": h.kbz, "upload_id": upload, "quote": q2}, 409, "upload_id"},
		{"another customer's receipt", h.alice, "", map[string]any{"amount": 7000, "payment_method": h.kbz, "upload_id": other, "quote": q2}, 422, "upload_id"},
		{"another customer's quote", h.alice, "", map[string]any{"amount": 7000, "payment_method": h.kbz, "upload_id": h.uploadID(t, h.alice, receiptJPEG(t)), "quote": bobQuote}, 422, "quote"},
		{"amount not the quote's", h.alice, "", map[string]any{"amount": 7001, "payment_method": h.kbz, "upload_id": h.uploadID(t, h.alice, receiptJPEG(t)), "quote": q2}, 422, "amount"},
		{"tampered quote", h.alice, "", map[string]any{"amount": 7000, "payment_method": h.kbz, "upload_id": h.uploadID(t, h.alice, receiptJPEG(t)), "quote": q2 + "0"}, 422, "quote"},
		{"missing quote", h.alice, "", map[string]any{"amount": 7000, "payment_method": h.kbz, "upload_id": h.uploadID(t, h.alice, receiptJPEG(t))}, 422, "quote"},
		{"unknown method", h.alice, "", map[string]any{"amount": 7000, "payment_method": "NoSuchPay", "upload_id": h.uploadID(t, h.alice, receiptJPEG(t)), "quote": q2}, 422, "payment_method"},
		{"amount as a string", h.alice, `{"amount": "7000", "payment_method": 1, "upload_id": 1, "quote": "x"}`, nil, 422, "amount"},
		{"fractional amount", h.alice, `{"amount": 2000.5, "payment_method": 1, "upload_id": 1, "quote": "x"}`, nil, 422, "amount"},
		{"amount of 2^63", h.alice, `{"amount": 9223372036854775808, "payment_method": 1, "upload_id": 1, "quote": "x"}`, nil, 422, "amount"},
		{"unknown field", h.alice, `{"amount": 7000, "bonus": 1}`, nil, 422, "bonus"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var r authResult
			if tt.raw != "" {
				r = h.do(t, authReq{method: "POST", path: "/api/topup-orders", token: tt.token, raw: tt.raw, contentType: "application/json"})
			} else {
				r = create(tt.token, tt.body, "")
			}
			r.want(t, tt.status)
			if r.fieldError(tt.field) == "" {
				t.Fatalf("no %s error in %s", tt.field, r.body)
			}
		})
	}

	t.Run("docs/spec.md's client variant names, amount being the total", func(t *testing.T) {
		r := create(h.alice, map[string]any{"amount": total2, "paymentMethod": "kbzpay", "receipt_id": h.uploadID(t, h.alice, receiptJPEG(t)), "quote": q2}, "").want(t, 201)
		if int64(r.data()["total"].(float64)) != total2 || int64(r.data()["amount"].(float64)) != 7000 {
			t.Fatalf("top-up %v", r.data())
		}
	})

	list := h.do(t, authReq{method: "GET", path: "/api/topup-orders", token: h.alice}).want(t, 200)
	items := pageData(list)
	if len(items) != 2 || items[1].(map[string]any)["id"] != top["id"] || num(list.data()["total"]) != 2 {
		t.Fatalf("history %s", list.body)
	}
	if bobs := h.do(t, authReq{method: "GET", path: "/api/topup-orders", token: h.bob}).want(t, 200); len(pageData(bobs)) != 0 {
		t.Fatalf("bob sees %s", bobs.body)
	}
}

// storedUpload records a receipt for u without the upload endpoint (and
// its per-customer allowance), for tests that need many.
func (h *topupHarness) storedUpload(t *testing.T, userID int64) int64 {
	t.Helper()
	var name [16]byte
	_, _ = rand.Read(name[:])
	sum := sha256.Sum256(name[:])
	up, err := h.db.CreateUpload(context.Background(), store.NewUpload{UserID: userID, StorageName: hex.EncodeToString(name[:]),
		Size: 100, ContentType: "image/png", SHA256: sum[:], Width: 10, Height: 10})
	if err != nil {
		t.Fatal(err)
	}
	return up.ID
}

func (h *topupHarness) userID(t *testing.T, username string) int64 {
	t.Helper()
	u, err := h.db.UserByUsername(context.Background(), username)
	if err != nil {
		t.Fatal(err)
	}
	return u.ID
}

func (h *topupHarness) createTopup(t *testing.T, token string, quote map[string]any, upload int64, key string) authResult {
	t.Helper()
	body := map[string]any{"amount": quote["amount"], "payment_method": h.kbz, "upload_id": upload, "quote": quote["quote"]}
	hdr := map[string]string{}
	if key != "" {
		hdr["Idempotency-Key"] = key
	}
	return h.do(t, authReq{method: "POST", path: "/api/topup-orders", token: token, body: body, header: hdr})
}

func TestTopupQuoteIsSingleUse(t *testing.T) {
	h := newTopupHarness(t)
	alice := h.userID(t, "alice")

	// 20 requests with one quote at once, each with its own receipt and
	// key: one top-up, 19 clear refusals.
	quote := h.quote(t, h.alice, "5000").want(t, 200).data()
	uploads := make([]int64, 20)
	for i := range uploads {
		uploads[i] = h.storedUpload(t, alice)
	}
	results := make([]authResult, len(uploads))
	var wg sync.WaitGroup
	for i := range uploads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = h.createTopup(t, h.alice, quote, uploads[i], fmt.Sprintf("key-%d", i))
		}()
	}
	wg.Wait()
	created := 0
	for _, r := range results {
		switch {
		case r.status == http.StatusCreated:
			created++
		case r.status != http.StatusConflict || r.str("code") != "quote_used" || r.fieldError("quote") == "":
			t.Fatalf("a request with a used quote: %d %s, want 409 quote_used", r.status, r.body)
		}
	}
	if created != 1 {
		t.Fatalf("%d top-ups from one quote, want 1", created)
	}

	// The fraud this stops: #1 is confirmed, then the same quote comes back
	// with a fresh screenshot of the same transfer.
	var first int64
	if err := h.db.SQL().Get(&first, `SELECT id FROM topup_orders WHERE user_id = $1`, alice); err != nil {
		t.Fatal(err)
	}
	h.do(t, authReq{method: "POST", path: fmt.Sprintf("/api/admin/topups/%d/confirm", first), token: h.admin}).want(t, 200)
	again := h.createTopup(t, h.alice, quote, h.uploadID(t, h.alice, receiptJPEG(t)), "after-confirm").want(t, http.StatusConflict)
	if again.str("code") != "quote_used" {
		t.Fatalf("second use after confirmation: %s", again.body)
	}
	var n int
	if err := h.db.SQL().Get(&n, `SELECT count(*) FROM topup_orders`); err != nil || n != 1 {
		t.Fatalf("%d top-ups (%v), want 1", n, err)
	}
}

func TestOpenTopupCap(t *testing.T) {
	h := newTopupHarness(t)
	alice := h.userID(t, "alice")
	var ids []int64
	for i := range store.MaxOpenTopups {
		q := h.quote(t, h.alice, "5000").want(t, 200).data()
		r := h.createTopup(t, h.alice, q, h.storedUpload(t, alice), fmt.Sprintf("open-%d", i)).want(t, http.StatusCreated)
		ids = append(ids, int64(r.data()["id"].(float64)))
	}
	q := h.quote(t, h.alice, "5000").want(t, 200).data()
	r := h.createTopup(t, h.alice, q, h.storedUpload(t, alice), "one-too-many").want(t, http.StatusConflict)
	if r.str("code") != "too_many_open_topups" || r.str("message") == "" {
		t.Fatalf("fourth open top-up: %s", r.body)
	}
	// Another customer is not held back by alice's.
	bq := h.quote(t, h.bob, "5000").want(t, 200).data()
	h.createTopup(t, h.bob, bq, h.storedUpload(t, h.userID(t, "bob")), "").want(t, http.StatusCreated)

	h.do(t, authReq{method: "POST", path: fmt.Sprintf("/api/admin/topups/%d/reject", ids[0]), token: h.admin,
		body: map[string]string{"reason": "No transfer arrived"}}).want(t, 200)
	// The refused request's quote was not used up: it goes through now.
	h.createTopup(t, h.alice, q, h.storedUpload(t, alice), "after-reject").want(t, http.StatusCreated)
}

func TestQuoteOffersOnlyFreeTotals(t *testing.T) {
	h := newTopupHarness(t)
	bob := h.userID(t, "bob")
	// Every total of a 2,000 Ks top-up but 2,077 is held: pending, or
	// confirmed within the day. Totals confirmed earlier, or rejected, are
	// free again.
	_, err := h.db.SQL().Exec(`
		WITH up AS (
			INSERT INTO uploads (user_id, storage_name, size, content_type, sha256, width, height)
			SELECT $1, 'held-' || lpad(v::text, 8, '0'), 100, 'image/png', sha256(v::text::bytea), 10, 10
			FROM generate_series(1, 500) v WHERE v <> 77
			RETURNING id, storage_name
		)
		INSERT INTO topup_orders (user_id, amount, verification_amount, total, payment_method_id, payment_method_name,
			upload_id, status, decided_at, reject_reason)
		SELECT $1, 2000, v, 2000 + v, $2, 'KBZPay', up.id,
			CASE WHEN v % 3 = 0 THEN 'pending' ELSE 'confirmed' END,
			CASE WHEN v % 3 = 0 THEN NULL ELSE now() - interval '23 hours' END, NULL
		FROM up, LATERAL (SELECT substr(up.storage_name, 6)::int AS v) x`, bob, h.kbz)
	if err != nil {
		t.Fatal(err)
	}
	for range 20 {
		d := h.quote(t, h.alice, "2000").want(t, 200).data()
		if int64(d["total"].(float64)) != 2077 {
			t.Fatalf("quote total %v, want 2077, the only free one", d["total"])
		}
	}
	if _, err := h.db.SQL().Exec(`INSERT INTO uploads (user_id, storage_name, size, content_type, sha256, width, height)
		VALUES ($1, 'held-00000077', 100, 'image/png', sha256('77'::bytea), 10, 10)`, bob); err != nil {
		t.Fatal(err)
	}
	if _, err := h.db.SQL().Exec(`INSERT INTO topup_orders (user_id, amount, verification_amount, total, payment_method_id,
		payment_method_name, upload_id) SELECT $1, 2000, 77, 2077, $2, 'KBZPay', id FROM uploads WHERE storage_name = 'held-00000077'`, bob, h.kbz); err != nil {
		t.Fatal(err)
	}
	r := h.quote(t, h.alice, "2000").want(t, http.StatusConflict)
	if r.str("code") != "amount_busy" || r.fieldError("amount") == "" {
		t.Fatalf("no free total: %s", r.body)
	}
	// A day after confirmation a total is free again.
	if _, err := h.db.SQL().Exec(`UPDATE topup_orders SET decided_at = now() - interval '25 hours' WHERE total = 2001`); err != nil {
		t.Fatal(err)
	}
	if d := h.quote(t, h.alice, "2000").want(t, 200).data(); int64(d["total"].(float64)) != 2001 {
		t.Fatalf("quote total %v, want 2001, confirmed over a day ago", d["total"])
	}
}

// A top-up keeps when its quote was issued, so a receipt dated before the
// customer knew the total fails the receipt-date check.
func TestTopupKeepsWhenItWasQuoted(t *testing.T) {
	h := newTopupHarness(t)
	quoted := h.clock.Now()
	quote := h.quote(t, h.alice, "5000").want(t, 200).data()
	h.clock.Advance(7 * time.Minute)
	r := h.createTopup(t, h.alice, quote, h.storedUpload(t, h.userID(t, "alice")), "").want(t, http.StatusCreated)
	id := int64(r.data()["id"].(float64))
	var at time.Time
	if err := h.db.SQL().Get(&at, `SELECT quoted_at FROM topup_orders WHERE id = $1`, id); err != nil {
		t.Fatalf("quoted_at of top-up %d: %v", id, err)
	}
	if d := at.Sub(quoted); d < -time.Second || d > time.Second {
		t.Fatalf("quoted at %v, the quote was issued at %v", at, quoted)
	}
}

// The same quote request within the quote's life answers the same total
// and deadline, so a customer who paid and came back to a reloaded page
// sees what they paid; another method is another quote, and a used or
// expired quote gives way to a new one.
func TestTopupQuoteIsStable(t *testing.T) {
	h := newTopupHarness(t)
	ask := func(token, query string) map[string]any {
		return h.do(t, authReq{method: "GET", path: "/api/topup-quote?" + query, token: token}).want(t, 200).data()
	}
	byKBZ := fmt.Sprintf("amount=10000&payment_method=%d", h.kbz)
	first := ask(h.alice, byKBZ)
	if first["expires_in"].(float64) != 30*60 || first["payment_method_id"].(float64) != float64(h.kbz) {
		t.Fatalf("quote %v: want 1800 s left, method %d", first, h.kbz)
	}
	h.clock.Advance(10 * time.Minute)
	again := ask(h.alice, byKBZ)
	for _, k := range []string{"total", "quote", "expires_at", "verification_amount"} {
		if again[k] != first[k] {
			t.Fatalf("%s: %v then %v", k, first[k], again[k])
		}
	}
	if again["expires_in"].(float64) != 20*60 {
		t.Fatalf("expires_in %v after 10 minutes, want 1200", again["expires_in"])
	}
	if other := ask(h.alice, "amount=10000"); other["total"] == first["total"] {
		t.Fatalf("a quote without a method has the same total %v", other["total"])
	}
	if bob := ask(h.bob, byKBZ); bob["total"] == first["total"] {
		t.Fatalf("bob is quoted alice's open total %v", bob["total"])
	}
	for _, bad := range []string{"0", "-1", "abc", "999999"} {
		r := h.do(t, authReq{method: "GET", path: "/api/topup-quote?amount=10000&payment_method=" + bad, token: h.alice}).want(t, 422)
		if r.fieldError("payment_method") == "" {
			t.Fatalf("method %q: %s", bad, r.body)
		}
	}

	// Used: the top-up goes through with the quote, and the next request
	// is a new quote.
	h.createTopup(t, h.alice, again, h.storedUpload(t, h.userID(t, "alice")), "").want(t, http.StatusCreated)
	if next := ask(h.alice, byKBZ); next["quote"] == first["quote"] || next["total"] == first["total"] {
		t.Fatalf("after use the same quote came back: %v", next)
	}
	// Expired: a new one.
	stale := ask(h.alice, byKBZ)
	h.clock.Advance(30 * time.Minute)
	if fresh := ask(h.alice, byKBZ); fresh["quote"] == stale["quote"] {
		t.Fatalf("an expired quote came back: %v", fresh)
	}
}

// Requests at once (a double tap, a reload racing the first answer) get
// one quote.
func TestTopupQuoteConcurrentRequests(t *testing.T) {
	h := newTopupHarness(t)
	const n = 10
	totals := make([]any, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			totals[i] = h.quote(t, h.alice, "7000").want(t, 200).data()["quote"]
		}()
	}
	wg.Wait()
	for i := range totals {
		if totals[i] != totals[0] {
			t.Fatalf("quotes %v, want one", totals)
		}
	}
}
