package store_test

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"testing"
	"time"

	"topup/internal/receiptcheck"
	"topup/store"
	"topup/store/storetest"
)

// checksFixture makes top-ups whose receipts were read as the test says.
type checksFixture struct {
	t   *testing.T
	db  *store.DB
	kbz int64
	n   int64
}

type readAs struct {
	amount  int64
	txid    string // "" for none read
	paidAgo time.Duration
	image   byte // fingerprint stand-in: receipts with the same byte are near-duplicates
}

// topup makes a top-up of total by u whose quote was issued 10 minutes ago
// and whose receipt was read as r; r nil leaves the receipt unread.
func (f *checksFixture) topup(u store.User, total int64, r *readAs) store.Topup {
	f.t.Helper()
	ctx := context.Background()
	f.n++
	up := newUpload(f.t, f.db, u.ID, "checks receipt "+string(rune('a'+f.n)))
	if r != nil {
		rd := store.ReceiptReading{UploadID: up.ID, Status: store.ReadingRead, RawText: "text",
			AmountConfidence: 0.9, PaidAtConfidence: 0.9}
		if r.amount > 0 {
			rd.Amount = &r.amount
		}
		if r.paidAgo != 0 {
			paid := time.Now().Add(-r.paidAgo)
			rd.PaidAt = &paid
		}
		if r.txid != "" {
			key := canonical(r.txid)
			rd.TransactionID, rd.TransactionKey = &r.txid, &key
			rd.TransactionIDConfidence = 0.9
		}
		if r.image != 0 {
			rd.Fingerprint = []byte{r.image}
		}
		near := func(other []byte) (float64, bool) { return 0.1, other[0] == r.image }
		if _, err := f.db.SaveReceiptReading(ctx, rd, near); err != nil {
			f.t.Fatal(err)
		}
	}
	tp, _, err := f.db.CreateTopup(ctx, store.NewTopup{UserID: u.ID, Amount: total - f.n, VerificationAmount: f.n,
		PaymentMethodID: f.kbz, UploadID: up.ID, QuotedAt: time.Now().Add(-10 * time.Minute)})
	if err != nil {
		f.t.Fatal(err)
	}
	return tp
}

// canonical folds lookalikes the way receiptocr.CanonicalID does for the
// ids used here.
func canonical(id string) string {
	out := []rune{}
	for _, r := range id {
		switch r {
		case 'S':
			r = '5'
		case 'O':
			r = '0'
		}
		out = append(out, r)
	}
	return string(out)
}

func (f *checksFixture) checks(id int64) store.TopupChecks {
	f.t.Helper()
	all, err := f.db.TopupChecksOf(context.Background(), []int64{id})
	if err != nil {
		f.t.Fatal(err)
	}
	c, ok := all[id]
	if !ok {
		f.t.Fatalf("no checks for top-up %d", id)
	}
	return c
}

