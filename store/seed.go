package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"topup/internal/i18n"
	"topup/internal/phone"
	"topup/internal/secret"
	"topup/sql/seed"
)

// seedLockID serialises concurrent SeedDemo calls ("topup-seed").
const seedLockID int64 = 0x746f7075702d7364

// SeedDemo loads d (normally seed.Demo()) in one transaction.
//
// Why here and not in package seed: seed is plain data with no
// dependencies, like sql/migrations, and store already owns every SQL
// statement, the ledger rules and the secret sealing that loading needs.
// So store imports seed's types (a data-only package) rather than seed
// importing store or cmd translating one set of structs into another.
//
// It is idempotent: rows are matched on natural keys (slugs, SKUs, phones,
// names, code hashes) with ON CONFLICT DO NOTHING, so a second run, or a
// run against a store an admin has since edited, adds only what is missing
// and changes nothing that exists. Demo wallets are credited through an
// 'adjustment' ledger row whose reference names the phone, so the credit
// happens once. hash turns a demo password into a stored hash (pass
// password.Hash); it is called only for users that do not exist yet.
// Account logins and codes are sealed with the DB's secret box, which Open
// must have been given.
func (s *DB) SeedDemo(ctx context.Context, d seed.Data, hash func(string) (string, error)) error {
	box, err := s.needBox()
	if err != nil {
		return err
	}
	return s.WithTx(ctx, func(tx *sqlx.Tx) error {
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, seedLockID); err != nil {
			return wrap(err, "seed: lock")
		}
		for _, sv := range d.Services {
			_, err := tx.ExecContext(ctx, `
				INSERT INTO services (slug, name, name_my, kind, sort)
				VALUES ($1, $2, $3, $4, $5)
				ON CONFLICT (slug) DO NOTHING`,
				sv.Slug, sv.Name, sv.NameMy, sv.Kind, sv.Sort)
			if err != nil {
				return wrap(err, "seed: service %s", sv.Slug)
			}
		}
		for _, g := range d.Games {
			_, err := tx.ExecContext(ctx, `
				INSERT INTO games (service_id, slug, name, name_my, description, logo_url, is_hot, uses_server_id, sort,
					search_aliases, id_help_url)
				VALUES ((SELECT id FROM services WHERE slug = $1), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
				ON CONFLICT (slug) DO NOTHING`,
				g.ServiceSlug, g.Slug, g.Name, g.NameMy, g.Description, g.LogoURL, g.IsHot, g.UsesServerID, g.Sort,
				g.SearchAliases, g.IDHelpURL)
			if err != nil {
				return wrap(err, "seed: game %s", g.Slug)
			}
		}
		for _, p := range d.Products {
			if err := seedProduct(ctx, tx, box, p); err != nil {
				return err
			}
		}
		for _, m := range d.PaymentMethods {
			_, err := tx.ExecContext(ctx, `
				INSERT INTO payment_methods (name, holder_name, phone, icon, kind, sort)
				VALUES ($1, $2, $3, $4, $5, $6)
				ON CONFLICT (name) DO NOTHING`,
				m.Name, m.HolderName, m.Phone, m.Icon, m.Kind, m.Sort)
			if err != nil {
				return wrap(err, "seed: payment method %s", m.Name)
			}
		}
		for _, b := range d.Banners {
			// Banners have no natural key column; the title stands in.
			_, err := tx.ExecContext(ctx, `
				INSERT INTO banners (title, title_my, image_url, link, sort)
				SELECT $1, $2, $3, $4, $5
				WHERE NOT EXISTS (SELECT 1 FROM banners WHERE title = $1)`,
				b.Title, b.TitleMy, b.ImageURL, b.Link, b.Sort)
			if err != nil {
				return wrap(err, "seed: banner %s", b.Title)
			}
		}
		for _, st := range d.Settings {
			v, err := json.Marshal(st.Value)
			if err != nil {
				return fmt.Errorf("store: seed: setting %s: %w", st.Key, err)
			}
			_, err = tx.ExecContext(ctx, `
				INSERT INTO settings (key, value) VALUES ($1, $2)
				ON CONFLICT (key) DO NOTHING`, st.Key, jsonArg(v))
			if err != nil {
				return wrap(err, "seed: setting %s", st.Key)
			}
		}
		for _, u := range d.Users {
			if err := seedUser(ctx, tx, u, hash); err != nil {
				return err
			}
		}
		for _, m := range d.Messages {
			if err := seedMessage(ctx, tx, m); err != nil {
				return err
			}
		}
		return nil
	})
}

