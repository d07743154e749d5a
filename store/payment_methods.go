package store

import "context"

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
