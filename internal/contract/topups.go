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
	Status             string `json:"status"`         // pending, confirmed, rejected or cancelled (by its owner)
	// ReceiptID is the uploaded receipt: GET /api/uploads/{id} shows it to
	// its owner and to admins only.
	ReceiptID int64 `json:"receipt_id"`
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

// TopupQuote is the exact total to transfer for a top-up. Asking again
// for the same amount and method answers the same quote until it expires
// or backs a top-up.
type TopupQuote struct {
	Amount             int64 `json:"amount"`
	VerificationAmount int64 `json:"verification_amount"`
	Total              int64 `json:"total"`
	// PaymentMethodID is the method the quote was asked for, 0 for none.
	PaymentMethodID int64 `json:"payment_method_id"`
	// Quote is the signed token the top-up request carries.
	Quote     string    `json:"quote"`
	ExpiresAt time.Time `json:"expires_at"`
	// ExpiresIn is the seconds left when answered: a countdown from it
	// does not depend on the phone's clock being right.
	ExpiresIn int64 `json:"expires_in"`
}
