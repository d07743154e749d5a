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

// Catalogue administration (issue 10): services, games, products, payment
// methods and banners, with every change audited in its transaction. Rows
// are switched off (is_active) rather than deleted: orders and top-ups
// point at them. Banners, which nothing points at, can be deleted.

// ServiceRow is a service as the admin edits it.
type ServiceRow struct {
	ID        int64     `db:"id"`
	Name      string    `db:"name"`
	NameMy    string    `db:"name_my"`
	Slug      string    `db:"slug"`
	Kind      string    `db:"kind"`
	Sort      int       `db:"sort"`
	IsActive  bool      `db:"is_active"`
	CreatedAt time.Time `db:"created_at"`
	UpdatedAt time.Time `db:"updated_at"`
}

// GameRow is a game as the admin edits it.
type GameRow struct {
	ID           int64     `db:"id"`
	ServiceID    int64     `db:"service_id"`
	Name         string    `db:"name"`
	NameMy       string    `db:"name_my"`
	Slug         string    `db:"slug"`
	Description  string    `db:"description"`
	LogoURL      string    `db:"logo_url"`
	IsHot        bool      `db:"is_hot"`
	UsesServerID bool      `db:"uses_server_id"`
	Sort         int       `db:"sort"`
	IsActive     bool      `db:"is_active"`
	CreatedAt    time.Time `db:"created_at"`
	UpdatedAt    time.Time `db:"updated_at"`
}

// ProductRow is a product as the admin edits it.
type ProductRow struct {
	ID              int64           `db:"id"`
	GameID          int64           `db:"game_id"`
	ServiceID       int64           `db:"service_id"`
	SKU             sql.NullString  `db:"sku"`
	Name            string          `db:"name"`
	NameMy          string          `db:"name_my"`
	Description     string          `db:"description"`
	ImgURL          string          `db:"img_url"`
	PreviewImg      pq.StringArray  `db:"preview_img"`
	Price           int64           `db:"price"`
	FakePrice       sql.NullInt64   `db:"fake_price"`
	DiscountPercent int             `db:"discount_percent"`
	IsSold          bool            `db:"is_sold"`
	IsPopular       bool            `db:"is_popular"`
	IsActive        bool            `db:"is_active"`
	Sort            int             `db:"sort"`
	Data            json.RawMessage `db:"data"`
	CreatedAt       time.Time       `db:"created_at"`
	UpdatedAt       time.Time       `db:"updated_at"`
}

// PaymentMethodRow is a receiving account as the admin edits it.
type PaymentMethodRow struct {
	ID                 int64     `db:"id"`
	Name               string    `db:"name"`
	HolderName         string    `db:"holder_name"`
	Phone              string    `db:"phone"`
	Icon               string    `db:"icon"`
	Kind               string    `db:"kind"`
	MaintenanceMessage string    `db:"maintenance_message"`
	IsActive           bool      `db:"is_active"`
	Sort               int       `db:"sort"`
	CreatedAt          time.Time `db:"created_at"`
	UpdatedAt          time.Time `db:"updated_at"`
}

// BannerRow is a banner as the admin edits it.
type BannerRow struct {
	ID        int64        `db:"id"`
	Title     string       `db:"title"`
	TitleMy   string       `db:"title_my"`
	ImageURL  string       `db:"image_url"`
	Link      string       `db:"link"`
	IsActive  bool         `db:"is_active"`
	Sort      int          `db:"sort"`
	StartsAt  sql.NullTime `db:"starts_at"`
	EndsAt    sql.NullTime `db:"ends_at"`
	CreatedAt time.Time    `db:"created_at"`
	UpdatedAt time.Time    `db:"updated_at"`
}

