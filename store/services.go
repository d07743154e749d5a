package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
)

// Service groups games by how their products are delivered (Kind).
type Service struct {
	ID     int64  `db:"id"`
	Name   string `db:"name"`
	NameMy string `db:"name_my"`
	Slug   string `db:"slug"`
	Kind   string `db:"kind"` // coin, code or account
	Sort   int    `db:"sort"`
}

// Services lists the active services in display order.
func (s *DB) Services(ctx context.Context) ([]Service, error) {
	list := []Service{}
	err := s.db.SelectContext(ctx, &list, `
		SELECT id, name, name_my, slug, kind, sort
		FROM services WHERE is_active
		ORDER BY sort, id`)
	return list, wrap(err, "services")
}

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
