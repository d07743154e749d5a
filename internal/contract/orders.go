package contract

import "time"

// Order is an order as its buyer sees it, with the snapshot the receipt
// needs (names and prices as they were when it was bought).
type Order struct {
	ID            int64        `json:"id"`
	Product       OrderProduct `json:"product"`
	ProductKind   string       `json:"product_kind"` // coin, code or account
	GameName      string       `json:"game_name"`
	Price         int64        `json:"price"`
	ServiceCharge int64        `json:"service_charge"`
	TotalPrice    int64        `json:"total_price"` // price + service charge, what the wallet paid
	// PaymentStatus: pending, processing, completed, failed or refunded.
	PaymentStatus string `json:"payment_status"`
	GameUID       string `json:"game_uid"`  // a coin order's game id; empty for other kinds
	ServerID      string `json:"server_id"` // a coin order's server id, when its game has one
	// FailReason says why a failed order was not delivered, or null.
	FailReason *string `json:"fail_reason"`
	// Meta is a bought account's login, or null for other kinds.
	Meta *Credentials `json:"meta"`
	// Code is a delivered redeem code; left out for other kinds.
	Code        *string    `json:"code,omitempty"`
	CreatedAt   time.Time  `json:"created_at"`
	CompletedAt *time.Time `json:"completed_at"`
}

// OrderProduct names the product an order or a message is about.
type OrderProduct struct {
	ID      int64       `json:"id"`
	Name    string      `json:"name"`
	Service ServiceName `json:"service"`
}

// ServiceName is a service known by its name only; a "Code" service makes
// the client show a message's title as a copyable code.
type ServiceName struct {
	Name string `json:"name"`
}

// Credentials is the login of a bought game account.
type Credentials struct {
	Email         string `json:"email"`
	EmailPassword string `json:"email_password"`
	GamePassword  string `json:"game_password"`
}

// OrderEvent is the data of order.created (on the admins' channel) and
// order.updated (on the buyer's and, once decided, the admins' channel).
// The database builds it (event_order, migration 00007).
type OrderEvent struct {
	Order OrderSummary `json:"order"`
}

// OrderSummary is an order inside its events: what lists need to update a
// row, without what was delivered.
type OrderSummary struct {
	ID            int64        `json:"id"`
	UserID        int64        `json:"user_id"`
	Product       OrderProduct `json:"product"`
	ProductKind   string       `json:"product_kind"`
	Price         int64        `json:"price"`
	ServiceCharge int64        `json:"service_charge"`
	TotalPrice    int64        `json:"total_price"`
	PaymentStatus string       `json:"payment_status"`
	GameUID       string       `json:"game_uid"`
	ServerID      string       `json:"server_id"`
	CreatedAt     time.Time    `json:"created_at"`
	UpdatedAt     time.Time    `json:"updated_at"`
}

// OrderDetail is GET /api/orders/{id}: one of the buyer's own orders with
// its timeline, for the order page and its printable receipt.
type OrderDetail struct {
	Order Order `json:"order"`
	// Timeline is what happened to the order, oldest first: placed, paid,
	// processing (an admin took it), then delivered, failed or refunded.
	Timeline []OrderStep `json:"timeline"`
	// Reviewable is true when the buyer may still write the order's review
	// (a completed order without one).
	Reviewable bool `json:"reviewable"`
}

// OrderStep is one step of an order's timeline.
type OrderStep struct {
	// Step is placed, paid, processing, delivered, failed or refunded.
	Step string    `json:"step"`
	At   time.Time `json:"at"`
}
