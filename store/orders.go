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

	"topup/secret"
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

// PlaceOrder buys a product for a user in one transaction: it charges price
// + ServiceCharge through the ledger (never below zero), writes the order
// with a snapshot of the product, delivers by kind and queues the events the
// browser must see. It returns the order with what was delivered:
//
//   - account: the product is marked sold (once, ever); Credentials are
//     returned and kept sealed in the order's meta; the order is completed.
//   - code: one code is claimed (FOR UPDATE SKIP LOCKED) and returned as
//     Code, kept sealed in meta and sent as a message whose title is the
//     code; the order is completed.
//   - coin: gameUID must be numeric, and serverID too when the game uses
//     one; the order stays pending for an admin to fulfil.
//
// Errors: ErrNotFound, ErrProductInactive, ErrSoldOut, *GameInfoError,
// *InsufficientFundsError, ErrBanned, ErrIdempotencyMismatch.
//
// idempotencyKey (optional, at most 255 bytes): the first request with a key
// that succeeded is the answer to every later request with that key, which
// gets the same order (same id, same credentials or code, its current
// status) and replayed = true, and is charged nothing. The order row itself
// is the stored result: the key is UNIQUE per user on orders, so two
// concurrent requests with one key cannot both charge. A request that
// failed (insufficient funds, sold out) leaves nothing behind, so retrying
// it with the same key after a top-up tries again, which is what a customer
// expects.
func (s *DB) PlaceOrder(ctx context.Context, userID, productID int64, gameUID, serverID, idempotencyKey string) (o Order, replayed bool, err error) {
	box, err := s.needBox()
	if err != nil {
		return Order{}, false, err
	}
	if len(idempotencyKey) > 255 {
		return Order{}, false, fmt.Errorf("store: order: idempotency key longer than 255 bytes: %w", ErrInvalid)
	}
	if idempotencyKey != "" {
		if o, ok, err := s.orderByKey(ctx, box, userID, idempotencyKey, productID, gameUID, serverID); err != nil || ok {
			return o, ok, err
		}
	}
	err = s.WithTx(ctx, func(tx *sqlx.Tx) error {
		var err error
		o, err = s.placeOrder(ctx, tx, box, userID, productID, gameUID, serverID, idempotencyKey)
		return err
	})
	if err != nil && idempotencyKey != "" {
		// A concurrent request with the same key may have committed first:
		// our INSERT then hit orders_idempotency_key, or an account's sold
		// flag. Its order is the answer.
		if ro, ok, rerr := s.orderByKey(ctx, box, userID, idempotencyKey, productID, gameUID, serverID); rerr == nil && ok {
			return ro, true, nil
		} else if errors.Is(rerr, ErrIdempotencyMismatch) {
			return Order{}, false, rerr
		}
	}
	if err != nil {
		return Order{}, false, err
	}
	return o, false, nil
}

// orderByKey finds the order a user placed with an idempotency key; ok is
// false when there is none. A different product or game info for the same
// key is ErrIdempotencyMismatch.
func (s *DB) orderByKey(ctx context.Context, box *secret.Box, userID int64, key string, productID int64, gameUID, serverID string) (Order, bool, error) {
	var o Order
	err := s.db.GetContext(ctx, &o, `SELECT `+orderColumns+` FROM orders
		WHERE user_id = $1 AND idempotency_key = $2`, userID, key)
	if errors.Is(err, sql.ErrNoRows) {
		return Order{}, false, nil
	}
	if err != nil {
		return Order{}, false, wrap(err, "order by idempotency key")
	}
	same := o.ProductID == productID
	if same && o.ProductKind == KindCoin {
		// Compare as stored: normalised, and server_id only where the game
		// asked for one.
		same = o.GameUID == asciiDigits(gameUID) && (o.ServerID == "" || o.ServerID == asciiDigits(serverID))
	}
	if !same {
		return Order{}, false, fmt.Errorf("store: order %d: %w", o.ID, ErrIdempotencyMismatch)
	}
	if err := o.open(box); err != nil {
		return Order{}, false, err
	}
	return o, true, nil
}