func TestTopupChecks(t *testing.T) {
	ctx := context.Background()
	db := storetest.New(t)
	f := &checksFixture{t: t, db: db, kbz: newPaymentMethod(t, db, "KBZPay", true)}
	alice := newUser(t, db, "09420000071")
	bob := newUser(t, db, "09420000072")
	admin := newUser(t, db, "09420000073")
	a := store.Actor{ID: admin.ID, RequestID: "checks"}

	first := f.topup(alice, 52037, &readAs{amount: 52037, txid: "FT48239XM50E", paidAgo: 5 * time.Minute, image: 1})
	// Bob sends a re-screenshot of Alice's transfer: the id read with S
	// for 5, the picture near, and his own total.
	copied := f.topup(bob, 61010, &readAs{amount: 52037, txid: "FT48239XMS0E", paidAgo: 5 * time.Minute, image: 1})
	// A look-alike receipt of another transfer: near picture, other id.
	other := f.topup(bob, 7015, &readAs{amount: 7015, txid: "FT99999XM11E", paidAgo: 3 * time.Minute, image: 1})
	// A near picture whose id was not read, dated before its quote.
	old := f.topup(alice, 8020, &readAs{amount: 8020, paidAgo: 3 * time.Hour, image: 1})
	unread := f.topup(alice, 9030, nil)

	c := f.checks(first.ID)
	if c.Reading != store.ReadingRead || len(c.Failed()) != 0 || c.Amount.Result != receiptcheck.Pass ||
		c.TransactionID.Result != receiptcheck.Pass || c.DuplicateImage.Result != receiptcheck.Pass || c.ReceiptDate.Result != receiptcheck.Pass {
		t.Fatalf("the first receipt: %+v", c)
	}
	c = f.checks(copied.ID)
	if got := c.Failed(); !slices.Equal(got, []string{receiptcheck.Amount, receiptcheck.TransactionID, receiptcheck.DuplicateImage}) {
		t.Fatalf("the copy failed %v (%+v)", got, c)
	}
	if c.Amount.Expected != 61010 || val(c.Amount.Read) != 52037 || !c.Blocked() || c.TransactionID.Rule != receiptcheck.ReuseBlocks ||
		len(c.TransactionID.Earlier) != 1 || c.TransactionID.Earlier[0].TopupID != first.ID || c.TransactionID.Earlier[0].UserID != alice.ID ||
		len(c.DuplicateImage.Earlier) != 1 || c.DuplicateImage.Earlier[0].TopupID != first.ID {
		t.Fatalf("the copy: %+v", c)
	}
	if c = f.checks(other.ID); len(c.Failed()) != 0 {
		t.Fatalf("a look-alike receipt of another transfer failed %v: %+v", c.Failed(), c)
	}
	c = f.checks(old.ID)
	if got := c.Failed(); !slices.Equal(got, []string{receiptcheck.DuplicateImage, receiptcheck.ReceiptDate}) || c.TransactionID.Result != receiptcheck.NotRead {
		t.Fatalf("the old near copy failed %v: %+v", got, c)
	}
	// The earlier top-ups' images are compared whichever was read first.
	if ids := earlierIDs(c.DuplicateImage.Earlier); !slices.Equal(ids, []int64{first.ID, copied.ID, other.ID}) {
		t.Fatalf("near pictures of the old copy: %v", ids)
	}
	c = f.checks(unread.ID)
	if c.Reading != store.ReadingPending || len(c.Failed()) != 0 || c.Amount.Result != receiptcheck.NotRead || c.DuplicateImage.Result != receiptcheck.NotRead {
		t.Fatalf("an unread receipt: %+v", c)
	}

	// A blocked top-up cannot be confirmed, acknowledged or not.
	all := []string{receiptcheck.Amount, receiptcheck.TransactionID, receiptcheck.DuplicateImage}
	if _, err := db.AdminConfirmTopup(ctx, a, copied.ID, all); !errors.Is(err, store.ErrTransactionIDReused) {
		t.Fatalf("confirming the copy = %v, want ErrTransactionIDReused", err)
	}
	// With the method's rule at warn, every failed check must be named.
	if err := db.AdminSetReceiptRules(ctx, a, receiptcheck.Rules{NearDuplicate: 0.25, ReuseByMethod: map[int64]string{f.kbz: receiptcheck.ReuseWarns}}); err != nil {
		t.Fatal(err)
	}
	_, err := db.AdminConfirmTopup(ctx, a, copied.ID, []string{receiptcheck.Amount})
	var nack *store.ChecksNotAcknowledgedError
	if !errors.As(err, &nack) || !slices.Equal(nack.Missing, []string{receiptcheck.TransactionID, receiptcheck.DuplicateImage}) || !slices.Equal(nack.Failed, all) {
		t.Fatalf("confirming with one of three named = %v", err)
	}
	if _, err := db.AdminConfirmTopup(ctx, a, copied.ID, all); err != nil {
		t.Fatal(err)
	}
	var entry struct {
		Action  string `db:"action"`
		Reason  string `db:"reason"`
		Amount  string `db:"amount"`
		Earlier string `db:"earlier"`
	}
	err = db.SQL().Get(&entry, `SELECT action, reason, after->'overridden_checks'->'amount'->>'read' AS amount,
		after->'overridden_checks'->'transaction_id'->>'earlier_topups' AS earlier
		FROM audit_log WHERE target_type = 'topup' AND target_id = $1`, copied.ID)
	if err != nil || entry.Action != "topup.confirm.override" || entry.Amount != "52037" || entry.Earlier != "["+strconv.FormatInt(first.ID, 10)+"]" ||
		entry.Reason != "Overrode failed receipt checks: amount, transaction_id, duplicate_image" {
		t.Fatalf("audit entry %+v (%v)", entry, err)
	}

	// The first one is clean: confirmed without naming anything, and
	// audited as a plain confirmation.
	if _, err := db.AdminConfirmTopup(ctx, a, first.ID, nil); err != nil {
		t.Fatal(err)
	}
	var action string
	if err := db.SQL().Get(&action, `SELECT action FROM audit_log WHERE target_type = 'topup' AND target_id = $1`, first.ID); err != nil || action != "topup.confirm" {
		t.Fatalf("clean confirmation audited as %q (%v)", action, err)
	}

	// A rejected earlier top-up credited nothing: its id still fails the
	// check but no longer blocks.
	if err := db.AdminSetReceiptRules(ctx, a, receiptcheck.Defaults()); err != nil {
		t.Fatal(err)
	}
	again := f.topup(alice, 9999, &readAs{amount: 9999, txid: "RJ12345678", paidAgo: time.Minute})
	if _, err := db.AdminRejectTopup(ctx, a, again.ID, "wrong amount chosen"); err != nil {
		t.Fatal(err)
	}
	resent := f.topup(alice, 9999, &readAs{amount: 9999, txid: "RJ12345678", paidAgo: time.Minute})
	if c := f.checks(resent.ID); c.Blocked() || !slices.Equal(c.Failed(), []string{receiptcheck.TransactionID}) {
		t.Fatalf("resent after a rejection: blocked %v, failed %v", c.Blocked(), c.Failed())
	}

	// A tighter threshold drops the near pictures.
	if err := db.AdminSetReceiptRules(ctx, a, receiptcheck.Rules{NearDuplicate: 0.05}); err != nil {
		t.Fatal(err)
	}
	if c := f.checks(old.ID); c.DuplicateImage.Result != receiptcheck.Pass {
		t.Fatalf("at threshold 0.05 the old copy's picture: %+v", c.DuplicateImage)
	}
	if err := db.AdminSetReceiptRules(ctx, a, receiptcheck.Rules{NearDuplicate: 0.9}); !errors.Is(err, store.ErrInvalid) {
		t.Fatalf("threshold 0.9 = %v, want ErrInvalid", err)
	}
}

func earlierIDs(list []receiptcheck.Earlier) []int64 {
	out := []int64{}
	for _, e := range list {
		out = append(out, e.TopupID)
	}
	return out
}
