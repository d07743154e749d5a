package main

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"

	"topup/store"
)

// buyerSetup is the buyers of one run: users made for it, funded through
// the ledger, each with a session token.
type buyerSetup struct {
	db        *store.DB
	runID     string
	productID int64
	userIDs   []int64
	tokens    []string
}

// newBuyers makes n buyers the way the seed makes its customer (a users
// row, the wallet funded by a ledger adjustment, so wallet = ledger holds
// from the start) and gives each a bearer token as login would: 32 random
// bytes, base64url, of which api_tokens keeps only the SHA-256.
func newBuyers(ctx context.Context, dsn string, n int, sku string) (*buyerSetup, error) {
	db, err := store.Open(ctx, dsn, store.WithMaxOpenConns(4), store.WithApplicationName("storeload"))
	if err != nil {
		return nil, err
	}
	var id [4]byte
	_, _ = rand.Read(id[:])
	s := &buyerSetup{db: db, runID: "load-" + hex.EncodeToString(id[:])}
	var price int64
	if err := db.SQL().QueryRowContext(ctx, `SELECT id, price FROM products WHERE sku = $1 AND is_active`, sku).Scan(&s.productID, &price); err != nil {
		return nil, fmt.Errorf("product %s (seed the database: topup seed): %w", sku, err)
	}
	// A plain string, not an argon2id hash: nobody can log in as a buyer.
	const noPassword = "storeload: no password"
	// Phones 0944xxxxxxx: one range per run, from the run id.
	phoneBase := (int64(id[0])<<16 | int64(id[1])<<8 | int64(id[2])) % 9000 * 100
	now := time.Now()
	for i := range n {
		u, err := db.CreateUser(ctx, store.NewUser{
			Username: fmt.Sprintf("%s-%d", s.runID, i), Phone: fmt.Sprintf("0944%07d", phoneBase+int64(i)), PasswordHash: noPassword,
		})
		if err != nil {
			return nil, err
		}
		// Enough for 100,000 orders each: no run comes near.
		if _, err := db.AdjustWallet(ctx, u.ID, 100_000*(price+store.ServiceCharge), 0, "storeload funds", s.runID+":"+u.Username); err != nil {
			return nil, err
		}
		raw := make([]byte, 32)
		_, _ = rand.Read(raw)
		tok := base64.RawURLEncoding.EncodeToString(raw)
		sum := sha256.Sum256([]byte(tok))
		if _, err := db.CreateToken(ctx, u.ID, sum[:], "storeload", now, now.Add(24*time.Hour)); err != nil {
			return nil, err
		}
		s.userIDs, s.tokens = append(s.userIDs, u.ID), append(s.tokens, tok)
	}
	return s, nil
}

// check is the money check after the orders: every wallet in the database
// equals the sum of its ledger, and the buyers' orders are exactly those
// answered 201 (none lost, none extra).
func (s *buyerSetup) check(ctx context.Context, r result) error {
	// The outbox and nothing else may still be working; orders are final
	// when answered.
	bad, err := s.db.CheckLedger(ctx)
	if err != nil {
		return err
	}
	if len(bad) > 0 {
		return fmt.Errorf("wallet ≠ ledger for %d users: %+v", len(bad), bad)
	}
	var orders, wallets, ledger int64
	err = s.db.SQL().QueryRowContext(ctx, `
		SELECT (SELECT count(*) FROM orders WHERE user_id = ANY($1::bigint[])),
		       (SELECT coalesce(sum(wallet_amount), 0) FROM users WHERE id = ANY($1::bigint[])),
		       (SELECT coalesce(sum(amount), 0) FROM wallet_ledger WHERE user_id = ANY($1::bigint[]))`,
		idArray(s.userIDs)).Scan(&orders, &wallets, &ledger)
	if err != nil {
		return err
	}
	fmt.Printf("money check: CheckLedger 0 mismatches; buyers' wallets %d = their ledger %d: %v; orders in the database %d, answered 201 %d: %v\n",
		wallets, ledger, wallets == ledger, orders, r.created, orders == r.created)
	if wallets != ledger || orders != r.created {
		return fmt.Errorf("money check failed")
	}
	return nil
}

// idArray is ids as a PostgreSQL array literal.
func idArray(ids []int64) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = strconv.FormatInt(id, 10)
	}
	return "{" + strings.Join(parts, ",") + "}"
}

func (s *buyerSetup) close() { s.db.Close() }
