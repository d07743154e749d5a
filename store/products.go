package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// Product is an item for sale with its game and service, as the catalogue
// shows it.
type Product struct {
	ID              int64    `db:"id"`
	GameID          int64    `db:"game_id"`
	GameName        string   `db:"game_name"`
	GameNameMy      string   `db:"game_name_my"`
	GameSlug        string   `db:"game_slug"`
	GameIDHelpURL   string   `db:"game_id_help_url"`
	UsesServerID    bool     `db:"uses_server_id"`
	ServiceID       int64    `db:"service_id"`
	ServiceName     string   `db:"service_name"`
	ServiceNameMy   string   `db:"service_name_my"`
	ServiceSlug     string   `db:"service_slug"`
	Kind            string   `db:"kind"` // the service's: coin, code or account
	Name            string   `db:"name"`
	NameMy          string   `db:"name_my"`
	Description     string   `db:"description"`
	ImgURL          string   `db:"img_url"`
	PreviewImg      []string `db:"-"` // scanned through productRecord
	Price           int64    `db:"price"`
	FakePrice       *int64   `db:"fake_price"`
	DiscountPercent int      `db:"discount_percent"`
	// IsSold: an account that is sold, or a code product with no stock left.
	IsSold    bool            `db:"is_sold"`
	IsPopular bool            `db:"is_popular"`
	IsPass    bool            `db:"is_pass"`   // a pass or subscription: listed first
	IsActive  bool            `db:"is_active"` // product, game and service all active
	Data      json.RawMessage `db:"data"`
}

// productRecord scans a Product: preview_img through the driver's array.
type productRecord struct {
	Product
	PreviewImg pq.StringArray `db:"preview_img"`
}

func (r productRecord) value() Product {
	r.Product.PreviewImg = r.PreviewImg
	return r.Product
}

// productSelect reads Product from products p joined with games g and
// services sv. A code product counts as sold when no unclaimed code is left
// (an index-only probe of redeem_codes_unclaimed_idx), so the list shows
// "Sold Out" before anyone pays for nothing.
const productSelect = `
	SELECT p.id, p.game_id, g.name AS game_name, g.name_my AS game_name_my, g.slug AS game_slug,
	       g.id_help_url AS game_id_help_url, g.uses_server_id, p.service_id, sv.name AS service_name, sv.name_my AS service_name_my, sv.slug AS service_slug, sv.kind,
	       p.name, p.name_my, p.description, p.img_url, p.preview_img, p.price, p.fake_price,
	       p.discount_percent,
	       CASE WHEN sv.kind = 'code'
	            THEN NOT EXISTS (SELECT 1 FROM redeem_codes rc
	                             WHERE rc.product_id = p.id AND rc.claimed_by_order_id IS NULL)
	            ELSE p.is_sold END AS is_sold,
	       p.is_popular, p.is_pass, (p.is_active AND g.is_active AND sv.is_active) AS is_active, p.data
	FROM products p
	JOIN games g ON g.id = p.game_id
	JOIN services sv ON sv.id = p.service_id`

// productCount counts the rows productSelect would read.
const productCount = `SELECT count(*) FROM products p
	JOIN games g ON g.id = p.game_id JOIN services sv ON sv.id = p.service_id`

// productOrder is the catalogue order (issue 25, "packs sorted"): passes
// and subscriptions first, then the admin's sort (0 by default, so it
// only decides where the admin set it), then the pack's size (data.amount:
// diamonds, UC, a code's face value), then the price. Popular is a badge,
// not a place: ordering by it put 86, 172, 257 before 11 and 22.
const productOrder = ` ORDER BY p.is_pass DESC, p.sort,
	CASE WHEN jsonb_typeof(p.data->'amount') = 'number' THEN (p.data->>'amount')::numeric END NULLS LAST,
	p.price, p.id`

// ProductFilter narrows Products; zero values do not filter.
type ProductFilter struct {
	ServiceID int64
	GameSlug  string
	Paging
}

// Products lists the active products of active games and services in
// productOrder. Sold accounts stay listed (IsSold) so a buyer sees what the store
// has had.
func (s *DB) Products(ctx context.Context, f ProductFilter) (Page[Product], error) {
	args := []any{f.ServiceID, strings.TrimSpace(f.GameSlug)}
	return pageValues[productRecord](selectPage[productRecord](ctx, s, f.Paging, "products", productCount+productWhere,
		productSelect+productWhere+productOrder+` LIMIT $3 OFFSET $4`, args...))
}

