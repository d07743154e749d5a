package contract

import "time"

// StatementEntry is one wallet ledger entry on the customer's statement.
type StatementEntry struct {
	ID           int64     `json:"id"`
	Kind         string    `json:"kind"`   // topup, order, refund or adjustment
	Amount       int64     `json:"amount"` // signed: a purchase is negative
	BalanceAfter int64     `json:"balance_after"`
	CreatedAt    time.Time `json:"created_at"`
	// OrderID is set for a purchase and for its refund; TopupID for a
	// confirmed top-up; Reason for an admin adjustment.
	OrderID *int64  `json:"order_id,omitempty"`
	TopupID *int64  `json:"topup_id,omitempty"`
	Reason  *string `json:"reason,omitempty"`
}
