package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"topup/internal/receiptcheck"
)

// TopupChecks are the checks of one top-up's receipt (receiptcheck says
// what each means).
type TopupChecks struct {
	TopupID int64
	// Reading is the receipt's reading status: ReadingPending until its
	// job ends, then read, not_available or failed.
	Reading        string
	Amount         AmountCheck
	TransactionID  TransactionCheck
	DuplicateImage ImageCheck
	ReceiptDate    DateCheck
}

// AmountCheck: the amount read against the total expected.
type AmountCheck struct {
	Result     receiptcheck.Result
	Expected   int64
	Read       *int64
	Confidence float64
}

// TransactionCheck: the transaction id read, and the earlier top-ups whose
// receipts showed it.
type TransactionCheck struct {
	Result     receiptcheck.Result
	Read       *string
	Confidence float64
	Earlier    []receiptcheck.Earlier
	// Rule is the payment method's reuse rule; Blocks says it keeps this
	// top-up from being confirmed.
	Rule   string
	Blocks bool
}

// ImageCheck: earlier top-ups whose receipt is a near-duplicate picture.
type ImageCheck struct {
	Result    receiptcheck.Result
	Threshold float64
	Earlier   []receiptcheck.Earlier
}

// DateCheck: the receipt's date against when the quote was issued.
type DateCheck struct {
	Result     receiptcheck.Result
	Read       *time.Time
	Confidence float64
	QuotedAt   *time.Time
}

// Failed names the failed checks, in receiptcheck.Names order.
func (c TopupChecks) Failed() []string {
	failed := []string{}
	for _, n := range receiptcheck.Names {
		if c.result(n) == receiptcheck.Fail {
			failed = append(failed, n)
		}
	}
	return failed
}

func (c TopupChecks) result(name string) receiptcheck.Result {
	switch name {
	case receiptcheck.Amount:
		return c.Amount.Result
	case receiptcheck.TransactionID:
		return c.TransactionID.Result
	case receiptcheck.DuplicateImage:
		return c.DuplicateImage.Result
	case receiptcheck.ReceiptDate:
		return c.ReceiptDate.Result
	}
	return receiptcheck.NotRead
}

// Blocked reports whether the top-up cannot be confirmed (a re-used
// transaction id under a blocking rule).
func (c TopupChecks) Blocked() bool { return c.TransactionID.Blocks }

// SettingReceiptRules holds receiptcheck.Rules.
const SettingReceiptRules = "receipt_checks"

// ReceiptRules returns the operator's rules, the defaults when never set.
func (s *DB) ReceiptRules(ctx context.Context) (receiptcheck.Rules, error) {
	return receiptRules(ctx, s.db)
}

func receiptRules(ctx context.Context, q sqlx.QueryerContext) (receiptcheck.Rules, error) {
	r := receiptcheck.Defaults()
	var raw []byte
	err := sqlx.GetContext(ctx, q, &raw, `SELECT value FROM settings WHERE key = $1`, SettingReceiptRules)
	if errors.Is(err, sql.ErrNoRows) {
		return r, nil
	}
	if err != nil {
		return r, wrap(err, "receipt rules")
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		return receiptcheck.Defaults(), fmt.Errorf("store: receipt rules: %w", err)
	}
	if r.ReuseByMethod == nil {
		r.ReuseByMethod = map[int64]string{}
	}
	return r, nil
}

// AdminSetReceiptRules stores the operator's rules with an audit entry.
// Payment methods whose rule is the default are not stored, so a method
// added later starts with the default.
func (s *DB) AdminSetReceiptRules(ctx context.Context, a Actor, r receiptcheck.Rules) error {
	if bad := r.Validate(); len(bad) > 0 {
		return ErrInvalid
	}
	clean := receiptcheck.Rules{NearDuplicate: r.NearDuplicate, ReuseByMethod: map[int64]string{}}
	for id, rule := range r.ReuseByMethod {
		if rule != receiptcheck.ReuseBlocks {
			clean.ReuseByMethod[id] = rule
		}
	}
	return s.AdminSetSetting(ctx, a, SettingReceiptRules, clean)
}

// checkFacts is one top-up and its receipt's reading, as the checks need.
type checkFacts struct {
	ID             int64      `db:"id"`
	Total          int64      `db:"total"`
	MethodID       int64      `db:"payment_method_id"`
	QuotedAt       *time.Time `db:"quoted_at"`
	Status         *string    `db:"status"`
	Pending        bool       `db:"pending"`
	Amount         *int64     `db:"amount"`
	AmountConf     float64    `db:"amount_confidence"`
	TransactionID  *string    `db:"transaction_id"`
	TransactionKey *string    `db:"transaction_key"`
	TransactionCnf float64    `db:"transaction_id_confidence"`
	PaidAt         *time.Time `db:"paid_at"`
	PaidAtConf     float64    `db:"paid_at_confidence"`
	Fingerprinted  bool       `db:"fingerprinted"`
}

// earlierRow is an earlier top-up found for one of the checked ones.
type earlierRow struct {
	For       int64     `db:"for_id"`
	ID        int64     `db:"id"`
	UserID    int64     `db:"user_id"`
	Username  string    `db:"username"`
	Status    string    `db:"status"`
	CreatedAt time.Time `db:"created_at"`
	Distance  float64   `db:"distance"`
}

func (e earlierRow) earlier() receiptcheck.Earlier {
	return receiptcheck.Earlier{TopupID: e.ID, UserID: e.UserID, Username: e.Username, Status: e.Status,
		CreatedAt: e.CreatedAt, Distance: e.Distance}
}

