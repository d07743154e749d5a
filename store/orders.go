package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"topup/internal/i18n"
	"topup/internal/phone"
	"topup/internal/secret"
)

// ServiceCharge is the fixed fee added to every order (docs/spec.md §9): the
// customer pays price + 50 Ks.
const ServiceCharge int64 = 50

// Order statuses. Code and account orders are completed in the purchase
// transaction; coin orders wait (pending, or processing once an admin has
// claimed them) until CompleteOrder or FailOrder decides them.
const (
	OrderPending    = "pending"
	OrderProcessing = "processing"
	OrderCompleted  = "completed"
	OrderFailed     = "failed"
	OrderRefunded   = "refunded"
)

// Service kinds, which decide how an order is delivered.
const (
	KindCoin    = "coin"
	KindCode    = "code"
	KindAccount = "account"
)

// Errors of the purchase path, each wrapping the sentinel whose HTTP status
// fits, so the central mapping works before a handler refines the message.
var (
	// ErrProductInactive: the product, its game or its service is switched
	// off.
	ErrProductInactive = fmt.Errorf("%w: product is not for sale", ErrNotFound)
	// ErrBanned: a banned user may not buy (the API refuses them earlier;
	// this holds even if a ban lands while a request is in flight).
	ErrBanned = errors.New("user is banned")
	// ErrIdempotencyMismatch: the Idempotency-Key was used before for a
	// different order.
	ErrIdempotencyMismatch = fmt.Errorf("%w: idempotency key reused for a different request", ErrConflict)
)

// InsufficientFundsError says how much is missing, so the customer is told
// exactly what to top up.
type InsufficientFundsError struct {
	Required  int64 // price + service charge
	Balance   int64 // the wallet when the order was tried
	Shortfall int64 // Required - Balance
}

func (e *InsufficientFundsError) Error() string {
	return fmt.Sprintf("insufficient funds: need %d Ks, have %d Ks, short by %d Ks", e.Required, e.Balance, e.Shortfall)
}

// Unwrap makes errors.Is(err, ErrInsufficientFunds) true.
func (e *InsufficientFundsError) Unwrap() error { return ErrInsufficientFunds }

// PriceChangedError: the product's price is no longer the one the
// customer was shown; it carries the new one to show instead.
type PriceChangedError struct {
	Price         int64
	ServiceCharge int64
	Total         int64 // Price + ServiceCharge
}

func (e *PriceChangedError) Error() string {
	return fmt.Sprintf("price changed: the total is now %d Ks", e.Total)
}

// Unwrap makes errors.Is(err, ErrConflict) true.
func (e *PriceChangedError) Unwrap() error { return ErrConflict }

// GameInfoError names the coin-order field at fault ("game_uid" or
// "server_id").
type GameInfoError struct {
	Field string
	Code  i18n.Code
}

func (e *GameInfoError) Error() string { return e.Field + ": " + e.Code.String() }

// Unwrap makes errors.Is(err, ErrInvalid) true.
func (e *GameInfoError) Unwrap() error { return ErrInvalid }

// Order is a purchase with a snapshot of what was bought.
type Order struct {
	ID             int64      `db:"id"`
	UserID         int64      `db:"user_id"`
	ProductID      int64      `db:"product_id"`
	ProductName    string     `db:"product_name"`
	ProductKind    string     `db:"product_kind"`
	ServiceName    string     `db:"service_name"`
	GameName       string     `db:"game_name"`
	Price          int64      `db:"price"`
	ServiceCharge  int64      `db:"service_charge"`
	TotalPrice     int64      `db:"total_price"`
	GameUID        string     `db:"game_uid"`
	ServerID       string     `db:"server_id"`
	Status         string     `db:"status"`
	IdempotencyKey *string    `db:"idempotency_key"`
	Meta           []byte     `db:"meta"` // sealed delivery JSON
	FailReason     *string    `db:"fail_reason"`
	CompletedAt    *time.Time `db:"completed_at"`
	CreatedAt      time.Time  `db:"created_at"`
	UpdatedAt      time.Time  `db:"updated_at"`

	// What was delivered, opened from Meta by functions that answer the
	// buyer or an admin; nil / "" otherwise.
	Credentials *Credentials `db:"-"`
	Code        string       `db:"-"`
	// WalletAfter is the buyer's balance right after the purchase, set by
	// a purchase that charged (not by a replay), so the answer can carry
	// it when the live update is lost.
	WalletAfter *int64 `db:"-"`
}

const orderColumns = `id, user_id, product_id, product_name, product_kind, service_name, game_name,
	price, service_charge, total_price, game_uid, server_id, status, idempotency_key, meta,
	fail_reason, completed_at, created_at, updated_at`

