package contract

import (
	"encoding/json"
	"time"
)

// AuditEntry is one entry of the audit log: who changed what, with the
// row before and after.
type AuditEntry struct {
	ID         int64           `json:"id"`
	ActorID    *int64          `json:"actor_id"` // null for the system
	ActorName  string          `json:"actor_name"`
	Action     string          `json:"action"` // e.g. topup.confirm, product.update
	TargetType string          `json:"target_type"`
	TargetID   string          `json:"target_id"`
	Before     json.RawMessage `json:"before"` // the row before, or null
	After      json.RawMessage `json:"after"`  // the row after, or null
	Reason     *string         `json:"reason"`
	IP         *string         `json:"ip"`
	RequestID  string          `json:"request_id"`
	CreatedAt  time.Time       `json:"created_at"`
}

// AdminLedgerEntry is a wallet ledger entry as the back office sees it.
type AdminLedgerEntry struct {
	ID           int64     `json:"id"`
	Amount       int64     `json:"amount"`
	BalanceAfter int64     `json:"balance_after"`
	Kind         string    `json:"kind"`      // topup, order, refund or adjustment
	Reference    string    `json:"reference"` // e.g. order:12, topup:7
	ActorID      *int64    `json:"actor_id"`
	Reason       *string   `json:"reason"`
	CreatedAt    time.Time `json:"created_at"`
}
