package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"topup/internal/contract"
	"topup/internal/i18n"
	"topup/internal/secret"
)

// purchaseSQL is a whole purchase but its delivery, in one statement, so a
// coin order costs one round trip (docs/benchmarks.md):
//
//	p     the product, if it can be sold to this game info (coin), is not
//	      sold (account) or has a code left (code); with $7 only a coin
//	      product, which needs no delivery and so no transaction around it
//	sold  an account's compare-and-set, before the wallet is touched, so of
//	      many buyers the losers wait on the product's row lock and leave
//	      without having touched their wallets (orders_account_once backs
//	      it up)
//	w     the conditional debit: never below zero, never a banned user;
//	      it locks the user's row before the ledger row takes its id, so
//	      ledger ids follow balance order
//	o     the order with a snapshot of the product. Accounts and codes are
//	      delivered in the same transaction or not sold at all, so they
//	      are born completed; coin orders wait for an admin
//	l     the ledger row (the reference format is orderReference's)
//	ord   the order's event payload, built once (MATERIALIZED: inlined,
//	      it would be built for each event that carries it)
//	e     user.updated (the new balance), order.updated for the buyer and
//	      order.created for admins, built by the database's event_user and
//	      event_order (migration 00007)
//
// Every write hangs off w, so when the statement answers no row nothing was
// written but, for an account, its sold flag: that path always runs inside
// a transaction, which the caller rolls back before asking why.
//
// $1 user, $2 product, $3 game uid and $4 server id (digits, or NULL when
// not valid), $5 idempotency key, $6 the user's channels, $7 coin only,
// $8 the total the customer was shown (0: not checked).
var purchaseSQL = `
WITH p AS (
	SELECT p.id, p.name, sv.kind, sv.name AS service_name, g.name AS game_name, p.price, g.uses_server_id
	FROM products p
	JOIN games g ON g.id = p.game_id
	JOIN services sv ON sv.id = p.service_id
	WHERE p.id = $2 AND p.is_active AND g.is_active AND sv.is_active
	  AND (sv.kind = 'coin' OR NOT $7::boolean)
	  AND ($8::bigint = 0 OR p.price + ` + sqlServiceCharge + ` = $8)
	  AND CASE sv.kind
	      WHEN 'coin' THEN $3::text IS NOT NULL AND ($4::text IS NOT NULL OR NOT g.uses_server_id)
	      WHEN 'account' THEN NOT p.is_sold
	      ELSE EXISTS (SELECT 1 FROM redeem_codes rc WHERE rc.product_id = p.id AND rc.claimed_by_order_id IS NULL)
	      END
), sold AS (
	UPDATE products SET is_sold = true
	FROM p WHERE products.id = p.id AND p.kind = 'account' AND NOT products.is_sold AND products.is_active
	RETURNING products.id
), ok AS (
	SELECT p.* FROM p WHERE p.kind <> 'account' OR EXISTS (SELECT 1 FROM sold)
), w AS (
	UPDATE users u SET wallet_amount = u.wallet_amount - (ok.price + ` + sqlServiceCharge + `)
	FROM ok
	WHERE u.id = $1 AND NOT u.is_banned AND u.wallet_amount >= ok.price + ` + sqlServiceCharge + `
	RETURNING u
), o AS (
	INSERT INTO orders AS o (user_id, product_id, product_name, product_kind, service_name, game_name,
		price, service_charge, total_price, game_uid, server_id, idempotency_key, status, completed_at)
	SELECT (w.u).id, ok.id, ok.name, ok.kind, ok.service_name, ok.game_name,
		ok.price, ` + sqlServiceCharge + `, ok.price + ` + sqlServiceCharge + `,
		CASE WHEN ok.kind = 'coin' THEN $3 ELSE '' END,
		CASE WHEN ok.kind = 'coin' AND ok.uses_server_id THEN $4 ELSE '' END,
		$5,
		CASE WHEN ok.kind = 'coin' THEN '` + OrderPending + `' ELSE '` + OrderCompleted + `' END,
		CASE WHEN ok.kind = 'coin' THEN NULL ELSE now() END
	FROM w, ok
	RETURNING o
), l AS (
	INSERT INTO wallet_ledger (user_id, amount, balance_after, kind, reference, actor_id)
	SELECT (w.u).id, -(o.o).total_price, (w.u).wallet_amount, '` + LedgerOrder + `', 'order:' || (o.o).id, (w.u).id
	FROM w, o
	RETURNING id
), ord AS MATERIALIZED (
	SELECT jsonb_build_object('order', event_order(o.o)) AS payload FROM o
), e AS (
	INSERT INTO outbox (channels, event, payload)
	SELECT ev.channels, ev.event, ev.payload
	FROM w, ord, LATERAL (VALUES
		($6::text[], '` + EventUserUpdated + `', jsonb_build_object('updateType', '` + contract.UpdateWallet + `', 'user', event_user(w.u))),
		($6::text[], '` + EventOrderUpdated + `', ord.payload),
		(ARRAY['` + ChannelAdmins + `'], '` + EventOrderCreated + `', ord.payload)
	) AS ev (channels, event, payload)
)
SELECT ` + aliased("(o.o)", "o", orderColumns) + `, ` + aliased("(w.u)", "u", userColumns) + `
FROM o, w, l`

