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
	"time"

	"github.com/jmoiron/sqlx"

	"topup/internal/contract"
	"topup/internal/i18n"
)

// Ledger kinds. The sign of an entry follows from its kind: top-ups and
// refunds credit, orders debit, adjustments go either way and need a reason.
const (
	LedgerTopup      = "topup"
	LedgerOrder      = "order"
	LedgerRefund     = "refund"
	LedgerAdjustment = "adjustment"
)

// LedgerEntry is one row of the append-only wallet ledger.
type LedgerEntry struct {
	ID           int64     `db:"id"`
	UserID       int64     `db:"user_id"`
	Amount       int64     `db:"amount"` // signed kyat
	BalanceAfter int64     `db:"balance_after"`
	Kind         string    `db:"kind"`
	Reference    string    `db:"reference"` // unique per kind
	ActorID      *int64    `db:"actor_id"`
	Reason       *string   `db:"reason"`
	CreatedAt    time.Time `db:"created_at"`
}

const ledgerColumns = `id, user_id, amount, balance_after, kind, reference, actor_id, reason, created_at`

// postLedger moves e.Amount into (or, negative, out of) the user's wallet and
// records it, inside tx. The wallet UPDATE is conditional, so concurrent
// debits can never take the balance below zero: under READ COMMITTED a
// second debit waits for the first and re-checks the condition on the new
// balance. Doing the UPDATE first also takes the user's row lock before the
// ledger row gets its id, which keeps ledger ids in balance order.
//
// It returns ErrInsufficientFunds when a debit does not fit, ErrNotFound for
// an unknown user, and a *ConflictError (wallet_ledger_reference_key) when
// the reference was already posted — the transaction is then aborted.
func postLedger(ctx context.Context, tx *sqlx.Tx, e LedgerEntry) (LedgerEntry, error) {
	var out LedgerEntry
	err := tx.GetContext(ctx, &out, `
		WITH w AS (
			UPDATE users SET wallet_amount = wallet_amount + $2
			WHERE id = $1 AND wallet_amount + $2 >= 0
			RETURNING id, wallet_amount
		)
		INSERT INTO wallet_ledger (user_id, amount, balance_after, kind, reference, actor_id, reason)
		SELECT w.id, $2, w.wallet_amount, $3, $4, $5, $6 FROM w
		RETURNING `+ledgerColumns,
		e.UserID, e.Amount, e.Kind, e.Reference, e.ActorID, e.Reason)
	if errors.Is(err, sql.ErrNoRows) {
		var exists bool
		if err := tx.GetContext(ctx, &exists, `SELECT EXISTS (SELECT 1 FROM users WHERE id = $1)`, e.UserID); err != nil {
			return LedgerEntry{}, wrap(err, "ledger: user %d", e.UserID)
		}
		if !exists {
			return LedgerEntry{}, fmt.Errorf("store: ledger: user %d: %w", e.UserID, ErrNotFound)
		}
		return LedgerEntry{}, fmt.Errorf("store: ledger: user %d: %w", e.UserID, ErrInsufficientFunds)
	}
	if err != nil {
		return LedgerEntry{}, wrap(err, "ledger %s %s", e.Kind, e.Reference)
	}
	return out, nil
}

// LedgerEntries returns a user's ledger, newest first, at most limit rows
// with ids below before (0 means from the newest).
func (s *DB) LedgerEntries(ctx context.Context, userID int64, before int64, limit int) ([]LedgerEntry, error) {
	if before <= 0 {
		before = 1<<63 - 1
	}
	var out []LedgerEntry
	err := s.db.SelectContext(ctx, &out, `
		SELECT `+ledgerColumns+` FROM wallet_ledger
		WHERE user_id = $1 AND id < $2
		ORDER BY id DESC LIMIT $3`, userID, before, limit)
	if err != nil {
		return nil, wrap(err, "ledger entries")
	}
	return out, nil
}

// AdjustWallet moves amount (signed, non-zero) into or out of a user's
// wallet by hand: an admin's correction with a required reason. reference
// makes it idempotent: a second call with the same reference is a
// *ConflictError (wallet_ledger_reference_key) and changes nothing. A debit
// never takes the wallet below zero (ErrInsufficientFunds); a deleted
// account is ErrAccountDeleted. The new balance
// is pushed to the user (user.updated, updateType wallet) after commit.
func (s *DB) AdjustWallet(ctx context.Context, userID, amount, actorID int64, reason, reference string) (LedgerEntry, error) {
	reason, reference = strings.TrimSpace(reason), strings.TrimSpace(reference)
	if amount == 0 || reason == "" || reference == "" {
		return LedgerEntry{}, fmt.Errorf("store: adjust wallet: amount, reason and reference are required: %w", ErrInvalid)
	}
	var e LedgerEntry
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		// A deleted account's wallet stays empty for good: no one can
		// spend or withdraw what an adjustment would put there.
		if err := lockLiveUser(ctx, tx, userID); err != nil {
			return err
		}
		var err error
		e, err = postLedger(ctx, tx, LedgerEntry{
			UserID: userID, Amount: amount, Kind: LedgerAdjustment, Reference: reference,
			ActorID: optionalID(actorID), Reason: &reason,
		})
		if err != nil {
			return err
		}
		if err := announceUser(ctx, tx, userID, contract.UpdateWallet); err != nil {
			return err
		}
		// An adjustment by a person (an admin) is a change the customer did
		// not make: tell them why, as a top-up decision or a refund does.
		// Without an actor it is the store's own bookkeeping (demo data).
		if actorID == 0 {
			return nil
		}
		_, err = s.insertMessage(ctx, tx, adjustmentMessage(userID, actorID, amount, reason))
		return err
	})
	return e, err
}

func adjustmentMessage(userID, actorID, amount int64, reason string) NewMessage {
	m := NewMessage{UserID: userID, SenderID: actorID, TitleText: i18n.T(i18n.WalletAdjustedTitle)}
	if amount > 0 {
		m.BodyText = i18n.T(i18n.WalletCreditedBody, "amount", i18n.Kyat(amount), "reason", reason)
	} else {
		m.BodyText = i18n.T(i18n.WalletDebitedBody, "amount", i18n.Kyat(-amount), "reason", reason)
	}
	return m
}

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
	if e.UserID != userID || e.Amount != amount || deref(e.Reason) != reason {
		return LedgerEntry{}, false, fmt.Errorf("store: adjustment %s was another request: %w", reference, ErrIdempotencyMismatch)
	}
	return e, true, nil
}
