package contract

import "time"

// Refund is a customer's request to have an order's total returned to the
// wallet (docs/spec.md §1), as its customer sees it.
type Refund struct {
	ID      int64 `json:"id"`
	OrderID int64 `json:"order_id"`
	// UserID is whose request it is: set in the events (the admins'
	// channel carries everyone's).
	UserID int64 `json:"user_id"`
	// Ground is why the order qualifies: undelivered (not yet delivered)
	// or not_working (a delivered code or account that does not work).
	Ground string `json:"ground"`
	Reason string `json:"reason"`
	// ScreenshotID is the upload the customer attached, or null.
	ScreenshotID *int64 `json:"screenshot_id"`
	Status       string `json:"status"` // requested, approved or denied
	// Amount is what an approval returns: the order's total.
	Amount int64 `json:"amount"`
	// DecisionReason is the admin's word to the customer: required on a
	// denial, optional on an approval; null before the decision.
	DecisionReason *string    `json:"decision_reason"`
	CreatedAt      time.Time  `json:"created_at"`
	DecidedAt      *time.Time `json:"decided_at"` // null while requested
}

// RefundEvent is the data of refund.updated, on the customer's and the
// admins' channels, whenever a request is made or decided.
type RefundEvent struct {
	Refund Refund `json:"refund"`
}

// AdminRefund is a refund request in the back office's queue: the request,
// the order it is about with its delivery, and the customer's history.
type AdminRefund struct {
	Refund `tstype:",extends"`
	User   AdminCustomer `json:"user"`
	Order  AdminOrder    `json:"order"`
	// ScreenshotURL serves the attached screenshot to admins, or null.
	ScreenshotURL *string `json:"screenshot_url"`
	// Restockable: the order's redeem code is still its own, so an
	// approval may put it back on sale.
	Restockable bool `json:"restockable"`
	// Restocked: the approval put the code back on sale.
	Restocked     bool          `json:"restocked"`
	DecidedBy     *int64        `json:"decided_by"`
	DecidedByName *string       `json:"decided_by_name"`
	History       RefundHistory `json:"history"`
}

// RefundHistory counts what the customer has done before, so an admin can
// tell a first request from a habit.
type RefundHistory struct {
	Orders          int64 `json:"orders"`
	RefundsApproved int64 `json:"refunds_approved"`
	RefundsDenied   int64 `json:"refunds_denied"`
	RefundsOpen     int64 `json:"refunds_open"`
}
