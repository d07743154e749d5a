package contract

import "time"

// Smaller lists of the back office. These answers were maps before they
// had types, so their fields keep the alphabetical order the maps wrote.

// AdminReview is a review as moderation sees it, hidden ones too.
type AdminReview struct {
	Comment     string    `json:"comment"`
	CreatedAt   time.Time `json:"created_at"`
	ID          int64     `json:"id"`
	IsVisible   bool      `json:"is_visible"`
	OrderID     int64     `json:"order_id"`
	ProductID   *int64    `json:"product_id"` // null once the product is gone
	ProductName string    `json:"product_name"`
	Rating      int       `json:"rating"` // 1 to 5
	UserID      int64     `json:"user_id"`
	Username    string    `json:"username"`
}

// CodeStock is a code product's stock of redeem codes.
type CodeStock struct {
	Available   int64  `json:"available"` // unclaimed codes
	LowStock    bool   `json:"low_stock"` // available is at or under threshold
	ProductID   int64  `json:"product_id"`
	ProductName string `json:"product_name"`
	Sold        int64  `json:"sold"`
	Threshold   int64  `json:"threshold"` // the low-stock setting
	Total       int64  `json:"total"`     // available + sold
}

// ReceiptDuplicate is another upload of the same receipt picture and the
// top-up it backs, if any.
type ReceiptDuplicate struct {
	CreatedAt   time.Time `json:"created_at"`
	TopupID     *int64    `json:"topup_id"`     // null: uploaded but never used
	TopupStatus *string   `json:"topup_status"` // pending, confirmed or rejected
	UploadID    int64     `json:"upload_id"`
	UserID      int64     `json:"user_id"`
	Username    string    `json:"username"`
}

// LedgerMismatch is a user whose wallet disagrees with their ledger.
type LedgerMismatch struct {
	Entries      int64 `json:"entries"`
	LastBalance  int64 `json:"last_balance"` // balance_after of the newest entry
	LedgerSum    int64 `json:"ledger_sum"`
	UserID       int64 `json:"user_id"`
	WalletAmount int64 `json:"wallet_amount"`
}
