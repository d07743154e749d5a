package store

import (
	"context"
	"database/sql"
	"errors"
)

// Banner is a promotion on the home page.
type Banner struct {
	ID       int64        `db:"id"`
	Title    string       `db:"title"`
	TitleMy  string       `db:"title_my"`
	ImageURL string       `db:"image_url"`
	Link     string       `db:"link"`
	StartsAt sql.NullTime `db:"starts_at"`
	EndsAt   sql.NullTime `db:"ends_at"`
}

// ActiveBanner returns the banner to show now: active, inside its optional
// time window, first in the admin's order. ok is false when there is none.
func (s *DB) ActiveBanner(ctx context.Context) (b Banner, ok bool, err error) {
	err = s.db.GetContext(ctx, &b, `
		SELECT id, title, title_my, image_url, link, starts_at, ends_at
		FROM banners
		WHERE is_active
		  AND (starts_at IS NULL OR starts_at <= now())
		  AND (ends_at IS NULL OR ends_at > now())
		ORDER BY sort, id LIMIT 1`)
	if errors.Is(err, sql.ErrNoRows) {
		return Banner{}, false, nil
	}
	if err != nil {
		return Banner{}, false, wrap(err, "active banner")
	}
	return b, true, nil
}
