package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"strings"

	"github.com/lib/pq"
)

// Product is an item for sale with its game and service, as the catalogue
// shows it.
type Product struct {
	ID              int64          `db:"id"`
	GameID          int64          `db:"game_id"`
	GameName        string         `db:"game_name"`
	GameNameMy      string         `db:"game_name_my"`
	GameSlug        string         `db:"game_slug"`
	UsesServerID    bool           `db:"uses_server_id"`
	ServiceID       int64          `db:"service_id"`
	ServiceName     string         `db:"service_name"`
	ServiceSlug     string         `db:"service_slug"`
	Kind            string         `db:"kind"` // the service's: coin, code or account
	Name            string         `db:"name"`
	NameMy          string         `db:"name_my"`
	Description     string         `db:"description"`
	ImgURL          string         `db:"img_url"`
	PreviewImg      pq.StringArray `db:"preview_img"`
	Price           int64          `db:"price"`
	FakePrice       sql.NullInt64  `db:"fake_price"`
	DiscountPercent int            `db:"discount_percent"`
	// IsSold: an account that is sold, or a code product with no stock left.
	IsSold    bool            `db:"is_sold"`
	IsPopular bool            `db:"is_popular"`
	IsActive  bool            `db:"is_active"` // product, game and service all active
	Data      json.RawMessage `db:"data"`
}

// productSelect reads Product from products p joined with games g and
// services sv. A code product counts as sold when no unclaimed code is left
// (an index-only probe of redeem_codes_unclaimed_idx), so the list shows
// "Sold Out" before anyone pays for nothing.
const productSelect = `
	SELECT p.id, p.game_id, g.name AS game_name, g.name_my AS game_name_my, g.slug AS game_slug,
	       g.uses_server_id, p.service_id, sv.name AS service_name, sv.slug AS service_slug, sv.kind,
	       p.name, p.name_my, p.description, p.img_url, p.preview_img, p.price, p.fake_price,
	       p.discount_percent,
	       CASE WHEN sv.kind = 'code'
	            THEN NOT EXISTS (SELECT 1 FROM redeem_codes rc
	                             WHERE rc.product_id = p.id AND rc.claimed_by_order_id IS NULL)
	            ELSE p.is_sold END AS is_sold,
	       p.is_popular, (p.is_active AND g.is_active AND sv.is_active) AS is_active, p.data
	FROM products p
	JOIN games g ON g.id = p.game_id
	JOIN services sv ON sv.id = p.service_id`

// productOrder is the catalogue order: popular first, then the admin's.
const productOrder = ` ORDER BY p.is_popular DESC, p.sort, p.id`

// Paging defaults for catalogue lists. 12 fills 2, 3, 4 and 6 columns.
const (
	DefaultPerPage = 12
	MaxPerPage     = 50
)

// Page asks for one page of a list, counted from 1.
type Page struct {
	Page    int
	PerPage int
}

func (p Page) norm() Page {
	if p.Page < 1 {
		p.Page = 1
	}
	if p.PerPage < 1 {
		p.PerPage = DefaultPerPage
	}
	if p.PerPage > MaxPerPage {
		p.PerPage = MaxPerPage
	}
	return p
}

func (p Page) offset() int { return (p.Page - 1) * p.PerPage }

// PageInfo describes the page returned, SPEC's current_page, last_page,
// per_page and total.
type PageInfo struct {
	CurrentPage int
	LastPage    int // at least 1, so "Page 1 of 1" shows for an empty list
	PerPage     int
	Total       int
}

func pageInfo(p Page, total int) PageInfo {
	last := (total + p.PerPage - 1) / p.PerPage
	if last < 1 {
		last = 1
	}
	return PageInfo{CurrentPage: p.Page, LastPage: last, PerPage: p.PerPage, Total: total}
}

// ProductFilter narrows Products; zero values do not filter.
type ProductFilter struct {
	ServiceID int64
	GameSlug  string
	Page
}

// ProductPage is one page of products.
type ProductPage struct {
	Items []Product
	PageInfo
}

// Products lists the active products of active games and services, popular
// first. Sold accounts stay listed (IsSold) so a buyer sees what the store
// has had.
func (s *DB) Products(ctx context.Context, f ProductFilter) (ProductPage, error) {
	pg := f.Page.norm()
	where := ` WHERE p.is_active AND g.is_active AND sv.is_active
		AND ($1::bigint = 0 OR p.service_id = $1) AND ($2::text = '' OR g.slug = $2)`
	args := []any{f.ServiceID, strings.TrimSpace(f.GameSlug)}

	var total int
	err := s.db.GetContext(ctx, &total, `SELECT count(*) FROM products p
		JOIN games g ON g.id = p.game_id JOIN services sv ON sv.id = p.service_id`+where, args...)
	if err != nil {
		return ProductPage{}, wrap(err, "count products")
	}
	items := []Product{}
	err = s.db.SelectContext(ctx, &items, productSelect+where+productOrder+` LIMIT $3 OFFSET $4`,
		append(args, pg.PerPage, pg.offset())...)
	if err != nil {
		return ProductPage{}, wrap(err, "products")
	}
	return ProductPage{Items: items, PageInfo: pageInfo(pg, total)}, nil
}

// ProductByID returns a product, active or not (IsActive says which).
func (s *DB) ProductByID(ctx context.Context, id int64) (Product, error) {
	var p Product
	err := s.db.GetContext(ctx, &p, productSelect+` WHERE p.id = $1`, id)
	if err != nil {
		return Product{}, wrap(err, "product %d", id)
	}
	return p, nil
}
