package contract

import "time"

// Topup is a request to credit the wallet with a transfer: the customer
// transfers Total = Amount + VerificationAmount, and a confirmation
// credits Total.
type Topup struct {
	ID int64 `json:"id"`
	// UserID is whose top-up it is: set in the events (the admins' channel
	// carries everyone's), left out of the owner's own REST answers.
	UserID             int64  `json:"user_id,omitempty"`
	Amount             int64  `json:"amount"`
	VerificationAmount int64  `json:"verification_amount"` // the few kyat that tell transfers apart
	Total              int64  `json:"total"`
	PaymentMethod      string `json:"payment_method"` // the receiving account's name
	Status             string `json:"status"`         // pending, confirmed or rejected
	// RejectReason says why a rejected top-up was refused, or null.
	RejectReason *string    `json:"reject_reason"`
	CreatedAt    time.Time  `json:"created_at"`
	DecidedAt    *time.Time `json:"decided_at"` // null while pending
}

// TopupEvent is the data of topup.created (on the admins' channel) and
// topup.updated (on the owner's and the admins' channels).
type TopupEvent struct {
	Topup Topup `json:"topup"`
}
