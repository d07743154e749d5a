package store

import "context"

// LedgerMismatch is a user whose wallet disagrees with the ledger.
type LedgerMismatch struct {
	UserID       int64 `db:"user_id"`
	WalletAmount int64 `db:"wallet_amount"`
	LedgerSum    int64 `db:"ledger_sum"`
	LastBalance  int64 `db:"last_balance"` // balance_after of the newest row, 0 without rows
	Entries      int64 `db:"entries"`
}

// CheckLedger verifies the wallet invariant for every user: the wallet
// equals the sum of the user's ledger amounts and the balance_after of the
// newest row. It returns the users that break it (none, when all is well).
// The schema enforces the second half at every COMMIT; the sum is what
// proves that no row was ever computed from a wrong balance. Tests run it
// after every concurrency test; the admin report shows it.
func (s *DB) CheckLedger(ctx context.Context) ([]LedgerMismatch, error) {
	list := []LedgerMismatch{}
	err := s.db.SelectContext(ctx, &list, `
		SELECT u.id AS user_id, u.wallet_amount,
		       COALESCE(l.total, 0) AS ledger_sum,
		       COALESCE((SELECT balance_after FROM wallet_ledger
		                 WHERE user_id = u.id ORDER BY id DESC LIMIT 1), 0) AS last_balance,
		       COALESCE(l.n, 0) AS entries
		FROM users u
		LEFT JOIN (SELECT user_id, sum(amount)::bigint AS total, count(*) AS n
		           FROM wallet_ledger GROUP BY user_id) l ON l.user_id = u.id
		WHERE u.wallet_amount <> COALESCE(l.total, 0)
		   OR u.wallet_amount <> COALESCE((SELECT balance_after FROM wallet_ledger
		                                   WHERE user_id = u.id ORDER BY id DESC LIMIT 1), 0)
		ORDER BY u.id`)
	return list, wrap(err, "check ledger")
}
