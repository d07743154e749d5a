package store

import (
	"context"
	"encoding/json"

	"github.com/jmoiron/sqlx"
)

// Catalogue administration: services, games, products, payment methods and
// banners are edited through one generic create and update, each change
// audited in its transaction. Rows are switched off (is_active) rather than
// deleted: orders and top-ups point at them. Banners, which nothing points
// at, can be deleted. Each table's definition sits in its resource's file
// (services.go, games.go, products.go, payment_methods.go, banners.go).

// table describes one catalogue table for the generic create and update.
type table[T any] struct {
	name, target string
	columns      string // selected into T
	// insert and update write the editable columns of v.
	insert string
	update string
	args   func(v *T) []any // arguments of insert ($1…) and update ($2…, $1 = id)
	id     func(v *T) int64
	// get reads one row into T; nil is sqlx.GetContext (see scan.go for
	// the record types that need more).
	get func(ctx context.Context, q sqlx.QueryerContext, query string, args ...any) (T, error)
	// check runs inside the transaction before the write (e.g. a service's
	// kind may not change under its products).
	check func(ctx context.Context, tx *sqlx.Tx, before, after *T) error
}

func (t table[T]) read(ctx context.Context, tx *sqlx.Tx, dst *T, query string, args ...any) error {
	if t.get == nil {
		return tx.GetContext(ctx, dst, query, args...)
	}
	v, err := t.get(ctx, tx, query, args...)
	if err == nil {
		*dst = v
	}
	return err
}

func (t table[T]) snapshot(ctx context.Context, tx *sqlx.Tx, id int64) (json.RawMessage, error) {
	return rowJSON(ctx, tx, `SELECT to_jsonb(x) FROM `+t.name+` x WHERE id = $1`, id)
}

func adminCreate[T any](ctx context.Context, s *DB, a Actor, t table[T], v T) (T, error) {
	var out T
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		if t.check != nil {
			if err := t.check(ctx, tx, nil, &v); err != nil {
				return err
			}
		}
		if err := t.read(ctx, tx, &out, t.insert+` RETURNING `+t.columns, t.args(&v)...); err != nil {
			return wrap(err, "create %s", t.target)
		}
		after, err := t.snapshot(ctx, tx, t.id(&out))
		if err != nil {
			return err
		}
		return writeAudit(ctx, tx, a, auditRecord{Action: t.target + ".create", TargetType: t.target, TargetID: t.id(&out), After: after})
	})
	return out, err
}

func adminUpdate[T any](ctx context.Context, s *DB, a Actor, t table[T], id int64, edit func(*T) error) (T, error) {
	var out T
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		var cur T
		err := t.read(ctx, tx, &cur, `SELECT `+t.columns+` FROM `+t.name+` WHERE id = $1 FOR UPDATE`, id)
		if err != nil {
			return wrap(err, "%s %d", t.target, id)
		}
		before, err := t.snapshot(ctx, tx, id)
		if err != nil {
			return err
		}
		next := cur
		if err := edit(&next); err != nil {
			return err
		}
		if t.check != nil {
			if err := t.check(ctx, tx, &cur, &next); err != nil {
				return err
			}
		}
		args := append([]any{id}, t.args(&next)...)
		if err := t.read(ctx, tx, &out, t.update+` WHERE id = $1 RETURNING `+t.columns, args...); err != nil {
			return wrap(err, "update %s %d", t.target, id)
		}
		after, err := t.snapshot(ctx, tx, id)
		if err != nil {
			return err
		}
		return writeAudit(ctx, tx, a, auditRecord{Action: t.target + ".update", TargetType: t.target, TargetID: id, Before: before, After: after})
	})
	return out, err
}
