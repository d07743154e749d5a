package store

import (
	"context"
	"fmt"
	"strings"

	"github.com/jmoiron/sqlx"
)

// Redeem-code inventory. Codes are sealed at rest; code_hash
// (secret.Box.Hash, keyed) is UNIQUE across all products, so a code pasted
// twice, or already sold, is refused and reported as a duplicate.

// SettingLowStock is the number of unsold codes under which a product is
// reported as running low.
const SettingLowStock = "low_stock_threshold"

// DefaultLowStock is the threshold when the setting is absent.
const DefaultLowStock = 5

// MaxCodeImport bounds one import.
const MaxCodeImport = 5000

// ErrNotCodeProduct: codes belong to products of a code service.
var ErrNotCodeProduct = fmt.Errorf("%w: this product does not sell redeem codes", ErrInvalid)

// CodeImport reports an import.
type CodeImport struct {
	Added      int
	Duplicates []string // as given: repeated in the input or already stored
	Stock      CodeStock
}

// CodeStock counts a product's codes.
type CodeStock struct {
	ProductID   int64  `db:"product_id"`
	ProductName string `db:"product_name"`
	Available   int64  `db:"available"`
	Sold        int64  `db:"sold"`
	Threshold   int64  `db:"-"`
	Low         bool   `db:"-"`
}

// ImportCodes adds codes to a code product's stock in one transaction.
// Blank entries are skipped; a code seen before (in this input or in the
// store) is not added and is listed in Duplicates.
func (s *DB) ImportCodes(ctx context.Context, a Actor, productID int64, codes []string, batch string) (CodeImport, error) {
	box, err := s.needBox()
	if err != nil {
		return CodeImport{}, err
	}
	if len(codes) > MaxCodeImport {
		return CodeImport{}, fmt.Errorf("store: import codes: at most %d at once: %w", MaxCodeImport, ErrInvalid)
	}
	res := CodeImport{Duplicates: []string{}}
	err = s.WithTx(ctx, func(tx *sqlx.Tx) error {
		kind, _, err := productKind(ctx, tx, productID)
		if err != nil {
			return err
		}
		if kind != KindCode {
			return ErrNotCodeProduct
		}
		before, err := s.codeStock(ctx, tx, productID)
		if err != nil {
			return err
		}
		seen := map[string]bool{}
		for _, c := range codes {
			c = strings.TrimSpace(c)
			if c == "" {
				continue
			}
			if seen[c] {
				res.Duplicates = append(res.Duplicates, c)
				continue
			}
			seen[c] = true
			r, err := tx.ExecContext(ctx, `
				INSERT INTO redeem_codes (product_id, code, code_hash, batch, created_by)
				VALUES ($1, $2, $3, $4, $5)
				ON CONFLICT (code_hash) DO NOTHING`,
				productID, box.Seal([]byte(c)), box.Hash([]byte(c)), strings.TrimSpace(batch), nullID(a.ID))
			if err != nil {
				return wrap(err, "import code")
			}
			if n, _ := r.RowsAffected(); n == 0 {
				res.Duplicates = append(res.Duplicates, c)
				continue
			}
			res.Added++
		}
		after, err := s.codeStock(ctx, tx, productID)
		if err != nil {
			return err
		}
		res.Stock = after
		// Counts only: the codes themselves never reach the audit log.
		return writeAudit(ctx, tx, a, auditRecord{Action: "codes.import", TargetType: "product", TargetID: productID,
			Before: map[string]int64{"available": before.Available},
			After: map[string]any{"available": after.Available, "added": res.Added, "duplicates": len(res.Duplicates),
				"batch": strings.TrimSpace(batch)}})
	})
	if err != nil {
		return CodeImport{}, err
	}
	res.Stock, err = s.withThreshold(ctx, res.Stock)
	return res, err
}

const codeStockSelect = `
	SELECT p.id AS product_id, p.name AS product_name,
	       count(rc.id) FILTER (WHERE rc.claimed_by_order_id IS NULL) AS available,
	       count(rc.id) FILTER (WHERE rc.claimed_by_order_id IS NOT NULL) AS sold
	FROM products p JOIN services sv ON sv.id = p.service_id
	LEFT JOIN redeem_codes rc ON rc.product_id = p.id`

func (s *DB) codeStock(ctx context.Context, q sqlx.QueryerContext, productID int64) (CodeStock, error) {
	var st CodeStock
	err := sqlx.GetContext(ctx, q, &st, codeStockSelect+` WHERE p.id = $1 GROUP BY p.id`, productID)
	return st, wrap(err, "code stock of %d", productID)
}

func (s *DB) lowStockThreshold(ctx context.Context) int64 {
	var n int64
	if err := s.Setting(ctx, SettingLowStock, &n); err != nil || n < 0 {
		return DefaultLowStock
	}
	return n
}

func (s *DB) withThreshold(ctx context.Context, st CodeStock) (CodeStock, error) {
	st.Threshold = s.lowStockThreshold(ctx)
	st.Low = st.Available < st.Threshold
	return st, nil
}

// CodeStockOf counts one code product's codes.
func (s *DB) CodeStockOf(ctx context.Context, productID int64) (CodeStock, error) {
	st, err := s.codeStock(ctx, s.db, productID)
	if err != nil {
		return CodeStock{}, err
	}
	return s.withThreshold(ctx, st)
}

// CodeStocks counts the codes of every active code product, lowest stock
// first.
func (s *DB) CodeStocks(ctx context.Context) ([]CodeStock, error) {
	list := []CodeStock{}
	err := s.db.SelectContext(ctx, &list, codeStockSelect+` WHERE sv.kind = 'code' AND p.is_active
		GROUP BY p.id ORDER BY available, p.id`)
	if err != nil {
		return nil, wrap(err, "code stocks")
	}
	th := s.lowStockThreshold(ctx)
	for i := range list {
		list[i].Threshold = th
		list[i].Low = list[i].Available < th
	}
	return list, nil
}
