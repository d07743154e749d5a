package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
)

// Banner is a promotion on the home page.
type Banner struct {
	ID       int64      `db:"id"`
	Title    string     `db:"title"`
	TitleMy  string     `db:"title_my"`
	ImageURL string     `db:"image_url"`
	Link     string     `db:"link"`
	StartsAt *time.Time `db:"starts_at"`
	EndsAt   *time.Time `db:"ends_at"`
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

// BannerRow is a banner as the admin edits it.
type BannerRow struct {
	ID        int64      `db:"id"`
	Title     string     `db:"title"`
	TitleMy   string     `db:"title_my"`
	ImageURL  string     `db:"image_url"`
	Link      string     `db:"link"`
	IsActive  bool       `db:"is_active"`
	Sort      int        `db:"sort"`
	StartsAt  *time.Time `db:"starts_at"`
	EndsAt    *time.Time `db:"ends_at"`
	CreatedAt time.Time  `db:"created_at"`
	UpdatedAt time.Time  `db:"updated_at"`
}

const bannerColumns = `id, title, title_my, image_url, link, is_active, sort, starts_at, ends_at, created_at, updated_at`

var bannerTable = table[BannerRow]{
	name: "banners", target: "banner", columns: bannerColumns,
	insert: `INSERT INTO banners (title, title_my, image_url, link, is_active, sort, starts_at, ends_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
	update: `UPDATE banners SET title = $2, title_my = $3, image_url = $4, link = $5, is_active = $6, sort = $7,
		starts_at = $8, ends_at = $9`,
	args: func(v *BannerRow) []any {
		return []any{v.Title, v.TitleMy, v.ImageURL, v.Link, v.IsActive, v.Sort, v.StartsAt, v.EndsAt}
	},
	id: func(v *BannerRow) int64 { return v.ID },
}

// AdminBanners lists every banner.
func (s *DB) AdminBanners(ctx context.Context) ([]BannerRow, error) {
	list := []BannerRow{}
	err := s.db.SelectContext(ctx, &list, `SELECT `+bannerColumns+` FROM banners ORDER BY sort, id`)
	return list, wrap(err, "banners")
}

// CreateBanner adds a banner.
func (s *DB) CreateBanner(ctx context.Context, a Actor, v BannerRow) (BannerRow, error) {
	return adminCreate(ctx, s, a, bannerTable, v)
}

// UpdateBanner edits a banner.
func (s *DB) UpdateBanner(ctx context.Context, a Actor, id int64, edit func(*BannerRow) error) (BannerRow, error) {
	return adminUpdate(ctx, s, a, bannerTable, id, edit)
}

// DeleteBanner removes a banner.
func (s *DB) DeleteBanner(ctx context.Context, a Actor, id int64) error {
	return s.WithTx(ctx, func(tx *sqlx.Tx) error {
		before, err := rowJSON(ctx, tx, `SELECT to_jsonb(x) FROM banners x WHERE id = $1 FOR UPDATE`, id)
		if err != nil {
			return err
		}
		if before == nil {
			return fmt.Errorf("store: banner %d: %w", id, ErrNotFound)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM banners WHERE id = $1`, id); err != nil {
			return wrap(err, "delete banner %d", id)
		}
		return writeAudit(ctx, tx, a, auditRecord{Action: "banner.delete", TargetType: "banner", TargetID: id, Before: before})
	})
}