// open fills Credentials and Code from Meta.
func (o *Order) open(box *secret.Box) error {
	if o.Meta == nil {
		return nil
	}
	plain, err := box.Open(o.Meta)
	if err != nil {
		return fmt.Errorf("store: order %d meta: %w", o.ID, err)
	}
	var d delivery
	if err := json.Unmarshal(plain, &d); err != nil {
		return fmt.Errorf("store: order %d meta: %w", o.ID, err)
	}
	o.Credentials, o.Code = d.Credentials, d.Code
	return nil
}

func orderReference(id int64) string { return "order:" + strconv.FormatInt(id, 10) }

func nullID(id int64) sql.NullInt64 { return sql.NullInt64{Int64: id, Valid: id > 0} }

// OrdersOfUser lists a user's orders, newest first, with what was
// delivered opened (the caller is the buyer).
func (s *DB) OrdersOfUser(ctx context.Context, userID int64, p Paging) (Page[Order], error) {
	box, err := s.needBox()
	if err != nil {
		return Page[Order]{}, err
	}
	page, err := selectPage[Order](ctx, s, p, fmt.Sprintf("orders of user %d", userID),
		`SELECT count(*) FROM orders WHERE user_id = $1`,
		`SELECT `+orderColumns+` FROM orders WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
		userID)
	if err != nil {
		return Page[Order]{}, err
	}
	for i := range page.Items {
		if err := page.Items[i].open(box); err != nil {
			return Page[Order]{}, err
		}
	}
	return page, nil
}

// OrderByID returns an order with what was delivered opened; callers check
// that the reader is its buyer or an admin.
func (s *DB) OrderByID(ctx context.Context, id int64) (Order, error) {
	box, err := s.needBox()
	if err != nil {
		return Order{}, err
	}
	var o Order
	if err := s.db.GetContext(ctx, &o, `SELECT `+orderColumns+` FROM orders WHERE id = $1`, id); err != nil {
		return Order{}, wrap(err, "order %d", id)
	}
	return o, o.open(box)
}

// AdminOrder is an order with its buyer and who claimed it.
type AdminOrder struct {
	Order
	ClaimedBy     *int64     `db:"claimed_by"`
	ClaimedAt     *time.Time `db:"claimed_at"`
	ClaimedByName *string    `db:"claimed_by_name"`
	Username      string     `db:"username"`
	Phone         string     `db:"phone"`
}

var adminOrderSelect = `SELECT ` + prefixed("o.", orderColumns) + `,
	o.claimed_by, o.claimed_at, cb.username AS claimed_by_name, u.username, u.phone
	FROM orders o JOIN users u ON u.id = o.user_id LEFT JOIN users cb ON cb.id = o.claimed_by`

// AdminOrderFilter narrows AdminOrders. Queue lists coin orders waiting
// for delivery (pending or processing), oldest first; otherwise newest
// first. Q matches an order id, the buyer's phone (any form), username or
// e-mail, a game id, or part of the product name.
type AdminOrderFilter struct {
	Queue  bool
	Status string
	UserID int64
	Q      string
	Paging
}

// AdminOrders lists and searches orders. What was delivered stays sealed.
func (s *DB) AdminOrders(ctx context.Context, f AdminOrderFilter) (Page[AdminOrder], error) {
	q := strings.TrimSpace(f.Q)
	var id int64
	if n, err := strconv.ParseInt(strings.TrimPrefix(q, "#"), 10, 64); err == nil && n > 0 {
		id = n
	}
	normPhone := ""
	if n, err := phone.Normalize(q); err == nil {
		normPhone = n
	}
	where := ` WHERE ($1::bool = false OR (o.product_kind = 'coin' AND o.status IN ('pending', 'processing')))
		AND ($2::text = '' OR o.status = $2)
		AND ($3::bigint = 0 OR o.user_id = $3)
		AND ($4::text = '' OR o.id = $5 OR u.phone = $6 OR lower(u.username) = lower($4)
		     OR lower(u.email) = lower($4) OR o.game_uid = $4
		     OR strpos(lower(o.product_name), lower($4)) > 0)`
	args := []any{f.Queue, f.Status, f.UserID, q, id, normPhone}
	order := ` ORDER BY o.created_at DESC, o.id DESC`
	if f.Queue {
		order = ` ORDER BY o.created_at, o.id`
	}
	return selectPage[AdminOrder](ctx, s, f.Paging, "orders", `SELECT count(*) FROM orders o JOIN users u ON u.id = o.user_id`+where,
		adminOrderSelect+where+order+` LIMIT $7 OFFSET $8`, args...)
}

// AdminOrderByID returns one order with its buyer and claimer.
func (s *DB) AdminOrderByID(ctx context.Context, id int64) (AdminOrder, error) {
	var o AdminOrder
	err := s.db.GetContext(ctx, &o, adminOrderSelect+` WHERE o.id = $1`, id)
	return o, wrap(err, "order %d", id)
}