// productWhere is what Products lists: $1 a service (0 for any), $2 a game's slug (empty for any).
const productWhere = ` WHERE p.is_active AND g.is_active AND sv.is_active
	AND ($1::bigint = 0 OR p.service_id = $1) AND ($2::text = '' OR g.slug = $2)`

// FirstProducts is the first n products Products lists for a game, in one
// query: without the count, which the server's first screen of a game's
// page (api/web_first_screen_game.go) does not show, so that the page
// asks the database as little as it can.
func (s *DB) FirstProducts(ctx context.Context, gameSlug string, n int) ([]Product, error) {
	var rs []productRecord
	if err := s.db.SelectContext(ctx, &rs, productSelect+productWhere+productOrder+` LIMIT $3`, int64(0), strings.TrimSpace(gameSlug), n); err != nil {
		return nil, wrap(err, "first products of %q", gameSlug)
	}
	return values[productRecord](rs), nil
}

// ProductByID returns a product, active or not (IsActive says which).
func (s *DB) ProductByID(ctx context.Context, id int64) (Product, error) {
	p, err := getRecord[productRecord](ctx, s.db, productSelect+` WHERE p.id = $1`, id)
	if err != nil {
		return Product{}, wrap(err, "product %d", id)
	}
	return p, nil
}

// ProductRow is a product as the admin edits it.
type ProductRow struct {
	ID              int64           `db:"id"`
	GameID          int64           `db:"game_id"`
	ServiceID       int64           `db:"service_id"`
	SKU             *string         `db:"sku"`
	Name            string          `db:"name"`
	NameMy          string          `db:"name_my"`
	Description     string          `db:"description"`
	ImgURL          string          `db:"img_url"`
	PreviewImg      []string        `db:"-"` // scanned through productRowRecord
	Price           int64           `db:"price"`
	FakePrice       *int64          `db:"fake_price"`
	DiscountPercent int             `db:"discount_percent"`
	IsSold          bool            `db:"is_sold"`
	IsPopular       bool            `db:"is_popular"`
	IsPass          bool            `db:"is_pass"`
	IsActive        bool            `db:"is_active"`
	Sort            int             `db:"sort"`
	Data            json.RawMessage `db:"data"`
	CreatedAt       time.Time       `db:"created_at"`
	UpdatedAt       time.Time       `db:"updated_at"`
}

// productRowRecord scans a ProductRow: preview_img through the driver's
// array.
type productRowRecord struct {
	ProductRow
	PreviewImg pq.StringArray `db:"preview_img"`
}

func (r productRowRecord) value() ProductRow {
	r.ProductRow.PreviewImg = r.PreviewImg
	return r.ProductRow
}

const productRowColumns = `id, game_id, service_id, sku, name, name_my, description, img_url, preview_img, price,
	fake_price, discount_percent, is_sold, is_popular, is_pass, is_active, sort, data, created_at, updated_at`