var sqlServiceCharge = strconv.FormatInt(ServiceCharge, 10)

// purchased is what purchaseSQL answers: the new order and its buyer as
// the debit left them.
type purchased struct {
	Order Order `db:"o"`
	User  User  `db:"u"`
}

// PlaceOrder buys a product for a user: it charges price + ServiceCharge
// through the ledger (never below zero), writes the order with a snapshot
// of the product, delivers by kind and queues the events the browser must
// see, all in one transaction. It returns the order with what was
// delivered:
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
// is the stored result: the key is UNIQUE per user on orders, so a repeated
// key cannot charge twice — the purchase that repeats it fails on that
// constraint, as a whole, and the first order is the answer. A request that
// failed (insufficient funds, sold out) leaves nothing behind, so retrying
// it with the same key after a top-up tries again, which is what a customer
// expects.
func (s *DB) PlaceOrder(ctx context.Context, userID, productID int64, gameUID, serverID, idempotencyKey string) (o Order, replayed bool, err error) {
	return s.PlaceOrderAt(ctx, userID, productID, gameUID, serverID, idempotencyKey, 0)
}

// PlaceOrderAt is PlaceOrder that buys only at the total (price + service
// charge) the customer was shown: when the price changed in between,
// nothing is bought and the error is a *PriceChangedError with the new
// price. shownTotal 0 checks nothing. The check is inside the purchase
// statement, so a price edit cannot slip between the check and the debit.
func (s *DB) PlaceOrderAt(ctx context.Context, userID, productID int64, gameUID, serverID, idempotencyKey string, shownTotal int64) (o Order, replayed bool, err error) {
	box, err := s.needBox()
	if err != nil {
		return Order{}, false, err
	}
	if len(idempotencyKey) > 255 {
		return Order{}, false, fmt.Errorf("store: order: idempotency key longer than 255 bytes: %w", ErrInvalid)
	}
	o, err = s.placeOrder(ctx, box, userID, productID, gameUID, serverID, idempotencyKey, shownTotal)
	if err != nil && idempotencyKey != "" {
		// The key may have been used before (the purchase then failed on
		// orders_idempotency_key, or found the account sold or the wallet
		// spent by that very order). Its order is the answer.
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

// purchaseAttempts bounds the retries when a purchase bought nothing yet
// nothing explains why: the product or the wallet changed between the
// purchase and the look that followed it.
const purchaseAttempts = 3

func (s *DB) placeOrder(ctx context.Context, box *secret.Box, userID, productID int64, gameUID, serverID, key string, shownTotal int64) (Order, error) {
	stmt, err := s.prepared(ctx, purchaseSQL)
	if err != nil {
		return Order{}, err
	}
	args := purchaseArgs(userID, productID, gameUID, serverID, key)

	// A coin order needs no delivery: the statement alone is the whole
	// purchase, committed on its own. Any other product answers no row
	// here (one cheap round trip, stopped at the product) and is bought
	// below.
	var got purchased
	err = stmt.GetContext(ctx, &got, append(args, true, shownTotal)...)
	if err == nil {
		got.Order.WalletAfter = &got.User.WalletAmount
		return got.Order, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return Order{}, wrap(err, "order: product %d", productID)
	}

	// Anything else is bought in a transaction, which a refusal rolls back.
	for range purchaseAttempts {
		var o Order
		err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
			err := tx.StmtxContext(ctx, stmt).GetContext(ctx, &got, append(args, false, shownTotal)...)
			if errors.Is(err, sql.ErrNoRows) {
				return errRetry
			}
			if err != nil {
				return wrap(err, "order: product %d", productID)
			}
			o, err = s.deliver(ctx, tx, box, got.Order)
			o.WalletAfter = &got.User.WalletAmount
			return err
		})
		if errors.Is(err, errRetry) {
			// Asked after the rollback: inside, an account this very
			// statement marked sold would look sold out to its buyer.
			if refused := purchaseRefusal(ctx, s.db, userID, productID, gameUID, serverID, shownTotal); refused != nil {
				return Order{}, refused
			}
			continue
		}
		if err != nil {
			return Order{}, err
		}
		return o, nil
	}
	return Order{}, fmt.Errorf("store: order: product %d or the wallet kept changing: %w", productID, ErrConflict)
}

