package store

import "context"

// Service groups games by how their products are delivered (Kind).
type Service struct {
	ID     int64  `db:"id"`
	Name   string `db:"name"`
	NameMy string `db:"name_my"`
	Slug   string `db:"slug"`
	Kind   string `db:"kind"` // coin, code or account
	Sort   int    `db:"sort"`
}

// Game is a tile on the home grid, with its service.
type Game struct {
	ID           int64  `db:"id"`
	ServiceID    int64  `db:"service_id"`
	ServiceName  string `db:"service_name"`
	ServiceSlug  string `db:"service_slug"`
	ServiceKind  string `db:"service_kind"`
	Name         string `db:"name"`
	NameMy       string `db:"name_my"`
	Slug         string `db:"slug"`
	Description  string `db:"description"`
	LogoURL      string `db:"logo_url"`
	IsHot        bool   `db:"is_hot"`
	UsesServerID bool   `db:"uses_server_id"`
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

// Games lists the active games of active services: hot games first, then
// in the admin's order.
func (s *DB) Games(ctx context.Context) ([]Game, error) {
	list := []Game{}
	err := s.db.SelectContext(ctx, &list, `
		SELECT g.id, g.service_id, sv.name AS service_name, sv.slug AS service_slug, sv.kind AS service_kind,
		       g.name, g.name_my, g.slug, g.description, g.logo_url, g.is_hot, g.uses_server_id
		FROM games g JOIN services sv ON sv.id = g.service_id
		WHERE g.is_active AND sv.is_active
		ORDER BY g.is_hot DESC, g.sort, g.id`)
	return list, wrap(err, "games")
}
