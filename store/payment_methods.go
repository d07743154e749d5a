package store

import (
	"context"
	"time"
)

// PaymentMethod is one of the store's receiving accounts, where customers
// transfer top-ups.
type PaymentMethod struct {
	ID                 int64  `db:"id"`
	Name               string `db:"name"`
	HolderName         string `db:"holder_name"`
	Phone              string `db:"phone"`
	Icon               string `db:"icon"`
	Kind               string `db:"kind"` // wallet or bank
	MaintenanceMessage string `db:"maintenance_message"`
}

// PaymentMethods lists the active receiving accounts in display order.
func (s *DB) PaymentMethods(ctx context.Context) ([]PaymentMethod, error) {
	list := []PaymentMethod{}
	err := s.db.SelectContext(ctx, &list, `
		SELECT id, name, holder_name, phone, icon, kind, maintenance_message
		FROM payment_methods WHERE is_active
		ORDER BY sort, id`)
	return list, wrap(err, "payment methods")
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