// seedMessage stores a catalogue message as the store's own are stored
// (codes, parameters and the English beside them), once per user. A user
// who has one with that title code already keeps it, whatever its English
// says (the catalogue's wording may have changed since), and so does one
// with that English title and no code: an older build wrote it in plain
// English.
func seedMessage(ctx context.Context, tx *sqlx.Tx, m seed.Message) error {
	phone, err := phone.Normalize(m.UserPhone)
	if err != nil {
		return fmt.Errorf("store: seed: message for %s: %w", m.UserPhone, err)
	}
	titleCode, okTitle := i18n.Lookup(m.TitleCode)
	bodyCode, okBody := i18n.Lookup(m.BodyCode)
	if !okTitle || !okBody {
		return fmt.Errorf("store: seed: message codes %q, %q not in the catalogue", m.TitleCode, m.BodyCode)
	}
	nm := NewMessage{
		TitleText: i18n.Text{Code: titleCode, Params: m.Params},
		BodyText:  i18n.Text{Code: bodyCode, Params: m.Params},
	}
	tc, bc, params, err := templateOf(&nm)
	if err != nil {
		return fmt.Errorf("store: seed: message %s: %w", m.TitleCode, err)
	}
	_, err = tx.ExecContext(ctx, `
		INSERT INTO messages (user_id, title, body, title_code, body_code, params)
		SELECT u.id, $2, $3, $4, $5, $6 FROM users u
		WHERE u.phone = $1
		  AND NOT EXISTS (SELECT 1 FROM messages WHERE user_id = u.id
		                  AND (title_code = $4 OR (title_code IS NULL AND title = $2)))`,
		phone, nm.Title, nm.Body, tc, bc, params)
	return wrap(err, "seed: message %s", m.TitleCode)
}

func seedProduct(ctx context.Context, tx *sqlx.Tx, box *secret.Box, p seed.Product) error {
	data := p.Data
	if data == nil {
		data = map[string]any{}
	}
	dataJSON, err := json.Marshal(data)
	if err != nil {
		return fmt.Errorf("store: seed: product %s: %w", p.SKU, err)
	}
	preview := p.PreviewImg
	if preview == nil {
		preview = []string{}
	}
	var fake sql.NullInt64
	if p.FakePrice > 0 {
		fake = sql.NullInt64{Int64: p.FakePrice, Valid: true}
	}
	_, err = tx.ExecContext(ctx, `
		INSERT INTO products (game_id, service_id, sku, name, name_my, description, img_url, preview_img,
			price, fake_price, discount_percent, is_sold, is_popular, sort, data, is_pass)
		VALUES ((SELECT id FROM games WHERE slug = $1), (SELECT id FROM services WHERE slug = $2),
			$3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
		ON CONFLICT (sku) DO NOTHING`,
		p.GameSlug, p.ServiceSlug, p.SKU, p.Name, p.NameMy, p.Description, p.ImgURL, pq.Array(preview),
		p.Price, fake, p.DiscountPercent, p.IsSold, p.IsPopular, p.Sort, jsonArg(dataJSON), p.IsPass)
	if err != nil {
		return wrap(err, "seed: product %s", p.SKU)
	}
	var id int64
	if err := tx.GetContext(ctx, &id, `SELECT id FROM products WHERE sku = $1`, p.SKU); err != nil {
		return wrap(err, "seed: product %s", p.SKU)
	}
	if a := p.Account; a != nil {
		_, err := tx.ExecContext(ctx, `
			INSERT INTO account_credentials (product_id, email, email_password, game_password)
			VALUES ($1, $2, $3, $4)
			ON CONFLICT (product_id) DO NOTHING`,
			id, box.Seal([]byte(a.Email)), box.Seal([]byte(a.EmailPassword)), box.Seal([]byte(a.GamePassword)))
		if err != nil {
			return wrap(err, "seed: credentials of %s", p.SKU)
		}
	}
	for _, c := range p.Codes {
		_, err := tx.ExecContext(ctx, `
			INSERT INTO redeem_codes (product_id, code, code_hash, batch)
			VALUES ($1, $2, $3, 'demo')
			ON CONFLICT (code_hash) DO NOTHING`,
			id, box.Seal([]byte(c)), box.Hash([]byte(c)))
		if err != nil {
			return wrap(err, "seed: code of %s", p.SKU)
		}
	}
	return nil
}

func seedUser(ctx context.Context, tx *sqlx.Tx, u seed.User, hash func(string) (string, error)) error {
	phone, err := phone.Normalize(u.Phone)
	if err != nil {
		return fmt.Errorf("store: seed: user %s: %w", u.Phone, err)
	}
	var id int64
	err = tx.GetContext(ctx, &id, `SELECT id FROM users WHERE phone = $1`, phone)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		h, err := hash(u.Password)
		if err != nil {
			return fmt.Errorf("store: seed: user %s: %w", u.Username, err)
		}
		nu, err := createUser(ctx, tx, NewUser{
			Username: u.Username, Phone: phone, Email: u.Email, PasswordHash: h, IsAdmin: u.IsAdmin,
		})
		if err != nil {
			return err
		}
		id = nu.ID
	case err != nil:
		return wrap(err, "seed: user %s", u.Username)
	}
	if u.Wallet <= 0 {
		return nil
	}
	ref := "seed:" + phone
	var done bool
	err = tx.GetContext(ctx, &done, `
		SELECT EXISTS (SELECT 1 FROM wallet_ledger WHERE kind = $1 AND reference = $2)`,
		LedgerAdjustment, ref)
	if err != nil {
		return wrap(err, "seed: wallet of %s", u.Username)
	}
	if done {
		return nil
	}
	_, err = postLedger(ctx, tx, LedgerEntry{
		UserID: id, Amount: u.Wallet, Kind: LedgerAdjustment, Reference: ref,
		// Customers read this reason in their wallet statement.
		Reason: ptr("Starting balance"),
	})
	return err
}
