package contract

import "time"

// The back office's queues: orders to deliver and top-ups to decide, each
// with its customer.

// AdminCustomer is the customer beside an order or a top-up.
type AdminCustomer struct {
	ID          int64  `json:"id"`
	Username    string `json:"username"`
	PhoneNumber string `json:"phone_number"`
}

// AdminOrder is an order as the back office sees it. What was delivered
// stays sealed.
type AdminOrder struct {
	ID            int64         `json:"id"`
	UserID        int64         `json:"user_id"`
	User          AdminCustomer `json:"user"`
	ProductID     int64         `json:"product_id"`
	ProductName   string        `json:"product_name"`
	ProductKind   string        `json:"product_kind"`
	ServiceName   string        `json:"service_name"`
	GameName      string        `json:"game_name"`
	Price         int64         `json:"price"`
	ServiceCharge int64         `json:"service_charge"`
	TotalPrice    int64         `json:"total_price"`
	GameUID       string        `json:"game_uid"`
	ServerID      string        `json:"server_id"`
	Status        string        `json:"status"` // pending, processing, completed, failed or refunded
	FailReason    *string       `json:"fail_reason"`
	// ClaimedBy is the admin delivering a coin order, or null.
	ClaimedBy     *int64     `json:"claimed_by"`
	ClaimedByName *string    `json:"claimed_by_name"`
	ClaimedAt     *time.Time `json:"claimed_at"`
	CompletedAt   *time.Time `json:"completed_at"`
	CreatedAt     time.Time  `json:"created_at"`
	UpdatedAt     time.Time  `json:"updated_at"`
}

// AdminTimelineStep is one step of an order's history.
type AdminTimelineStep struct {
	At      time.Time `json:"at"`
	Kind    string    `json:"kind"` // created, claimed, completed, failed, or an audit action
	ActorID *int64    `json:"actor_id"`
	Actor   string    `json:"actor"`
	Reason  *string   `json:"reason"`
}

// AdminTopup is a top-up in the queue: Topup's fields, then whose it is,
// its receipt and how long it has waited.
type AdminTopup struct {
	Topup         `tstype:",extends"`
	UserID        int64         `json:"user_id"`
	User          AdminCustomer `json:"user"`
	UploadID      int64         `json:"upload_id"`
	ReceiptURL    string        `json:"receipt_url"`
	DecidedBy     *int64        `json:"decided_by"`
	DecidedByName *string       `json:"decided_by_name"`
	AgeSeconds    int64         `json:"age_seconds"`
	// Overdue: still pending past the 5-minute promise.
	Overdue bool `json:"overdue"`
	// Checks are the receipt checks; left out where they were not computed.
	Checks *TopupChecks `json:"checks,omitempty"`
}

// TopupChecks are the checks of a top-up's receipt
// (docs/receipt-checks.md). Each check's result is pass, fail or
// not_read.
type TopupChecks struct {
	// Reading is pending until the receipt was read, then read,
	// not_available (no Tesseract) or failed.
	Reading string `json:"reading"`
	// Verdict says what confirming takes: clean, not_read, flagged or
	// blocked.
	Verdict        string           `json:"verdict"`
	Failed         []string         `json:"failed"` // the failed checks' names
	Amount         AmountCheck      `json:"amount"`
	TransactionID  TransactionCheck `json:"transaction_id"`
	DuplicateImage ImageCheck       `json:"duplicate_image"`
	ReceiptDate    DateCheck        `json:"receipt_date"`
}

// AmountCheck: the amount read against the total expected.
type AmountCheck struct {
	Result     string  `json:"result"`
	Expected   int64   `json:"expected"`
	Read       *int64  `json:"read"`
	Confidence float64 `json:"confidence"`
}

// TransactionCheck: the transaction id read, and the earlier top-ups whose
// receipts showed it.
type TransactionCheck struct {
	Result     string         `json:"result"`
	Read       *string        `json:"read"`
	Confidence float64        `json:"confidence"`
	Earlier    []EarlierTopup `json:"earlier"`
	Rule       string         `json:"rule"`   // the payment method's rule: block or warn
	Blocks     bool           `json:"blocks"` // the rule keeps this top-up from being confirmed
}

// ImageCheck: earlier top-ups whose receipt is a near-duplicate picture.
type ImageCheck struct {
	Result    string         `json:"result"`
	Threshold float64        `json:"threshold"`
	Earlier   []EarlierImage `json:"earlier"`
}

// DateCheck: the receipt's date against when the quote was issued.
type DateCheck struct {
	Result     string     `json:"result"`
	Read       *time.Time `json:"read"`
	Confidence float64    `json:"confidence"`
	QuotedAt   *time.Time `json:"quoted_at"`
}

// EarlierTopup is an earlier top-up a check found.
type EarlierTopup struct {
	TopupID   int64     `json:"topup_id"`
	UserID    int64     `json:"user_id"`
	Username  string    `json:"username"`
	Status    string    `json:"status"`
	CreatedAt time.Time `json:"created_at"`
}

// EarlierImage is an earlier top-up with a near-duplicate receipt.
type EarlierImage struct {
	EarlierTopup `tstype:",extends"`
	Distance     float64 `json:"distance"` // 0 for the same picture
}

// ReceiptRules are the operator's receipt-check rules.
type ReceiptRules struct {
	NearDuplicate  float64     `json:"near_duplicate_threshold"`
	Min            float64     `json:"threshold_min"`
	Max            float64     `json:"threshold_max"`
	Default        float64     `json:"threshold_default"`
	PaymentMethods []ReuseRule `json:"payment_methods"`
}

// ReuseRule is one payment method's rule for a re-used transaction id.
type ReuseRule struct {
	ID       int64  `json:"id"`
	Name     string `json:"name,omitempty"`
	IsActive bool   `json:"is_active"`
	// Rule is what a transaction id seen on an earlier top-up does:
	// block (only reject) or warn (a failed check to override).
	Rule string `json:"reused_transaction_id"`
}
