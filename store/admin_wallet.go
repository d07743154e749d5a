package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/jmoiron/sqlx"
)

// AdminAdjustWallet is AdjustWallet with its audit entry. reference is the
// adjustment's idempotency key, already scoped by the caller to the admin
// and the target user; an empty one gets a random reference, so a request
// without a key adjusts once per call and never depends on anything the
// client sent. A repeated reference with the same user, amount and reason
// returns the first entry (replayed true) and writes nothing, not even an
// audit entry; with anything else it is ErrIdempotencyMismatch.
func (s *DB) AdminAdjustWallet(ctx context.Context, a Actor, userID, amount int64, reason, reference string) (LedgerEntry, bool, error) {
	reason, reference = strings.TrimSpace(reason), strings.TrimSpace(reference)
	if reference == "" {
		var b [16]byte
		_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on supported platforms
		reference = fmt.Sprintf("admin:%d:%s", a.ID, hex.EncodeToString(b[:]))
	}
	if e, replayed, err := s.adjustmentReplay(ctx, userID, amount, reason, reference); replayed || err != nil {
		return e, replayed, err
	}
	const wallet = `SELECT jsonb_build_object('id', id, 'wallet_amount', wallet_amount) FROM users WHERE id = $1`
	auditCtx := withAuditHook(ctx, &auditHook{
		actor:  a,
		record: auditRecord{Action: "user.wallet.adjust", TargetType: "user", TargetID: userID, Reason: reason},
		before: func(ctx context.Context, tx *sqlx.Tx) (json.RawMessage, error) {
			return rowJSON(ctx, tx, wallet+` FOR UPDATE`, userID)
		},
		after: func(ctx context.Context, tx *sqlx.Tx) (json.RawMessage, error) {
			return rowJSON(ctx, tx, wallet, userID)
		},
	})
	e, err := s.AdjustWallet(auditCtx, userID, amount, a.ID, reason, reference)
	var ce *ConflictError
	if errors.As(err, &ce) && ce.Constraint == "wallet_ledger_reference_key" {
		// The same adjustment raced this one and committed first.
		return s.adjustmentReplay(ctx, userID, amount, reason, reference)
	}
	return e, false, err
}

// adjustmentReplay finds the adjustment already posted under reference:
// replayed with it when it is the same request, ErrIdempotencyMismatch
// when it is another; neither when there is none.
func (s *DB) adjustmentReplay(ctx context.Context, userID, amount int64, reason, reference string) (LedgerEntry, bool, error) {
	var e LedgerEntry
	err := s.db.GetContext(ctx, &e, `SELECT `+ledgerColumns+` FROM wallet_ledger WHERE kind = $1 AND reference = $2`,
		LedgerAdjustment, reference)
	if errors.Is(err, sql.ErrNoRows) {
		return LedgerEntry{}, false, nil
	}
	if err != nil {
		return LedgerEntry{}, false, wrap(err, "adjustment %s", reference)
	}
	if e.UserID != userID || e.Amount != amount || e.Reason.String != reason {
		return LedgerEntry{}, false, fmt.Errorf("store: adjustment %s was another request: %w", reference, ErrIdempotencyMismatch)
	}
	return e, true, nil
}
