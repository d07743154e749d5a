package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jmoiron/sqlx"
)

// Review is a customer's rating of a completed order.
type Review struct {
	ID          int64     `db:"id"`
	UserID      int64     `db:"user_id"`
	Username    string    `db:"username"`
	OrderID     int64     `db:"order_id"`
	ProductID   *int64    `db:"product_id"`
	ProductName string    `db:"product_name"` // the order's snapshot
	Rating      int       `db:"rating"`
	Comment     string    `db:"comment"`
	CreatedAt   time.Time `db:"created_at"`
}

const reviewSelect = `
	SELECT r.id, r.user_id, u.username, r.order_id, r.product_id, o.product_name,
	       r.rating, r.comment, r.created_at
	FROM reviews r
	JOIN users u ON u.id = r.user_id
	JOIN orders o ON o.id = r.order_id`

// ErrAlreadyReviewed: the order has a review already (one per order).
var ErrAlreadyReviewed = fmt.Errorf("%w: this order has already been reviewed", ErrConflict)

// ErrNotReviewable: the order is not completed, so there is nothing to
// review yet (or any more).
var ErrNotReviewable = fmt.Errorf("%w: only a completed order can be reviewed", ErrInvalidState)

// ReviewFilter narrows Reviews: GameSlug "" lists every game's.
type ReviewFilter struct {
	GameSlug string
	Paging
}

// reviewOfGame matches the reviews of one game's products ($1 its slug, ”
// for all); a review whose product is gone shows only in the whole list.
const reviewOfGame = ` AND ($1::text = '' OR EXISTS (
	SELECT 1 FROM products p JOIN games g ON g.id = p.game_id WHERE p.id = r.product_id AND g.slug = $1))`

// Reviews lists the visible reviews, newest first.
func (s *DB) Reviews(ctx context.Context, f ReviewFilter) (Page[Review], error) {
	return selectPage[Review](ctx, s, f.Paging, "reviews", `SELECT count(*) FROM reviews r WHERE r.is_visible`+reviewOfGame, reviewSelect+`
		WHERE r.is_visible`+reviewOfGame+` ORDER BY r.created_at DESC, r.id DESC LIMIT $2 OFFSET $3`, f.GameSlug)
}

// MaxReviewComment is the longest review text, in characters.
const MaxReviewComment = 500

// CreateReview records a user's review of one of their completed orders.
// Someone else's or an unknown order is ErrNotFound; an order that is not
// completed ErrNotReviewable; a second review of one order
// ErrAlreadyReviewed; a rating outside 1–5 or a comment over
// MaxReviewComment characters ErrInvalid.
func (s *DB) CreateReview(ctx context.Context, userID, orderID int64, rating int, comment string) (Review, error) {
	comment = strings.TrimSpace(comment)
	if rating < 1 || rating > 5 {
		return Review{}, fmt.Errorf("store: review: rating %d: %w", rating, ErrInvalid)
	}
	if utf8.RuneCountInString(comment) > MaxReviewComment {
		return Review{}, fmt.Errorf("store: review: comment over %d characters: %w", MaxReviewComment, ErrInvalid)
	}
	var r Review
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		var o struct {
			Status    string `db:"status"`
			ProductID int64  `db:"product_id"`
		}
		// FOR SHARE: an admin cannot refund the order between this check and
		// the insert.
		err := tx.GetContext(ctx, &o, `SELECT status, product_id FROM orders
			WHERE id = $1 AND user_id = $2 FOR SHARE`, orderID, userID)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("store: review: order %d: %w", orderID, ErrNotFound)
		}
		if err != nil {
			return wrap(err, "review: order %d", orderID)
		}
		if o.Status != OrderCompleted {
			return fmt.Errorf("store: review: order %d is %s: %w", orderID, o.Status, ErrNotReviewable)
		}
		var id int64
		err = tx.GetContext(ctx, &id, `
			INSERT INTO reviews (user_id, order_id, product_id, rating, comment)
			VALUES ($1, $2, (SELECT id FROM products WHERE id = $3), $4, $5)
			RETURNING id`, userID, orderID, o.ProductID, rating, comment)
		var ce *ConflictError
		if err = mapErr(err); errors.As(err, &ce) && ce.Constraint == "reviews_order_key" {
			return fmt.Errorf("store: review: order %d: %w", orderID, ErrAlreadyReviewed)
		}
		if err != nil {
			return fmt.Errorf("store: create review: %w", err)
		}
		return wrap(tx.GetContext(ctx, &r, reviewSelect+` WHERE r.id = $1`, id), "review %d", id)
	})
	return r, err
}

// AdminReview is a review with its visibility, for moderation.
type AdminReview struct {
	Review
	IsVisible bool `db:"is_visible"`
}

// AdminReviews lists reviews, hidden ones too, newest first.
func (s *DB) AdminReviews(ctx context.Context, visible *bool, p Paging) (Page[AdminReview], error) {
	v := -1
	if visible != nil {
		v = 0
		if *visible {
			v = 1
		}
	}
	where := ` WHERE ($1::int = -1 OR r.is_visible = ($1 = 1))`
	return selectPage[AdminReview](ctx, s, p, "reviews", `SELECT count(*) FROM reviews r`+where, `
		SELECT r.id, r.user_id, u.username, r.order_id, r.product_id, o.product_name,
		       r.rating, r.comment, r.created_at, r.is_visible
		FROM reviews r JOIN users u ON u.id = r.user_id JOIN orders o ON o.id = r.order_id`+where+`
		ORDER BY r.created_at DESC, r.id DESC LIMIT $2 OFFSET $3`, v)
}

// SetReviewVisible hides or shows a review.
func (s *DB) SetReviewVisible(ctx context.Context, a Actor, id int64, visible bool, reason string) error {
	return s.WithTx(ctx, func(tx *sqlx.Tx) error {
		const snap = `SELECT jsonb_build_object('id', id, 'is_visible', is_visible, 'moderated_by', moderated_by) FROM reviews WHERE id = $1`
		before, err := rowJSON(ctx, tx, snap+` FOR UPDATE`, id)
		if err != nil {
			return err
		}
		if before == nil {
			return fmt.Errorf("store: review %d: %w", id, ErrNotFound)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE reviews SET is_visible = $2, moderated_by = $3 WHERE id = $1`, id, visible, nullID(a.ID)); err != nil {
			return wrap(err, "moderate review %d", id)
		}
		after, err := rowJSON(ctx, tx, snap, id)
		if err != nil {
			return err
		}
		action := "review.hide"
		if visible {
			action = "review.show"
		}
		return writeAudit(ctx, tx, a, auditRecord{Action: action, TargetType: "review", TargetID: id, Before: before, After: after, Reason: reason})
	})
}
