package store

import (
	"context"

	"github.com/jmoiron/sqlx"
)

// Exported store types hold plain Go values (*string, *time.Time,
// []string), never driver types: nullable columns scan straight into
// pointer fields, and the few columns the driver cannot scan into a plain
// type (PostgreSQL arrays) go through an unexported record type that holds
// the driver's type and converts.

// record is such a scan type for T.
type record[T any] interface{ value() T }

// getRecord reads one row through the record type R.
func getRecord[R record[T], T any](ctx context.Context, q sqlx.QueryerContext, query string, args ...any) (T, error) {
	var r R
	if err := sqlx.GetContext(ctx, q, &r, query, args...); err != nil {
		var zero T
		return zero, err
	}
	return r.value(), nil
}

// values converts scanned records, keeping an empty list non-nil.
func values[R record[T], T any](rs []R) []T {
	out := make([]T, len(rs))
	for i, r := range rs {
		out[i] = r.value()
	}
	return out
}

// pageValues converts a page of records.
func pageValues[R record[T], T any](p Page[R], err error) (Page[T], error) {
	if err != nil {
		return Page[T]{}, err
	}
	return Page[T]{Items: values[R, T](p.Items), PageInfo: p.PageInfo}, nil
}

// ptr returns a pointer to a copy of v.
func ptr[T any](v T) *T { return &v }

// optionalID is id, or nil for 0 (nobody: the system).
func optionalID(id int64) *int64 {
	if id <= 0 {
		return nil
	}
	return &id
}

// optionalString is s, or nil when empty.
func optionalString(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// deref is *p, or the zero value for nil.
func deref[T any](p *T) T {
	if p == nil {
		var zero T
		return zero
	}
	return *p
}
