package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"

	"topup/internal/i18n"
	"topup/internal/secret"
)

// Delivery of code and account orders inside the purchase transaction:
// what the buyer receives is sealed into orders.meta.

// delivery is the sealed JSON kept in orders.meta: what the buyer received.
type delivery struct {
	*Credentials
	Code string `json:"code,omitempty"`
}

func (s *DB) deliverAccount(ctx context.Context, tx *sqlx.Tx, box *secret.Box, o Order) (Order, error) {
	sealed, err := readCredentials(ctx, tx, o.ProductID)
	if errors.Is(err, sql.ErrNoRows) {
		// Selling an account without its login would take money for
		// nothing: refuse the whole order.
		return Order{}, fmt.Errorf("store: order: account %d has no credentials: %w", o.ProductID, ErrSoldOut)
	}
	if err != nil {
		return Order{}, wrap(err, "order: credentials of %d", o.ProductID)
	}
	c, err := sealed.open(box)
	if err != nil {
		return Order{}, fmt.Errorf("store: order: credentials of %d: %w", o.ProductID, err)
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
		BodyText:  i18n.T(i18n.CodeDeliveredBody, "product", o.ProductName, "game", o.GameName),
		ProductID: o.ProductID,
		OrderID:   o.ID,
		Sealed:    true,
	})
	return o, err
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