// table describes one catalogue table for the generic create and update.
type table[T any] struct {
	name, target string
	columns      string // selected into T
	// insert and update write the editable columns of v.
	insert string
	update string
	args   func(v *T) []any // arguments of insert ($1…) and update ($2…, $1 = id)
	id     func(v *T) int64
	// check runs inside the transaction before the write (e.g. a service's
	// kind may not change under its products).
	check func(ctx context.Context, tx *sqlx.Tx, before, after *T) error
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
		if err := tx.GetContext(ctx, &out, t.insert+` RETURNING `+t.columns, t.args(&v)...); err != nil {
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
		err := tx.GetContext(ctx, &cur, `SELECT `+t.columns+` FROM `+t.name+` WHERE id = $1 FOR UPDATE`, id)
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
		if err := tx.GetContext(ctx, &out, t.update+` WHERE id = $1 RETURNING `+t.columns, args...); err != nil {
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

const serviceColumns = `id, name, name_my, slug, kind, sort, is_active, created_at, updated_at`

var serviceTable = table[ServiceRow]{
	name: "services", target: "service", columns: serviceColumns,
	insert: `INSERT INTO services (name, name_my, slug, kind, sort, is_active) VALUES ($1, $2, $3, $4, $5, $6)`,
	update: `UPDATE services SET name = $2, name_my = $3, slug = $4, kind = $5, sort = $6, is_active = $7`,
	args: func(v *ServiceRow) []any {
		return []any{strings.TrimSpace(v.Name), strings.TrimSpace(v.NameMy), v.Slug, v.Kind, v.Sort, v.IsActive}
	},
	id: func(v *ServiceRow) int64 { return v.ID },
	check: func(ctx context.Context, tx *sqlx.Tx, before, after *ServiceRow) error {
		if before == nil || before.Kind == after.Kind {
			return nil
		}
		var used bool
		if err := tx.GetContext(ctx, &used, `SELECT EXISTS (SELECT 1 FROM products WHERE service_id = $1)`, before.ID); err != nil {
			return wrap(err, "service %d products", before.ID)
		}
		if used {
			return fmt.Errorf("store: service %d has products; its kind cannot change: %w", before.ID, ErrInvalidState)
		}
		return nil
	},
}

// AdminServices lists every service, active or not.
func (s *DB) AdminServices(ctx context.Context) ([]ServiceRow, error) {
	list := []ServiceRow{}
	err := s.db.SelectContext(ctx, &list, `SELECT `+serviceColumns+` FROM services ORDER BY sort, id`)
	return list, wrap(err, "services")
}

// CreateService adds a service.
func (s *DB) CreateService(ctx context.Context, a Actor, v ServiceRow) (ServiceRow, error) {
	return adminCreate(ctx, s, a, serviceTable, v)
}

// UpdateService edits a service; edit changes the row as read under lock.
func (s *DB) UpdateService(ctx context.Context, a Actor, id int64, edit func(*ServiceRow) error) (ServiceRow, error) {
	return adminUpdate(ctx, s, a, serviceTable, id, edit)
}

const gameColumns = `id, service_id, name, name_my, slug, description, logo_url, is_hot, uses_server_id, sort, is_active, created_at, updated_at`

var gameTable = table[GameRow]{
	name: "games", target: "game", columns: gameColumns,
	insert: `INSERT INTO games (service_id, name, name_my, slug, description, logo_url, is_hot, uses_server_id, sort, is_active)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
	update: `UPDATE games SET service_id = $2, name = $3, name_my = $4, slug = $5, description = $6, logo_url = $7,
		is_hot = $8, uses_server_id = $9, sort = $10, is_active = $11`,
	args: func(v *GameRow) []any {
		return []any{v.ServiceID, v.Name, v.NameMy, v.Slug, v.Description, v.LogoURL, v.IsHot, v.UsesServerID, v.Sort, v.IsActive}
	},
	id: func(v *GameRow) int64 { return v.ID },
}

// AdminGames lists every game, active or not.
func (s *DB) AdminGames(ctx context.Context) ([]GameRow, error) {
	list := []GameRow{}
	err := s.db.SelectContext(ctx, &list, `SELECT `+gameColumns+` FROM games ORDER BY sort, id`)
	return list, wrap(err, "games")
}

// CreateGame adds a game.
func (s *DB) CreateGame(ctx context.Context, a Actor, v GameRow) (GameRow, error) {
	return adminCreate(ctx, s, a, gameTable, v)
}

// UpdateGame edits a game.
func (s *DB) UpdateGame(ctx context.Context, a Actor, id int64, edit func(*GameRow) error) (GameRow, error) {
	return adminUpdate(ctx, s, a, gameTable, id, edit)
}

const productRowColumns = `id, game_id, service_id, sku, name, name_my, description, img_url, preview_img, price,
	fake_price, discount_percent, is_sold, is_popular, is_active, sort, data, created_at, updated_at`

var productTable = table[ProductRow]{
	name: "products", target: "product", columns: productRowColumns,
	insert: `INSERT INTO products (game_id, service_id, sku, name, name_my, description, img_url, preview_img, price,
		fake_price, discount_percent, is_popular, is_active, sort, data, is_sold)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
	update: `UPDATE products SET game_id = $2, service_id = $3, sku = $4, name = $5, name_my = $6, description = $7,
		img_url = $8, preview_img = $9, price = $10, fake_price = $11, discount_percent = $12, is_popular = $13,
		is_active = $14, sort = $15, data = $16, is_sold = $17`,
	args: func(v *ProductRow) []any {
		data := v.Data
		if len(data) == 0 {
			data = json.RawMessage(`{}`)
		}
		preview := v.PreviewImg
		if preview == nil {
			preview = pq.StringArray{}
		}
		return []any{v.GameID, v.ServiceID, v.SKU, v.Name, v.NameMy, v.Description, v.ImgURL, preview, v.Price,
			v.FakePrice, v.DiscountPercent, v.IsPopular, v.IsActive, v.Sort, jsonArg(data), v.IsSold}
	},
	id: func(v *ProductRow) int64 { return v.ID },
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
	Page
}

// AdminProductPage is one page of products.
type AdminProductPage struct {
	Items []AdminProduct
	PageInfo
}

// AdminProducts lists products of every state.
func (s *DB) AdminProducts(ctx context.Context, f AdminProductFilter) (AdminProductPage, error) {
	pg := f.Page.norm()
	where := ` WHERE ($1::bigint = 0 OR p.game_id = $1) AND ($2::bigint = 0 OR p.service_id = $2)
		AND ($3::text = '' OR sv.kind = $3)
		AND ($4::text = '' OR strpos(lower(p.name), lower($4)) > 0 OR p.sku = lower($4))`
	args := []any{f.GameID, f.ServiceID, f.Kind, strings.TrimSpace(f.Q)}
	var total int
	err := s.db.GetContext(ctx, &total, `SELECT count(*) FROM products p JOIN games g ON g.id = p.game_id
		JOIN services sv ON sv.id = p.service_id`+where, args...)
	if err != nil {
		return AdminProductPage{}, wrap(err, "count products")
	}
	items := []AdminProduct{}
	err = s.db.SelectContext(ctx, &items, adminProductSelect+where+` ORDER BY p.game_id, p.sort, p.id LIMIT $5 OFFSET $6`,
		append(args, pg.PerPage, pg.offset())...)
	if err != nil {
		return AdminProductPage{}, wrap(err, "products")
	}
	return AdminProductPage{Items: items, PageInfo: pageInfo(pg, total)}, nil
}

// AdminProductByID returns one product with its list extras.
func (s *DB) AdminProductByID(ctx context.Context, id int64) (AdminProduct, error) {
	var p AdminProduct
	err := s.db.GetContext(ctx, &p, adminProductSelect+` WHERE p.id = $1`, id)
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

const paymentMethodColumns = `id, name, holder_name, phone, icon, kind, maintenance_message, is_active, sort, created_at, updated_at`

var paymentMethodTable = table[PaymentMethodRow]{
	name: "payment_methods", target: "payment_method", columns: paymentMethodColumns,
	insert: `INSERT INTO payment_methods (name, holder_name, phone, icon, kind, maintenance_message, is_active, sort)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
	update: `UPDATE payment_methods SET name = $2, holder_name = $3, phone = $4, icon = $5, kind = $6,
		maintenance_message = $7, is_active = $8, sort = $9`,
	args: func(v *PaymentMethodRow) []any {
		return []any{v.Name, v.HolderName, v.Phone, v.Icon, v.Kind, v.MaintenanceMessage, v.IsActive, v.Sort}
	},
	id: func(v *PaymentMethodRow) int64 { return v.ID },
}

// AdminPaymentMethods lists every receiving account.
func (s *DB) AdminPaymentMethods(ctx context.Context) ([]PaymentMethodRow, error) {
	list := []PaymentMethodRow{}
	err := s.db.SelectContext(ctx, &list, `SELECT `+paymentMethodColumns+` FROM payment_methods ORDER BY sort, id`)
	return list, wrap(err, "payment methods")
}

// CreatePaymentMethod adds a receiving account.
func (s *DB) CreatePaymentMethod(ctx context.Context, a Actor, v PaymentMethodRow) (PaymentMethodRow, error) {
	return adminCreate(ctx, s, a, paymentMethodTable, v)
}

// UpdatePaymentMethod edits a receiving account.
func (s *DB) UpdatePaymentMethod(ctx context.Context, a Actor, id int64, edit func(*PaymentMethodRow) error) (PaymentMethodRow, error) {
	return adminUpdate(ctx, s, a, paymentMethodTable, id, edit)
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

// ErrNotAccount: credentials belong to account products only.
var ErrNotAccount = fmt.Errorf("%w: this product is not a game account", ErrInvalid)

// CredentialsInfo says whether a product has a login stored, never what.
type CredentialsInfo struct {
	ProductID int64     `db:"product_id"`
	UpdatedAt time.Time `db:"updated_at"`
}

func productKind(ctx context.Context, tx *sqlx.Tx, productID int64) (kind string, sold bool, err error) {
	var row struct {
		Kind string `db:"kind"`
		Sold bool   `db:"is_sold"`
	}
	err = tx.GetContext(ctx, &row, `SELECT sv.kind, p.is_sold FROM products p JOIN services sv ON sv.id = p.service_id
		WHERE p.id = $1 FOR UPDATE OF p`, productID)
	if err != nil {
		return "", false, wrap(err, "product %d", productID)
	}
	return row.Kind, row.Sold, nil
}

// SetCredentials stores (sealed) the login of an account product. Once
// saved it is never answered again except through RevealCredentials. The
// login of a sold account cannot change (the buyer has it).
func (s *DB) SetCredentials(ctx context.Context, a Actor, productID int64, c Credentials) (CredentialsInfo, error) {
	box, err := s.needBox()
	if err != nil {
		return CredentialsInfo{}, err
	}
	var info CredentialsInfo
	err = s.WithTx(ctx, func(tx *sqlx.Tx) error {
		kind, sold, err := productKind(ctx, tx, productID)
		if err != nil {
			return err
		}
		if kind != KindAccount {
			return ErrNotAccount
		}
		if sold {
			return fmt.Errorf("store: product %d is sold; its login cannot change: %w", productID, ErrInvalidState)
		}
		var had bool
		if err := tx.GetContext(ctx, &had, `SELECT EXISTS (SELECT 1 FROM account_credentials WHERE product_id = $1)`, productID); err != nil {
			return wrap(err, "credentials of %d", productID)
		}
		err = tx.GetContext(ctx, &info, `
			INSERT INTO account_credentials (product_id, email, email_password, game_password)
			VALUES ($1, $2, $3, $4)
			ON CONFLICT (product_id) DO UPDATE SET email = EXCLUDED.email,
				email_password = EXCLUDED.email_password, game_password = EXCLUDED.game_password
			RETURNING product_id, updated_at`,
			productID, box.Seal([]byte(c.Email)), box.Seal([]byte(c.EmailPassword)), box.Seal([]byte(c.GamePassword)))
		if err != nil {
			return wrap(err, "set credentials of %d", productID)
		}
		// The audit log says that the login changed, never what it is.
		return writeAudit(ctx, tx, a, auditRecord{Action: "product.credentials.set", TargetType: "product", TargetID: productID,
			Before: map[string]bool{"has_credentials": had}, After: map[string]bool{"has_credentials": true}})
	})
	return info, err
}

// RevealCredentials opens an account product's login for an admin and
// records that they saw it.
func (s *DB) RevealCredentials(ctx context.Context, a Actor, productID int64, reason string) (Credentials, error) {
	box, err := s.needBox()
	if err != nil {
		return Credentials{}, err
	}
	var c Credentials
	err = s.WithTx(ctx, func(tx *sqlx.Tx) error {
		var sealed struct {
			Email         []byte `db:"email"`
			EmailPassword []byte `db:"email_password"`
			GamePassword  []byte `db:"game_password"`
		}
		err := tx.GetContext(ctx, &sealed, `SELECT email, email_password, game_password
			FROM account_credentials WHERE product_id = $1`, productID)
		if err != nil {
			return wrap(err, "credentials of %d", productID)
		}
		for _, f := range []struct {
			dst *string
			src []byte
		}{{&c.Email, sealed.Email}, {&c.EmailPassword, sealed.EmailPassword}, {&c.GamePassword, sealed.GamePassword}} {
			plain, err := box.Open(f.src)
			if err != nil {
				return fmt.Errorf("store: credentials of %d: %w", productID, err)
			}
			*f.dst = string(plain)
		}
		return writeAudit(ctx, tx, a, auditRecord{Action: "product.credentials.reveal", TargetType: "product", TargetID: productID, Reason: reason})
	})
	return c, err
}

// AdminReview is a review with its visibility, for moderation.
type AdminReview struct {
	Review
	IsVisible bool `db:"is_visible"`
}

// AdminReviewPage is one page of reviews.
type AdminReviewPage struct {
	Items []AdminReview
	PageInfo
}

// AdminReviews lists reviews, hidden ones too, newest first.
func (s *DB) AdminReviews(ctx context.Context, visible *bool, page Page) (AdminReviewPage, error) {
	pg := page.norm()
	v := -1
	if visible != nil {
		v = 0
		if *visible {
			v = 1
		}
	}
	where := ` WHERE ($1::int = -1 OR r.is_visible = ($1 = 1))`
	var total int
	if err := s.db.GetContext(ctx, &total, `SELECT count(*) FROM reviews r`+where, v); err != nil {
		return AdminReviewPage{}, wrap(err, "count reviews")
	}
	items := []AdminReview{}
	err := s.db.SelectContext(ctx, &items, `
		SELECT r.id, r.user_id, u.username, r.order_id, r.product_id, o.product_name,
		       r.rating, r.comment, r.created_at, r.is_visible
		FROM reviews r JOIN users u ON u.id = r.user_id JOIN orders o ON o.id = r.order_id`+where+`
		ORDER BY r.created_at DESC, r.id DESC LIMIT $2 OFFSET $3`, v, pg.PerPage, pg.offset())
	if err != nil {
		return AdminReviewPage{}, wrap(err, "reviews")
	}
	return AdminReviewPage{Items: items, PageInfo: pageInfo(pg, total)}, nil
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

// AdminSetSetting stores a setting with its audit entry.
func (s *DB) AdminSetSetting(ctx context.Context, a Actor, key string, value any) error {
	raw, err := json.Marshal(value)
	if err != nil {
		return fmt.Errorf("store: setting %s: %w", key, err)
	}
	return s.WithTx(ctx, func(tx *sqlx.Tx) error {
		before, err := rowJSON(ctx, tx, `SELECT value FROM settings WHERE key = $1 FOR UPDATE`, key)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `
			INSERT INTO settings (key, value, updated_by) VALUES ($1, $2, $3)
			ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_by = EXCLUDED.updated_by`,
			key, jsonArg(raw), nullID(a.ID))
		if err != nil {
			return wrap(err, "set setting %s", key)
		}
		return writeAudit(ctx, tx, a, auditRecord{Action: "setting.update", TargetType: "setting", TargetID: key,
			Before: before, After: json.RawMessage(raw)})
	})
}