func (s *DB) placeOrder(ctx context.Context, tx *sqlx.Tx, box *secret.Box, userID, productID int64, gameUID, serverID, key string) (Order, error) {
	var p Product
	if err := tx.GetContext(ctx, &p, productSelect+` WHERE p.id = $1`, productID); err != nil {
		return Order{}, wrap(err, "order: product %d", productID)
	}
	// No row lock on coin and code products: the FK from orders takes a
	// KEY SHARE lock, and an admin switching a product off at this very
	// moment lets this one order through, as if it had come a moment
	// earlier.
	if !p.IsActive {
		return Order{}, fmt.Errorf("store: order: product %d: %w", productID, ErrProductInactive)
	}
	uid, server, err := gameInfo(p, gameUID, serverID)
	if err != nil {
		return Order{}, err
	}
	switch {
	case p.Kind == KindAccount:
		// Compare-and-set before anything else, so that of many buyers of
		// one account the losers wait here on the row lock and then leave
		// without having touched their wallets. The partial unique index
		// orders_account_once backs this up.
		res, err := tx.ExecContext(ctx, `UPDATE products SET is_sold = true
			WHERE id = $1 AND NOT is_sold AND is_active`, p.ID)
		if err != nil {
			return Order{}, wrap(err, "order: sell account %d", p.ID)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return Order{}, fmt.Errorf("store: order: account %d: %w", p.ID, ErrSoldOut)
		}
	case p.IsSold:
		return Order{}, fmt.Errorf("store: order: product %d: %w", p.ID, ErrSoldOut)
	}

	total := p.Price + ServiceCharge
	var nkey sql.NullString
	if key != "" {
		nkey = sql.NullString{String: key, Valid: true}
	}
	var o Order
	err = tx.GetContext(ctx, &o, `
		INSERT INTO orders (user_id, product_id, product_name, product_kind, service_name, game_name,
			price, service_charge, total_price, game_uid, server_id, idempotency_key)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
		RETURNING `+orderColumns,
		userID, p.ID, p.Name, p.Kind, p.ServiceName, p.GameName, p.Price, ServiceCharge, total, uid, server, nkey)
	if err = mapErr(err); err != nil {
		var ce *ConflictError
		if errors.As(err, &ce) && ce.Constraint == "orders_account_once" {
			return Order{}, fmt.Errorf("store: order: account %d: %w", p.ID, ErrSoldOut)
		}
		return Order{}, fmt.Errorf("store: order: insert: %w", err)
	}

	debit, err := postLedger(ctx, tx, LedgerEntry{
		UserID: userID, Amount: -total, Kind: LedgerOrder, Reference: orderReference(o.ID),
		ActorID: sql.NullInt64{Int64: userID, Valid: true},
	})
	if errors.Is(err, ErrInsufficientFunds) {
		var balance int64
		if err := tx.GetContext(ctx, &balance, `SELECT wallet_amount FROM users WHERE id = $1`, userID); err != nil {
			return Order{}, wrap(err, "order: balance")
		}
		return Order{}, &InsufficientFundsError{Required: total, Balance: balance, Shortfall: total - balance}
	}
	if err != nil {
		return Order{}, err
	}
	// The debit locked the user's row, so its answer is the state we commit.
	u := debit.User
	if u.IsBanned {
		return Order{}, fmt.Errorf("store: order: user %d: %w", userID, ErrBanned)
	}

	switch p.Kind {
	case KindAccount:
		if o, err = s.deliverAccount(ctx, tx, box, o); err != nil {
			return Order{}, err
		}
	case KindCode:
		if o, err = s.deliverCode(ctx, tx, box, o, p); err != nil {
			return Order{}, err
		}
	}

	ev := OrderEventPayload{Order: eventOrder(o, p.ServiceName)}
	err = s.enqueue(ctx, tx, walletUpdated(u),
		outgoing{channels: []string{UserChannel(userID)}, event: EventOrderUpdated, payload: ev},
		outgoing{channels: []string{ChannelAdmins}, event: EventOrderCreated, payload: ev})
	if err != nil {
		return Order{}, err
	}
	return o, nil
}

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
	if !numeric(uid, 32) {
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
	if !numeric(server, 16) {
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
	return completeWith(ctx, tx, box, o, delivery{Credentials: &c})
}

func (s *DB) deliverCode(ctx context.Context, tx *sqlx.Tx, box *secret.Box, o Order, p Product) (Order, error) {
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
	o, err = completeWith(ctx, tx, box, o, delivery{Code: string(code)})
	if err != nil {
		return Order{}, err
	}
	_, err = s.insertMessage(ctx, tx, NewMessage{
		UserID:    o.UserID,
		Title:     string(code),
		Body:      codeMessageBody(p),
		ProductID: p.ID,
		OrderID:   o.ID,
		Sealed:    true,
	})
	return o, err
}

func codeMessageBody(p Product) string {
	return fmt.Sprintf("Your %s code (order for %s). Tap the code to copy it and redeem it in %s. "+
		"Codes are single-use.", p.Name, p.GameName, p.GameName)
}

// completeWith seals d into the order's meta and marks it completed.
func completeWith(ctx context.Context, tx *sqlx.Tx, box *secret.Box, o Order, d delivery) (Order, error) {
	plain, err := json.Marshal(d)
	if err != nil {
		return Order{}, fmt.Errorf("store: order %d meta: %w", o.ID, err)
	}
	var out Order
	err = tx.GetContext(ctx, &out, `UPDATE orders SET status = 'completed', completed_at = now(), meta = $2
		WHERE id = $1 RETURNING `+orderColumns, o.ID, box.Seal(plain))
	if err != nil {
		return Order{}, wrap(err, "order %d: complete", o.ID)
	}
	out.Credentials, out.Code = d.Credentials, d.Code
	return out, nil
}

func eventOrder(o Order, serviceName string) EventOrder {
	return EventOrder{
		ID: o.ID, UserID: o.UserID,
		Product:     EventProduct{ID: o.ProductID, Name: o.ProductName, Service: EventService{Name: serviceName}},
		ProductKind: o.ProductKind, Price: o.Price, ServiceCharge: o.ServiceCharge, TotalPrice: o.TotalPrice,
		PaymentStatus: o.Status, GameUID: o.GameUID, ServerID: o.ServerID,
		CreatedAt: o.CreatedAt, UpdatedAt: o.UpdatedAt,
	}
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
		return s.orderUpdated(ctx, tx, o)
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
		var u User
		if o.TotalPrice > 0 {
			refund, err := postLedger(ctx, tx, LedgerEntry{
				UserID: o.UserID, Amount: o.TotalPrice, Kind: LedgerRefund, Reference: orderReference(o.ID),
				ActorID: nullID(actorID), Reason: sql.NullString{String: reason, Valid: true},
			})
			if err != nil {
				return err
			}
			u = refund.User
		} else if err := tx.GetContext(ctx, &u, `SELECT `+userColumns+` FROM users WHERE id = $1`, o.UserID); err != nil {
			return wrap(err, "fail order: user %d", o.UserID)
		}
		if err := s.walletEvent(ctx, tx, u); err != nil {
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
		return s.orderUpdated(ctx, tx, o)
	})
	return o, err
}

func serverSuffix(o Order) string {
	if o.ServerID == "" {
		return ""
	}
	return " (server " + o.ServerID + ")"
}

// orderUpdated announces an order's new state to its buyer and to admins.
func (s *DB) orderUpdated(ctx context.Context, tx *sqlx.Tx, o Order) error {
	var serviceName string
	err := tx.GetContext(ctx, &serviceName, `SELECT sv.name FROM products p
		JOIN services sv ON sv.id = p.service_id WHERE p.id = $1`, o.ProductID)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return wrap(err, "order %d service", o.ID)
	}
	if serviceName == "" {
		serviceName = o.ServiceName
	}
	return s.enqueue(ctx, tx, outgoing{channels: []string{UserChannel(o.UserID), ChannelAdmins},
		event: EventOrderUpdated, payload: OrderEventPayload{Order: eventOrder(o, serviceName)}})
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