// errRetry rolls back a purchase that bought nothing.
var errRetry = errors.New("store: purchase bought nothing")

func purchaseArgs(userID, productID int64, gameUID, serverID, key string) []any {
	var nkey sql.NullString
	if key != "" {
		nkey = sql.NullString{String: key, Valid: true}
	}
	return []any{userID, productID, gameIDArg(gameUID, maxGameUID), gameIDArg(serverID, maxServerID),
		nkey, pq.Array([]string{UserChannel(userID)})}
}

// gameIDArg is a game id as stored (see gameInfo), or NULL when it is not
// one: purchaseSQL then sells no coin product, and purchaseRefusal says
// which field is at fault.
func gameIDArg(raw string, max int) sql.NullString {
	d := asciiDigits(raw)
	return sql.NullString{String: d, Valid: numeric(d, max)}
}

// deliver hands over what an account or code order bought, inside the
// purchase's transaction; a coin order is delivered later by an admin.
func (s *DB) deliver(ctx context.Context, tx *sqlx.Tx, box *secret.Box, o Order) (Order, error) {
	switch o.ProductKind {
	case KindAccount:
		return s.deliverAccount(ctx, tx, box, o)
	case KindCode:
		return s.deliverCode(ctx, tx, box, o)
	}
	return o, nil
}

// purchaseRefusal says why purchaseSQL bought nothing, in the order a
// customer should hear it, or nil when nothing explains it any more.
func purchaseRefusal(ctx context.Context, q sqlx.QueryerContext, userID, productID int64, gameUID, serverID string, shownTotal int64) error {
	p, err := getRecord[productRecord](ctx, q, productSelect+` WHERE p.id = $1`, productID)
	if err != nil {
		return wrap(err, "order: product %d", productID)
	}
	if !p.IsActive {
		return fmt.Errorf("store: order: product %d: %w", productID, ErrProductInactive)
	}
	if total := p.Price + ServiceCharge; shownTotal != 0 && shownTotal != total {
		return &PriceChangedError{Price: p.Price, ServiceCharge: ServiceCharge, Total: total}
	}
	if _, _, err := gameInfo(p, gameUID, serverID); err != nil {
		return err
	}
	if p.IsSold {
		return fmt.Errorf("store: order: product %d: %w", productID, ErrSoldOut)
	}
	var u struct {
		Wallet int64 `db:"wallet_amount"`
		Banned bool  `db:"is_banned"`
	}
	if err := sqlx.GetContext(ctx, q, &u, `SELECT wallet_amount, is_banned FROM users WHERE id = $1`, userID); err != nil {
		return wrap(err, "order: user %d", userID)
	}
	if u.Banned {
		return fmt.Errorf("store: order: user %d: %w", userID, ErrBanned)
	}
	if total := p.Price + ServiceCharge; u.Wallet < total {
		return &InsufficientFundsError{Required: total, Balance: u.Wallet, Shortfall: total - u.Wallet}
	}
	return nil
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
		return "", "", &GameInfoError{Field: "game_uid", Code: i18n.GameUIDRequired}
	}
	if !numeric(uid, maxGameUID) {
		return "", "", &GameInfoError{Field: "game_uid", Code: i18n.GameUIDNumeric}
	}
	if !p.UsesServerID {
		// The client hides the field for such games (pubg-coin); whatever
		// it sends is not part of the order.
		return uid, "", nil
	}
	server = asciiDigits(serverID)
	if server == "" {
		return "", "", &GameInfoError{Field: "server_id", Code: i18n.ServerIDRequired}
	}
	if !numeric(server, maxServerID) {
		return "", "", &GameInfoError{Field: "server_id", Code: i18n.ServerIDNumeric}
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
