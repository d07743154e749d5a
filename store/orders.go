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

	"github.com/jmoiron/sqlx"

	"topup/internal/secret"
)

// ServiceCharge is the fixed fee added to every order (SPEC §9): the
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

// GameInfoError names the coin-order field at fault ("game_uid" or
// "server_id").
type GameInfoError struct {
	Field   string
	Message string
}

func (e *GameInfoError) Error() string { return e.Field + ": " + e.Message }

// Unwrap makes errors.Is(err, ErrInvalid) true.
func (e *GameInfoError) Unwrap() error { return ErrInvalid }

// Credentials is the login of a bought account.
type Credentials struct {
	Email         string `json:"email"`
	EmailPassword string `json:"email_password"`
	GamePassword  string `json:"game_password"`
}

// delivery is the sealed JSON kept in orders.meta: what the buyer received.
type delivery struct {
	*Credentials
	Code string `json:"code,omitempty"`
}

// Order is a purchase with a snapshot of what was bought.
type Order struct {
	ID             int64          `db:"id"`
	UserID         int64          `db:"user_id"`
	ProductID      int64          `db:"product_id"`
	ProductName    string         `db:"product_name"`
	ProductKind    string         `db:"product_kind"`
	ServiceName    string         `db:"service_name"`
	GameName       string         `db:"game_name"`
	Price          int64          `db:"price"`
	ServiceCharge  int64          `db:"service_charge"`
	TotalPrice     int64          `db:"total_price"`
	GameUID        string         `db:"game_uid"`
	ServerID       string         `db:"server_id"`
	Status         string         `db:"status"`
	IdempotencyKey sql.NullString `db:"idempotency_key"`
	Meta           []byte         `db:"meta"` // sealed delivery JSON
	FailReason     sql.NullString `db:"fail_reason"`
	CompletedAt    sql.NullTime   `db:"completed_at"`
	CreatedAt      time.Time      `db:"created_at"`
	UpdatedAt      time.Time      `db:"updated_at"`

	// What was delivered, opened from Meta by functions that answer the
	// buyer or an admin; nil / "" otherwise.
	Credentials *Credentials `db:"-"`
	Code        string       `db:"-"`
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

// The longest game ids a coin order takes, in digits.
const (
	maxGameUID  = 32
	maxServerID = 16
)

// gameInfo checks and normalises the player's ids of a coin order; other
// kinds need none and store none.
func gameInfo(p Product, gameUID, serverID string) (uid, server string, err error) {
	if p.Kind != KindCoin {
		return "", "", nil
	}
	uid = asciiDigits(gameUID)
	if uid == "" {
		return "", "", &GameInfoError{Field: "game_uid", Message: "Game ID is required."}
	}
	if !numeric(uid, maxGameUID) {
		return "", "", &GameInfoError{Field: "game_uid", Message: "Game ID must be a number."}
	}
	if !p.UsesServerID {
		// The client hides the field for such games (pubg-coin); whatever
		// it sends is not part of the order.
		return uid, "", nil
	}
	server = asciiDigits(serverID)
	if server == "" {
		return "", "", &GameInfoError{Field: "server_id", Message: "Server ID is required."}
	}
	if !numeric(server, maxServerID) {
		return "", "", &GameInfoError{Field: "server_id", Message: "Server ID must be a number."}
	}
	return uid, server, nil
}

// asciiDigits trims s and turns Myanmar digits (၀-၉, typed on a Burmese
// keyboard) into ASCII ones, so "၁၂၃" and "123" are the same game id.
func asciiDigits(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '၀' && r <= '၉' {
			return '0' + (r - '၀')
		}
		return r
	}, strings.TrimSpace(s))
}

