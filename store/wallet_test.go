package store_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/jmoiron/sqlx"

	"topup/store"
	"topup/store/storetest"
)

func newUser(t *testing.T, db *store.DB, phone string) store.User {
	t.Helper()
	u, err := db.CreateUser(context.Background(), store.NewUser{
		Username: "u" + strings.TrimPrefix(phone, "09"), Phone: phone, PasswordHash: "x",
	})
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func credit(t *testing.T, db *store.DB, userID, amount int64, ref string) {
	t.Helper()
	err := db.WithTx(context.Background(), func(tx *sqlx.Tx) error {
		_, err := store.PostLedger(context.Background(), tx, store.LedgerEntry{
			UserID: userID, Amount: amount, Kind: store.LedgerTopup, Reference: ref,
		})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// The schema itself refuses what the application must never do.
func TestWalletAndLedgerGuards(t *testing.T) {
	ctx := context.Background()
	db := storetest.New(t)
	u := newUser(t, db, "09420000001")
	credit(t, db, u.ID, 5000, "topup-1")

	tests := []struct {
		name string
		sql  string
		want string // text in the error
	}{
		{"negative wallet", `UPDATE users SET wallet_amount = -1 WHERE id = $1`, "users_wallet_amount_check"},
		{"wallet without ledger row", `UPDATE users SET wallet_amount = wallet_amount + 100 WHERE id = $1`, "ledger ends at"},
		{"ledger update", `UPDATE wallet_ledger SET amount = 1 WHERE user_id = $1`, "append-only"},
		{"ledger delete", `DELETE FROM wallet_ledger WHERE user_id = $1`, "append-only"},
		{"ledger truncate", `TRUNCATE wallet_ledger CASCADE`, "append-only"},
		{"ledger row not matching wallet", `INSERT INTO wallet_ledger (user_id, amount, balance_after, kind, reference)
			VALUES ($1, 10, 9999, 'topup', 'forged')`, "ledger ends at"},
		{"negative balance_after", `INSERT INTO wallet_ledger (user_id, amount, balance_after, kind, reference)
			VALUES ($1, -10, -5, 'order', 'o-neg')`, "balance_after_check"},
		{"credit as order", `INSERT INTO wallet_ledger (user_id, amount, balance_after, kind, reference)
			VALUES ($1, 10, 5010, 'order', 'o-pos')`, "wallet_ledger_sign_check"},
		{"adjustment without reason", `INSERT INTO wallet_ledger (user_id, amount, balance_after, kind, reference)
			VALUES ($1, 10, 5010, 'adjustment', 'a-1')`, "wallet_ledger_sign_check"},
		{"audit log update", `UPDATE audit_log SET action = 'x' WHERE actor_id = $1 OR true`, "append-only"},
	}
	if _, err := db.SQL().Exec(`INSERT INTO audit_log (actor_id, action) VALUES ($1, 'test')`, u.ID); err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := db.WithTx(ctx, func(tx *sqlx.Tx) error {
				var args []any
				if strings.Contains(tt.sql, "$1") {
					args = append(args, u.ID)
				}
				_, err := tx.Exec(tt.sql, args...)
				return err
			})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want one mentioning %q", err, tt.want)
			}
		})
	}

	got, err := db.UserByID(ctx, u.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.WalletAmount != 5000 {
		t.Fatalf("wallet %d after refused changes, want 5000", got.WalletAmount)
	}
}

func TestPostLedger(t *testing.T) {
	ctx := context.Background()
	db := storetest.New(t)
	u := newUser(t, db, "09420000002")
	credit(t, db, u.ID, 3000, "t-1")

	post := func(e store.LedgerEntry) (store.LedgerEntry, error) {
		var out store.LedgerEntry
		err := db.WithTx(ctx, func(tx *sqlx.Tx) error {
			var err error
			out, err = store.PostLedger(ctx, tx, e)
			return err
		})
		return out, err
	}
	tests := []struct {
		name    string
		entry   store.LedgerEntry
		want    error
		balance int64
	}{
		{"debit", store.LedgerEntry{UserID: u.ID, Amount: -1050, Kind: store.LedgerOrder, Reference: "o-1"}, nil, 1950},
		{"same order again", store.LedgerEntry{UserID: u.ID, Amount: -1050, Kind: store.LedgerOrder, Reference: "o-1"}, store.ErrConflict, 1950},
		{"too much", store.LedgerEntry{UserID: u.ID, Amount: -1951, Kind: store.LedgerOrder, Reference: "o-2"}, store.ErrInsufficientFunds, 1950},
		{"exactly all", store.LedgerEntry{UserID: u.ID, Amount: -1950, Kind: store.LedgerOrder, Reference: "o-3"}, nil, 0},
		{"refund", store.LedgerEntry{UserID: u.ID, Amount: 1950, Kind: store.LedgerRefund, Reference: "o-3"}, nil, 1950},
		{"unknown user", store.LedgerEntry{UserID: u.ID + 999, Amount: 10, Kind: store.LedgerTopup, Reference: "t-x"}, store.ErrNotFound, 1950},
		{"adjustment down", store.LedgerEntry{UserID: u.ID, Amount: -950, Kind: store.LedgerAdjustment, Reference: "adj-1",
			Reason: ptr("test")}, nil, 1000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := post(tt.entry)
			if !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
			if err == nil && e.BalanceAfter != tt.balance {
				t.Fatalf("balance_after %d, want %d", e.BalanceAfter, tt.balance)
			}
			got, _ := db.UserByID(ctx, u.ID)
			if got.WalletAmount != tt.balance {
				t.Fatalf("wallet %d, want %d", got.WalletAmount, tt.balance)
			}
		})
	}
	entries, err := db.LedgerEntries(ctx, u.ID, 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 5 || entries[0].BalanceAfter != 1000 {
		t.Fatalf("ledger %+v", entries)
	}
}

// 50 concurrent debits against a wallet that pays for 3: exactly 3 win, the
// wallet never goes negative, and the ledger sums to the wallet.
func TestConcurrentDebits(t *testing.T) {
	ctx := context.Background()
	db := storetest.New(t)
	u := newUser(t, db, "09420000003")
	credit(t, db, u.ID, 3*1050+100, "t-1")

	var ok, poor atomic.Int64
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Go(func() {
			err := db.WithTx(ctx, func(tx *sqlx.Tx) error {
				_, err := store.PostLedger(ctx, tx, store.LedgerEntry{
					UserID: u.ID, Amount: -1050, Kind: store.LedgerOrder, Reference: fmt.Sprint("order-", i),
				})
				return err
			})
			switch {
			case err == nil:
				ok.Add(1)
			case errors.Is(err, store.ErrInsufficientFunds):
				poor.Add(1)
			default:
				t.Errorf("debit %d: %v", i, err)
			}
		})
	}
	wg.Wait()
	if ok.Load() != 3 || poor.Load() != 47 {
		t.Fatalf("%d debits succeeded, %d refused; want 3 and 47", ok.Load(), poor.Load())
	}
	got, _ := db.UserByID(ctx, u.ID)
	var sum int64
	if err := db.SQL().Get(&sum, `SELECT sum(amount) FROM wallet_ledger WHERE user_id = $1`, u.ID); err != nil {
		t.Fatal(err)
	}
	if got.WalletAmount != 100 || sum != 100 {
		t.Fatalf("wallet %d, ledger sum %d; want 100", got.WalletAmount, sum)
	}
}