var productTable = table[ProductRow]{
	name: "products", target: "product", columns: productRowColumns,
	insert: `INSERT INTO products (game_id, service_id, sku, name, name_my, description, img_url, preview_img, price,
		fake_price, discount_percent, is_popular, is_active, sort, data, is_sold, is_pass)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
	update: `UPDATE products SET game_id = $2, service_id = $3, sku = $4, name = $5, name_my = $6, description = $7,
		img_url = $8, preview_img = $9, price = $10, fake_price = $11, discount_percent = $12, is_popular = $13,
		is_active = $14, sort = $15, data = $16, is_sold = $17, is_pass = $18`,
	args: func(v *ProductRow) []any {
		data := v.Data
		if len(data) == 0 {
			data = json.RawMessage(`{}`)
		}
		preview := v.PreviewImg
		if preview == nil {
			preview = []string{}
		}
		return []any{v.GameID, v.ServiceID, v.SKU, v.Name, v.NameMy, v.Description, v.ImgURL, preview, v.Price,
			v.FakePrice, v.DiscountPercent, v.IsPopular, v.IsActive, v.Sort, jsonArg(data), v.IsSold, v.IsPass}
	},
	id:  func(v *ProductRow) int64 { return v.ID },
	get: getRecord[productRowRecord],
	check: func(ctx context.Context, tx *sqlx.Tx, before, after *ProductRow) error {
		// A product belongs to its game's service: the kind decides how it
		// is delivered, so the two must agree.
		var svc int64
		err := tx.GetContext(ctx, &svc, `SELECT service_id FROM games WHERE id = $1`, after.GameID)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("store: product: game %d: %w", after.GameID, ErrInvalid)
		}
		if err != nil {
			return wrap(err, "product: game %d", after.GameID)
		}
		if after.ServiceID == 0 {
			after.ServiceID = svc
		}
		if before != nil && before.IsSold && !after.IsSold {
			var kind string
			if err := tx.GetContext(ctx, &kind, `SELECT kind FROM services WHERE id = $1`, before.ServiceID); err != nil {
				return wrap(err, "product %d service", before.ID)
			}
			if kind == KindAccount {
				return fmt.Errorf("store: product %d: a sold account stays sold: %w", before.ID, ErrInvalidState)
			}
		}
		return nil
	},
}

// AdminProduct is a product with what the admin list shows beside it.
type AdminProduct struct {
	ProductRow
	GameName       string `db:"game_name"`
	ServiceName    string `db:"service_name"`
	Kind           string `db:"kind"`
	HasCredentials bool   `db:"has_credentials"`
	CodesAvailable int64  `db:"codes_available"`
}

// adminProductRecord scans an AdminProduct: preview_img through the
// driver's array.
type adminProductRecord struct {
	AdminProduct
	PreviewImg pq.StringArray `db:"preview_img"`
}

func (r adminProductRecord) value() AdminProduct {
	r.AdminProduct.PreviewImg = r.PreviewImg
	return r.AdminProduct
}

var adminProductSelect = `SELECT ` + prefixed("p.", productRowColumns) + `,
	g.name AS game_name, sv.name AS service_name, sv.kind,
	EXISTS (SELECT 1 FROM account_credentials ac WHERE ac.product_id = p.id) AS has_credentials,
	(SELECT count(*) FROM redeem_codes rc WHERE rc.product_id = p.id AND rc.claimed_by_order_id IS NULL) AS codes_available
	FROM products p JOIN games g ON g.id = p.game_id JOIN services sv ON sv.id = p.service_id`

// AdminProductFilter narrows AdminProducts.
type AdminProductFilter struct {
	GameID    int64
	ServiceID int64
	Kind      string
	Q         string // part of the name or the SKU
	Paging
}

// AdminProducts lists products of every state.
func (s *DB) AdminProducts(ctx context.Context, f AdminProductFilter) (Page[AdminProduct], error) {
	where := ` WHERE ($1::bigint = 0 OR p.game_id = $1) AND ($2::bigint = 0 OR p.service_id = $2)
		AND ($3::text = '' OR sv.kind = $3)
		AND ($4::text = '' OR strpos(lower(p.name), lower($4)) > 0 OR p.sku = lower($4))`
	args := []any{f.GameID, f.ServiceID, f.Kind, strings.TrimSpace(f.Q)}
	return pageValues[adminProductRecord](selectPage[adminProductRecord](ctx, s, f.Paging, "products", productCount+where,
		adminProductSelect+where+` ORDER BY p.game_id, p.sort, p.id LIMIT $5 OFFSET $6`, args...))
}

// AdminProductByID returns one product with its list extras.
func (s *DB) AdminProductByID(ctx context.Context, id int64) (AdminProduct, error) {
	p, err := getRecord[adminProductRecord](ctx, s.db, adminProductSelect+` WHERE p.id = $1`, id)
	return p, wrap(err, "product %d", id)
}

// CreateProduct adds a product (ServiceID 0 takes the game's service).
func (s *DB) CreateProduct(ctx context.Context, a Actor, v ProductRow) (ProductRow, error) {
	return adminCreate(ctx, s, a, productTable, v)
}

// UpdateProduct edits a product.
func (s *DB) UpdateProduct(ctx context.Context, a Actor, id int64, edit func(*ProductRow) error) (ProductRow, error) {
	return adminUpdate(ctx, s, a, productTable, id, edit)
}