func numeric(s string, max int) bool {
	if len(s) == 0 || len(s) > max {
		return false
	}
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func (s *DB) deliverAccount(ctx context.Context, tx *sqlx.Tx, box *secret.Box, o Order) (Order, error) {
	var sealed struct {
		Email         []byte `db:"email"`
		EmailPassword []byte `db:"email_password"`
		GamePassword  []byte `db:"game_password"`
	}
	err := tx.GetContext(ctx, &sealed, `SELECT email, email_password, game_password
		FROM account_credentials WHERE product_id = $1`, o.ProductID)
	if errors.Is(err, sql.ErrNoRows) {
		// Selling an account without its login would take money for
		// nothing: refuse the whole order.
		return Order{}, fmt.Errorf("store: order: account %d has no credentials: %w", o.ProductID, ErrSoldOut)
	}
	if err != nil {
		return Order{}, wrap(err, "order: credentials of %d", o.ProductID)
	}
	var c Credentials
	for _, f := range []struct {
		dst *string
		src []byte
	}{{&c.Email, sealed.Email}, {&c.EmailPassword, sealed.EmailPassword}, {&c.GamePassword, sealed.GamePassword}} {
		plain, err := box.Open(f.src)
		if err != nil {
			return Order{}, fmt.Errorf("store: order: credentials of %d: %w", o.ProductID, err)
		}
		*f.dst = string(plain)
	}
	return sealDelivery(ctx, tx, box, o, delivery{Credentials: &c})
}

func (s *DB) deliverCode(ctx context.Context, tx *sqlx.Tx, box *secret.Box, o Order) (Order, error) {
	var sealedCode []byte
	err := tx.GetContext(ctx, &sealedCode, `
		UPDATE redeem_codes SET claimed_by_order_id = $2, claimed_at = now()
		WHERE id = (
			SELECT id FROM redeem_codes
			WHERE product_id = $1 AND claimed_by_order_id IS NULL
			ORDER BY id
			FOR UPDATE SKIP LOCKED
			LIMIT 1)
		RETURNING code`, o.ProductID, o.ID)
	if errors.Is(err, sql.ErrNoRows) {
		// SKIP LOCKED may also pass over a code another buyer holds in a
		// transaction that later rolls back; that buyer's failure is rare
		// (the claim comes after the debit) and a retry finds the code.
		return Order{}, fmt.Errorf("store: order: product %d: %w", o.ProductID, ErrSoldOut)
	}
	if err != nil {
		return Order{}, wrap(err, "order: claim code of %d", o.ProductID)
	}
	code, err := box.Open(sealedCode)
	if err != nil {
		return Order{}, fmt.Errorf("store: order: code of %d: %w", o.ProductID, err)
	}
	o, err = sealDelivery(ctx, tx, box, o, delivery{Code: string(code)})
	if err != nil {
		return Order{}, err
	}
	_, err = s.insertMessage(ctx, tx, NewMessage{
		UserID:    o.UserID,
		Title:     string(code),
		Body:      codeMessageBody(o),
		ProductID: o.ProductID,
		OrderID:   o.ID,
		Sealed:    true,
	})
	return o, err
}

func codeMessageBody(o Order) string {
	return fmt.Sprintf("Your %s code (order for %s). Tap the code to copy it and redeem it in %s. "+
		"Codes are single-use.", o.ProductName, o.GameName, o.GameName)
}

// sealDelivery keeps what an order delivered, sealed, in its meta.
// purchaseSQL already wrote the order completed: the delivery is part of
// the same transaction or the purchase is rolled back.
func sealDelivery(ctx context.Context, tx *sqlx.Tx, box *secret.Box, o Order, d delivery) (Order, error) {
	plain, err := json.Marshal(d)
	if err != nil {
		return Order{}, fmt.Errorf("store: order %d meta: %w", o.ID, err)
	}
	var out Order
	err = tx.GetContext(ctx, &out, `UPDATE orders SET meta = $2 WHERE id = $1 RETURNING `+orderColumns, o.ID, box.Seal(plain))
	if err != nil {
		return Order{}, wrap(err, "order %d: delivery", o.ID)
	}
	out.Credentials, out.Code = d.Credentials, d.Code
	return out, nil
}

// CompleteOrder marks a pending (or processing) coin order as delivered,
// by actorID (an admin), tells the customer with a message, and announces
// it. An order in any other state is ErrInvalidState; an unknown one
// ErrNotFound.
func (s *DB) CompleteOrder(ctx context.Context, orderID, actorID int64) (Order, error) {
	var o Order
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		err := tx.GetContext(ctx, &o, `
			UPDATE orders SET status = 'completed', completed_at = now(),
				claimed_by = COALESCE(claimed_by, $2), claimed_at = COALESCE(claimed_at, now())
			WHERE id = $1 AND status IN ('pending', 'processing')
			RETURNING `+orderColumns, orderID, nullID(actorID))
		if errors.Is(err, sql.ErrNoRows) {
			return orderStateError(ctx, tx, orderID)
		}
		if err != nil {
			return wrap(err, "complete order %d", orderID)
		}
		_, err = s.insertMessage(ctx, tx, NewMessage{
			UserID:    o.UserID,
			Title:     fmt.Sprintf("Order #%d delivered", o.ID),
			Body:      fmt.Sprintf("%s has been delivered to game ID %s%s. Thank you for shopping with us.", o.ProductName, o.GameUID, serverSuffix(o)),
			ProductID: o.ProductID,
			OrderID:   o.ID,
			SenderID:  actorID,
		})
		if err != nil {
			return err
		}
		return announceOrder(ctx, tx, o)
	})
	return o, err
}

