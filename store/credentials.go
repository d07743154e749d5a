package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"topup/internal/secret"
)

// Credentials is the login of a bought account.
type Credentials struct {
	Email         string `json:"email"`
	EmailPassword string `json:"email_password"`
	GamePassword  string `json:"game_password"`
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
		sealed, err := readCredentials(ctx, tx, productID)
		if err != nil {
			return wrap(err, "credentials of %d", productID)
		}
		if c, err = sealed.open(box); err != nil {
			return fmt.Errorf("store: credentials of %d: %w", productID, err)
		}
		return writeAudit(ctx, tx, a, auditRecord{Action: "product.credentials.reveal", TargetType: "product", TargetID: productID, Reason: reason})
	})
	return c, err
}

// sealedCredentials is an account product's login as account_credentials
// keeps it, each field sealed on its own.
type sealedCredentials struct {
	Email         []byte `db:"email"`
	EmailPassword []byte `db:"email_password"`
	GamePassword  []byte `db:"game_password"`
}

// readCredentials reads the sealed login of an account product; the error
// is the driver's, so a caller can tell sql.ErrNoRows.
func readCredentials(ctx context.Context, tx *sqlx.Tx, productID int64) (sealedCredentials, error) {
	var sealed sealedCredentials
	err := tx.GetContext(ctx, &sealed, `SELECT email, email_password, game_password
		FROM account_credentials WHERE product_id = $1`, productID)
	return sealed, err
}

func (sc sealedCredentials) open(box *secret.Box) (Credentials, error) {
	var c Credentials
	for _, f := range []struct {
		dst *string
		src []byte
	}{{&c.Email, sc.Email}, {&c.EmailPassword, sc.EmailPassword}, {&c.GamePassword, sc.GamePassword}} {
		plain, err := box.Open(f.src)
		if err != nil {
			return Credentials{}, err
		}
		*f.dst = string(plain)
	}
	return c, nil
}