// TopupChecksOf computes the checks of top-ups by id; ids that do not
// exist are left out.
func (s *DB) TopupChecksOf(ctx context.Context, ids []int64) (map[int64]TopupChecks, error) {
	return topupChecks(ctx, s.db, ids)
}

func topupChecks(ctx context.Context, q sqlx.QueryerContext, ids []int64) (map[int64]TopupChecks, error) {
	out := map[int64]TopupChecks{}
	if len(ids) == 0 {
		return out, nil
	}
	rules, err := receiptRules(ctx, q)
	if err != nil {
		return nil, err
	}
	var facts []checkFacts
	err = sqlx.SelectContext(ctx, q, &facts, `
		SELECT t.id, t.total, t.payment_method_id, t.quoted_at, r.status,
		       EXISTS (SELECT 1 FROM receipt_read_jobs j WHERE j.upload_id = t.upload_id) AS pending,
		       r.amount, COALESCE(r.amount_confidence, 0) AS amount_confidence,
		       r.transaction_id, r.transaction_key, COALESCE(r.transaction_id_confidence, 0) AS transaction_id_confidence,
		       r.paid_at, COALESCE(r.paid_at_confidence, 0) AS paid_at_confidence,
		       r.fingerprint IS NOT NULL AS fingerprinted
		FROM topup_orders t LEFT JOIN receipt_readings r ON r.upload_id = t.upload_id
		WHERE t.id = ANY($1)`, pq.Array(ids))
	if err != nil {
		return nil, wrap(err, "top-up checks")
	}
	// Earlier means created before, any customer, any status.
	var sameID []earlierRow
	err = sqlx.SelectContext(ctx, q, &sameID, `
		SELECT t.id AS for_id, o.id, o.user_id, u.username, o.status, o.created_at, 0::float8 AS distance
		FROM topup_orders t
		JOIN receipt_readings r ON r.upload_id = t.upload_id
		JOIN receipt_readings ro ON ro.transaction_key = r.transaction_key AND ro.upload_id <> r.upload_id
		JOIN topup_orders o ON o.upload_id = ro.upload_id
		JOIN users u ON u.id = o.user_id
		WHERE t.id = ANY($1) AND (o.created_at, o.id) < (t.created_at, t.id)
		ORDER BY o.created_at, o.id`, pq.Array(ids))
	if err != nil {
		return nil, wrap(err, "top-up checks: transaction ids")
	}
	// Two receipts whose readings show different transaction ids are two
	// transfers, however alike the pictures (receipts of one app differ in
	// a few digits).
	var nearImage []earlierRow
	err = sqlx.SelectContext(ctx, q, &nearImage, `
		WITH pairs AS (
			SELECT upload_id AS a, other_upload_id AS b, distance FROM receipt_image_matches
			UNION ALL
			SELECT other_upload_id, upload_id, distance FROM receipt_image_matches)
		SELECT t.id AS for_id, o.id, o.user_id, u.username, o.status, o.created_at, min(p.distance)::float8 AS distance
		FROM topup_orders t
		JOIN pairs p ON p.a = t.upload_id
		JOIN topup_orders o ON o.upload_id = p.b
		JOIN users u ON u.id = o.user_id
		LEFT JOIN receipt_readings ra ON ra.upload_id = p.a
		LEFT JOIN receipt_readings rb ON rb.upload_id = p.b
		WHERE t.id = ANY($1) AND (o.created_at, o.id) < (t.created_at, t.id) AND p.distance <= $2
		  AND (ra.transaction_key IS NULL OR rb.transaction_key IS NULL OR ra.transaction_key = rb.transaction_key)
		GROUP BY t.id, o.id, u.username
		ORDER BY min(p.distance), o.id`, pq.Array(ids), rules.NearDuplicate)
	if err != nil {
		return nil, wrap(err, "top-up checks: pictures")
	}
	for _, f := range facts {
		out[f.ID] = f.checks(rules, earlierOf(sameID, f.ID), earlierOf(nearImage, f.ID))
	}
	return out, nil
}

func earlierOf(rows []earlierRow, id int64) []receiptcheck.Earlier {
	out := []receiptcheck.Earlier{}
	for _, r := range rows {
		if r.For == id {
			out = append(out, r.earlier())
		}
	}
	return out
}

func (f checkFacts) checks(rules receiptcheck.Rules, sameID, nearImage []receiptcheck.Earlier) TopupChecks {
	c := TopupChecks{TopupID: f.ID, Reading: deref(f.Status)}
	if f.Status == nil {
		c.Reading = ReadingPending
		if !f.Pending {
			// No job and no reading: a receipt stored before reading
			// existed and already gone.
			c.Reading = ReadingNotAvailable
		}
	}
	c.Amount = AmountCheck{Expected: f.Total, Read: f.Amount, Confidence: f.AmountConf,
		Result: receiptcheck.CheckAmount(deref(f.Amount), f.AmountConf, f.Amount != nil, f.Total)}
	rule := rules.Reuse(f.MethodID)
	c.TransactionID = TransactionCheck{Read: f.TransactionID, Confidence: f.TransactionCnf, Earlier: sameID, Rule: rule,
		Result: receiptcheck.CheckEarlier(f.TransactionKey != nil, sameID), Blocks: receiptcheck.Blocks(rule, sameID)}
	c.DuplicateImage = ImageCheck{Threshold: rules.NearDuplicate, Earlier: nearImage,
		Result: receiptcheck.CheckEarlier(f.Fingerprinted, nearImage)}
	c.ReceiptDate = DateCheck{Read: f.PaidAt, Confidence: f.PaidAtConf, QuotedAt: f.QuotedAt,
		Result: receiptcheck.CheckDate(deref(f.PaidAt), f.PaidAtConf, f.PaidAt != nil, deref(f.QuotedAt))}
	return c
}