// FailOrder marks a pending (or processing) order as failed with a reason
// and refunds its total to the wallet through the ledger. The refund's
// reference is the order's, and (kind, reference) is UNIQUE, so an order is
// refunded at most once whatever happens; the status compare-and-set makes
// a second FailOrder ErrInvalidState.
func (s *DB) FailOrder(ctx context.Context, orderID, actorID int64, reason string) (Order, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return Order{}, fmt.Errorf("store: fail order: a reason is required: %w", ErrInvalid)
	}
	var o Order
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		err := tx.GetContext(ctx, &o, `
			UPDATE orders SET status = 'failed', fail_reason = $3,
				claimed_by = COALESCE(claimed_by, $2), claimed_at = COALESCE(claimed_at, now())
			WHERE id = $1 AND status IN ('pending', 'processing')
			RETURNING `+orderColumns, orderID, nullID(actorID), reason)
		if errors.Is(err, sql.ErrNoRows) {
			return orderStateError(ctx, tx, orderID)
		}
		if err != nil {
			return wrap(err, "fail order %d", orderID)
		}
		if o.TotalPrice > 0 {
			_, err := postLedger(ctx, tx, LedgerEntry{
				UserID: o.UserID, Amount: o.TotalPrice, Kind: LedgerRefund, Reference: orderReference(o.ID),
				ActorID: nullID(actorID), Reason: sql.NullString{String: reason, Valid: true},
			})
			if err != nil {
				return err
			}
		}
		if err := announceUser(ctx, tx, o.UserID, UpdateWallet); err != nil {
			return err
		}
		_, err = s.insertMessage(ctx, tx, NewMessage{
			UserID:    o.UserID,
			Title:     fmt.Sprintf("Order #%d could not be delivered", o.ID),
			Body:      fmt.Sprintf("%s could not be delivered: %s. %d Ks has been returned to your wallet.", o.ProductName, reason, o.TotalPrice),
			ProductID: o.ProductID,
			OrderID:   o.ID,
			SenderID:  actorID,
		})
		if err != nil {
			return err
		}
		return announceOrder(ctx, tx, o)
	})
	return o, err
}

func serverSuffix(o Order) string {
	if o.ServerID == "" {
		return ""
	}
	return " (server " + o.ServerID + ")"
}

// orderStateError explains why a compare-and-set on an order matched
// nothing.
func orderStateError(ctx context.Context, tx *sqlx.Tx, orderID int64) error {
	var status string
	err := tx.GetContext(ctx, &status, `SELECT status FROM orders WHERE id = $1`, orderID)
	if err != nil {
		return wrap(err, "order %d", orderID)
	}
	return fmt.Errorf("store: order %d is %s: %w", orderID, status, ErrInvalidState)
}

func nullID(id int64) sql.NullInt64 { return sql.NullInt64{Int64: id, Valid: id > 0} }

// OrderPage is one page of orders.
type OrderPage struct {
	Items []Order
	PageInfo
}

// OrdersOfUser lists a user's orders, newest first, with what was
// delivered opened (the caller is the buyer).
func (s *DB) OrdersOfUser(ctx context.Context, userID int64, page Page) (OrderPage, error) {
	box, err := s.needBox()
	if err != nil {
		return OrderPage{}, err
	}
	pg := page.norm()
	var total int
	if err := s.db.GetContext(ctx, &total, `SELECT count(*) FROM orders WHERE user_id = $1`, userID); err != nil {
		return OrderPage{}, wrap(err, "count orders")
	}
	items := []Order{}
	err = s.db.SelectContext(ctx, &items, `SELECT `+orderColumns+` FROM orders
		WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
		userID, pg.PerPage, pg.offset())
	if err != nil {
		return OrderPage{}, wrap(err, "orders of user %d", userID)
	}
	for i := range items {
		if err := items[i].open(box); err != nil {
			return OrderPage{}, err
		}
	}
	return OrderPage{Items: items, PageInfo: pageInfo(pg, total)}, nil
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
