package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"topup/internal/receiptjob"
	"topup/internal/receiptocr"
	"topup/internal/receiptocr/receiptcorpus"
	"topup/store"
)

const corpusDir = "../internal/receiptocr/testdata/corpus"

// checksHarness sends real receipt images from the committed corpus and
// reads them with the real Tesseract, as the background job does.
type checksHarness struct {
	*adminHarness
	corpus map[string]receiptcorpus.Receipt
	reader *receiptocr.Reader
	n      int64
}

func newChecksHarness(t *testing.T) *checksHarness {
	t.Helper()
	m, err := receiptcorpus.Load(corpusDir)
	if err != nil {
		t.Fatal(err)
	}
	h := &checksHarness{adminHarness: newAdminHarness(t), corpus: map[string]receiptcorpus.Receipt{},
		reader: receiptocr.New(context.Background(), receiptocr.Options{Slots: 1})}
	for _, rc := range m.Receipts {
		h.corpus[rc.File] = rc
	}
	if ok, langs := h.reader.Available(); !ok || langs != "eng+mya" {
		t.Fatalf("Tesseract with English and Myanmar data is needed here; found %q", langs)
	}
	return h
}

func (h *checksHarness) image(t *testing.T, file string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(corpusDir, file))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// variant is file re-submitted as a fraudster would: variant v of
// receiptcorpus.Variants, saved as a PNG.
func (h *checksHarness) variant(t *testing.T, file string, v int) []byte {
	t.Helper()
	img, _, err := image.Decode(bytes.NewReader(h.image(t, file)))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := png.Encode(&out, receiptcorpus.Variants[v].Apply(img)); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// topup stores picture as the upload endpoint does (which queues its
// reading) and makes a pending KBZPay top-up of total for u, quoted 10
// minutes before paidAt.
func (h *checksHarness) topup(t *testing.T, u store.User, picture []byte, total int64, paidAt time.Time) store.Topup {
	t.Helper()
	ctx := context.Background()
	saved, err := h.receipts.Save(context.Background(), bytes.NewReader(picture))
	if err != nil {
		t.Fatal(err)
	}
	up, err := h.db.CreateUpload(ctx, store.NewUpload{UserID: u.ID, StorageName: saved.Name, Size: saved.Size,
		ContentType: saved.ContentType, SHA256: saved.SHA256, Width: saved.Width, Height: saved.Height})
	if err != nil {
		t.Fatal(err)
	}
	h.n++
	tp, _, err := h.db.CreateTopup(ctx, store.NewTopup{UserID: u.ID, Amount: total - h.n, VerificationAmount: h.n,
		PaymentMethodID: h.kbz, UploadID: up.ID, QuotedAt: paidAt.Add(-10 * time.Minute)})
	if err != nil {
		t.Fatal(err)
	}
	return tp
}

// drain reads every queued receipt now, as the background worker would.
func (h *checksHarness) drain(t *testing.T) {
	t.Helper()
	if _, err := receiptjob.New(h.db, h.receipts, h.reader, receiptjob.Options{}).Drain(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// checksJSON mirrors the API's checks of one top-up.
type checksJSON struct {
	Reading string   `json:"reading"`
	Verdict string   `json:"verdict"`
	Failed  []string `json:"failed"`
	Amount  struct {
		Result   string `json:"result"`
		Expected int64  `json:"expected"`
		Read     *int64 `json:"read"`
	} `json:"amount"`
	TransactionID struct {
		Result  string        `json:"result"`
		Read    *string       `json:"read"`
		Earlier []earlierJSON `json:"earlier"`
		Rule    string        `json:"rule"`
		Blocks  bool          `json:"blocks"`
	} `json:"transaction_id"`
	DuplicateImage struct {
		Result  string        `json:"result"`
		Earlier []earlierJSON `json:"earlier"`
	} `json:"duplicate_image"`
	ReceiptDate struct {
		Result string `json:"result"`
	} `json:"receipt_date"`
}

type earlierJSON struct {
	TopupID  int64   `json:"topup_id"`
	Username string  `json:"username"`
	Status   string  `json:"status"`
	Distance float64 `json:"distance"`
}

func decodeChecks(t *testing.T, v any) checksJSON {
	t.Helper()
	raw, _ := json.Marshal(v)
	var c checksJSON
	if err := json.Unmarshal(raw, &c); err != nil || c.Verdict == "" {
		t.Fatalf("no checks in %s (%v)", raw, err)
	}
	return c
}

// checksOf is what the top-up page shows of id.
func (h *checksHarness) checksOf(t *testing.T, id int64) checksJSON {
	t.Helper()
	r := h.call(t, h.boss.token, "GET", "/api/admin/topups/"+strconv.FormatInt(id, 10), nil).want(t, 200)
	return decodeChecks(t, obj(r.data(), "topup")["checks"])
}

func earlierIDs(list []earlierJSON) []int64 {
	out := []int64{}
	for _, e := range list {
		out = append(out, e.TopupID)
	}
	return out
}

// A re-used transaction id and re-screenshots of an earlier receipt (shown
// again on another phone, scaled, recompressed, status bar cropped) are
// flagged on the queue and the top-up page; a genuinely different receipt
// of the same app is not. Confirming a flagged top-up must name each
// failed check, and a blocking rule leaves only rejecting.
func TestTopupReceiptChecks(t *testing.T) {
	h := newChecksHarness(t)
	alice := h.buyer(t, 0)
	// A customer has at most three pending top-ups: each copy comes from
	// another account, as a ring of fraudsters would send them.
	bob := func() store.User { return h.buyer(t, 0).User }

	const original = "kbzpay-en-latin-light-1.png"
	rc := h.corpus[original]
	first := h.topup(t, alice.User, h.image(t, original), rc.Amount, rc.Time)
	// The re-screenshot on another phone is drawn again at another width:
	// its picture is not near (docs/benchmarks.md), its transaction id is.
	// The others are the variants the fingerprint promises to catch.
	type resent struct {
		name    string
		topup   store.Topup
		picture bool // the picture check must catch it
	}
	copies := []resent{
		{"re-screenshot on another phone", h.topup(t, bob(), h.image(t, "rescreen/kbzpay-en-latin-light-1.jpg"), 20010, rc.Time), false},
		{"scaled to 70 %", h.topup(t, bob(), h.variant(t, original, 0), 20020, rc.Time), true},
		{"JPEG quality 40", h.topup(t, bob(), h.variant(t, original, 2), 20030, rc.Time), true},
		{"status bar cropped", h.topup(t, bob(), h.variant(t, original, 3), 20040, rc.Time), true},
	}
	var different []store.Topup
	for _, file := range []string{"kbzpay-en-latin-light-2.png", "kbzpay-en-latin-dark-1.png", "wavepay-en-latin-light-1.png"} {
		other := h.corpus[file]
		different = append(different, h.topup(t, bob(), h.image(t, file), other.Amount, other.Time))
	}
	// Before reading, every check says not read: the usual dialog.
	if c := h.checksOf(t, first.ID); c.Reading != "pending" || c.Verdict != "not_read" || c.Amount.Result != "not_read" {
		t.Fatalf("unread receipt: %+v", c)
	}
	h.drain(t)

	// The queue carries the checks of each top-up.
	r := h.call(t, h.boss.token, "GET", "/api/admin/topups?status=pending&per_page=50", nil).want(t, 200)
	queue := map[int64]checksJSON{}
	for _, item := range pageData(r) {
		m := item.(map[string]any)
		queue[num(m["id"])] = decodeChecks(t, m["checks"])
	}
	if len(queue) != 1+len(copies)+len(different) {
		t.Fatalf("queue has %d top-ups", len(queue))
	}

	c := h.checksOf(t, first.ID)
	if c.Reading != "read" || c.Verdict != "clean" || c.Amount.Expected != rc.Amount || c.Amount.Read == nil || *c.Amount.Read != rc.Amount ||
		c.TransactionID.Read == nil || *c.TransactionID.Read != rc.TransactionID {
		t.Fatalf("the original receipt: %+v", c)
	}
	if q := queue[first.ID]; q.Verdict != "clean" {
		t.Fatalf("the original on the queue: %+v", q)
	}
	for _, cp := range copies {
		name := cp.name
		c := h.checksOf(t, cp.topup.ID)
		// Earlier copies are earlier top-ups too: each lists the original
		// and the copies sent before it.
		if cp.picture && (!slices.Contains(c.Failed, "duplicate_image") || !slices.Contains(earlierIDs(c.DuplicateImage.Earlier), first.ID)) {
			t.Errorf("%s: picture not flagged: %+v", name, c)
		}
		if c.Amount.Result != "fail" || c.Amount.Expected == rc.Amount || *c.Amount.Read != rc.Amount {
			t.Errorf("%s: amount %+v", name, c.Amount)
		}
		// The transaction id decides whether it blocks: read right, it is
		// Alice's pending transfer.
		if c.TransactionID.Read != nil && *c.TransactionID.Read == rc.TransactionID {
			if c.Verdict != "blocked" || !c.TransactionID.Blocks || c.TransactionID.Rule != "block" ||
				earlierIDs(c.TransactionID.Earlier)[0] != first.ID || c.TransactionID.Earlier[0].Username != alice.Username {
				t.Errorf("%s: transaction id %+v, verdict %s", name, c.TransactionID, c.Verdict)
			}
		} else {
			t.Errorf("%s: transaction id read as %v", name, c.TransactionID.Read)
		}
		if q := queue[cp.topup.ID]; q.Verdict != c.Verdict || !slices.Equal(q.Failed, c.Failed) {
			t.Errorf("%s: the queue shows %+v, the page %+v", name, q, c)
		}
	}
	for _, d := range different {
		if c := h.checksOf(t, d.ID); c.Verdict != "clean" || len(c.Failed) != 0 {
			t.Errorf("a different receipt (top-up %d) is flagged: %+v", d.ID, c)
		}
	}
	if t.Failed() {
		t.FailNow()
	}

	boss := h.boss
	confirm := func(id int64, body any) authResult {
		return h.call(t, boss.token, "POST", "/api/admin/topups/"+strconv.FormatInt(id, 10)+"/confirm", body)
	}
	flagged := copies[2].topup // JPEG quality 40: fails amount, transaction id and picture
	all := []string{"amount", "transaction_id", "duplicate_image"}

	// A blocking rule: the copy can only be rejected, whatever is named.
	r = confirm(flagged.ID, map[string]any{"overridden_checks": all}).want(t, 409)
	if r.str("code") != "transaction_id_reused" {
		t.Fatalf("blocked confirmation: %s", r.body)
	}
	// A clean top-up confirms in one request with no body, audited plainly.
	r = confirm(first.ID, nil).want(t, 200)
	if decodeChecks(t, r.data()["checks"]).Verdict != "clean" || r.data()["status"] != "confirmed" {
		t.Fatalf("clean confirmation answered %s", r.body)
	}
	h.audit(t, "topup.confirm", first.ID, boss.ID)

	// The operator lets KBZPay's re-used ids warn.
	r = h.call(t, boss.token, "PUT", "/api/admin/settings/receipt-checks", map[string]any{
		"near_duplicate_threshold": 0.25, "payment_methods": []map[string]any{{"id": h.kbz, "reused_transaction_id": "warn"}}}).want(t, 200)
	if rulesOf(t, r)[h.kbz] != "warn" {
		t.Fatalf("rules answered %s", r.body)
	}
	entry := h.audit(t, "setting.update", "receipt_checks", boss.ID)
	if !bytes.Contains(entry.After, []byte(`"warn"`)) {
		t.Fatalf("setting audited as %s", entry.After)
	}
	if c := h.checksOf(t, flagged.ID); c.Verdict != "flagged" || c.TransactionID.Blocks || c.TransactionID.Rule != "warn" {
		t.Fatalf("under warn: %+v", c)
	}

	// Not naming a failed check, or naming only some, is refused with the
	// list; an unknown name is a bad request.
	for _, body := range []any{nil, map[string]any{}, map[string]any{"overridden_checks": []string{"amount"}}} {
		r = confirm(flagged.ID, body).want(t, 409)
		var failed []string
		for _, f := range r.json["failed_checks"].([]any) {
			failed = append(failed, f.(string))
		}
		if r.str("code") != "checks_not_acknowledged" || !slices.Equal(failed, all) {
			t.Fatalf("confirm with %v: %s", body, r.body)
		}
	}
	r = confirm(flagged.ID, map[string]any{"overridden_checks": []string{"amount", "looks_fine"}}).want(t, 422)
	if r.fieldError("overridden_checks") == "" {
		t.Fatalf("unknown check: %s", r.body)
	}
	if n := len(h.audits(t, "topup.confirm.override", flagged.ID)); n != 0 {
		t.Fatalf("%d override entries after refusals", n)
	}
	r = confirm(flagged.ID, map[string]any{"overridden_checks": all}).want(t, 200)
	if r.data()["status"] != "confirmed" {
		t.Fatalf("override answered %s", r.body)
	}
	entry = h.audit(t, "topup.confirm.override", flagged.ID, boss.ID)
	var after struct {
		Overridden map[string]struct {
			Expected int64   `json:"expected"`
			Read     any     `json:"read"`
			Earlier  []int64 `json:"earlier_topups"`
		} `json:"overridden_checks"`
	}
	if err := json.Unmarshal(entry.After, &after); err != nil || len(after.Overridden) != 3 ||
		after.Overridden["amount"].Expected != flagged.Total || after.Overridden["transaction_id"].Earlier[0] != first.ID ||
		!slices.Contains(after.Overridden["duplicate_image"].Earlier, first.ID) || entry.Reason == nil ||
		*entry.Reason != "Overrode failed receipt checks: amount, transaction_id, duplicate_image" {
		t.Fatalf("override audited as %s, reason %v (%v)", entry.After, entry.Reason, err)
	}

	// Back to blocking: another copy can only be rejected.
	h.call(t, boss.token, "PUT", "/api/admin/settings/receipt-checks", map[string]any{"near_duplicate_threshold": 0.25}).want(t, 200)
	scaled := copies[1].topup
	if r = confirm(scaled.ID, map[string]any{"overridden_checks": all}).want(t, 409); r.str("code") != "transaction_id_reused" {
		t.Fatalf("blocked again: %s", r.body)
	}
	h.call(t, boss.token, "POST", "/api/admin/topups/"+strconv.FormatInt(scaled.ID, 10)+"/reject", map[string]any{"reason": "a copy of #" + strconv.FormatInt(first.ID, 10)}).want(t, 200)
}

func rulesOf(t *testing.T, r authResult) map[int64]string {
	t.Helper()
	out := map[int64]string{}
	list, _ := r.data()["payment_methods"].([]any)
	for _, item := range list {
		m := item.(map[string]any)
		out[num(m["id"])] = m["reused_transaction_id"].(string)
	}
	if len(out) == 0 {
		t.Fatalf("no payment methods in %s", r.body)
	}
	return out
}

// The operator's rules: defaults before any change (every method blocks,
// threshold 0.25), each field validated, admins only.
func TestReceiptRulesSettings(t *testing.T) {
	h := newAdminHarness(t)
	path := "/api/admin/settings/receipt-checks"
	r := h.call(t, h.boss.token, "GET", path, nil).want(t, 200)
	if r.data()["near_duplicate_threshold"] != 0.25 || r.data()["threshold_min"] != 0.05 || r.data()["threshold_max"] != 0.4 {
		t.Fatalf("defaults: %s", r.body)
	}
	for id, rule := range rulesOf(t, r) {
		if rule != "block" {
			t.Fatalf("method %d defaults to %s", id, rule)
		}
	}
	for _, tc := range []struct {
		name  string
		body  map[string]any
		field string
	}{
		{"threshold too high", map[string]any{"near_duplicate_threshold": 0.5}, "near_duplicate_threshold"},
		{"threshold too low", map[string]any{"near_duplicate_threshold": 0.01}, "near_duplicate_threshold"},
		{"no threshold", map[string]any{"payment_methods": []any{}}, "near_duplicate_threshold"},
		{"unknown method", map[string]any{"near_duplicate_threshold": 0.2,
			"payment_methods": []map[string]any{{"id": 999999, "reused_transaction_id": "warn"}}}, "payment_methods.0.id"},
		{"unknown rule", map[string]any{"near_duplicate_threshold": 0.2,
			"payment_methods": []map[string]any{{"id": h.kbz, "reused_transaction_id": "maybe"}}}, "payment_methods.0.reused_transaction_id"},
		{"method twice", map[string]any{"near_duplicate_threshold": 0.2, "payment_methods": []map[string]any{
			{"id": h.kbz, "reused_transaction_id": "warn"}, {"id": h.kbz, "reused_transaction_id": "block"}}}, "payment_methods.1.id"},
	} {
		r := h.call(t, h.boss.token, "PUT", path, tc.body).want(t, 422)
		if r.fieldError(tc.field) == "" || r.str("code") == "" {
			t.Errorf("%s: %s", tc.name, r.body)
		}
	}
	if n := len(h.audits(t, "setting.update", "receipt_checks")); n != 0 {
		t.Fatalf("%d audit entries after refusals", n)
	}
	customer := h.buyer(t, 0)
	h.call(t, customer.token, "GET", path, nil).want(t, 403)
	h.call(t, customer.token, "PUT", path, map[string]any{"near_duplicate_threshold": 0.2}).want(t, 403)

	r = h.call(t, h.boss.token, "PUT", path, map[string]any{"near_duplicate_threshold": 0.3,
		"payment_methods": []map[string]any{{"id": h.kbz, "reused_transaction_id": "warn"}}}).want(t, 200)
	if r.data()["near_duplicate_threshold"] != 0.3 || rulesOf(t, r)[h.kbz] != "warn" {
		t.Fatalf("saved: %s", r.body)
	}
	h.audit(t, "setting.update", "receipt_checks", h.boss.ID)
}
