package store

import (
	"context"
	"time"
)

// Game is a tile on the home grid, with its service.
type Game struct {
	ID            int64  `db:"id"`
	ServiceID     int64  `db:"service_id"`
	ServiceName   string `db:"service_name"`
	ServiceNameMy string `db:"service_name_my"`
	ServiceSlug   string `db:"service_slug"`
	ServiceKind   string `db:"service_kind"`
	Name          string `db:"name"`
	NameMy        string `db:"name_my"`
	Slug          string `db:"slug"`
	Description   string `db:"description"`
	LogoURL       string `db:"logo_url"`
	IsHot         bool   `db:"is_hot"`
	UsesServerID  bool   `db:"uses_server_id"`
	IDHelpURL     string `db:"id_help_url"` // a picture of where the game shows the player's id; "" none
}

// gameSelect reads Game from games g joined with services sv.
const gameSelect = `
	SELECT g.id, g.service_id, sv.name AS service_name, sv.name_my AS service_name_my, sv.slug AS service_slug, sv.kind AS service_kind,
	       g.name, g.name_my, g.slug, g.description, g.logo_url, g.is_hot, g.uses_server_id, g.id_help_url
	FROM games g JOIN services sv ON sv.id = g.service_id`

// Games lists the active games of active services: hot games first, then
// in the admin's order.
func (s *DB) Games(ctx context.Context) ([]Game, error) {
	list := []Game{}
	err := s.db.SelectContext(ctx, &list, gameSelect+`
		WHERE g.is_active AND sv.is_active
		ORDER BY g.is_hot DESC, g.sort, g.id`)
	return list, wrap(err, "games")
}

// GameRow is a game as the admin edits it.
type GameRow struct {
	ID           int64  `db:"id"`
	ServiceID    int64  `db:"service_id"`
	Name         string `db:"name"`
	NameMy       string `db:"name_my"`
	Slug         string `db:"slug"`
	Description  string `db:"description"`
	LogoURL      string `db:"logo_url"`
	IsHot        bool   `db:"is_hot"`
	UsesServerID bool   `db:"uses_server_id"`
	// SearchAliases: what customers type that the names do not contain,
	// comma-separated ("mlbb, mobile legend"). SearchInitials is derived
	// by the database from Name ("ml") and read only.
	SearchAliases  string    `db:"search_aliases"`
	SearchInitials string    `db:"search_initials"`
	IDHelpURL      string    `db:"id_help_url"`
	Sort           int       `db:"sort"`
	IsActive       bool      `db:"is_active"`
	CreatedAt      time.Time `db:"created_at"`
	UpdatedAt      time.Time `db:"updated_at"`
}

const gameColumns = `id, service_id, name, name_my, slug, description, logo_url, is_hot, uses_server_id,
	search_aliases, search_initials, id_help_url, sort, is_active, created_at, updated_at`

var gameTable = table[GameRow]{
	name: "games", target: "game", columns: gameColumns,
	insert: `INSERT INTO games (service_id, name, name_my, slug, description, logo_url, is_hot, uses_server_id, sort, is_active,
		search_aliases, id_help_url)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
	update: `UPDATE games SET service_id = $2, name = $3, name_my = $4, slug = $5, description = $6, logo_url = $7,
		is_hot = $8, uses_server_id = $9, sort = $10, is_active = $11, search_aliases = $12, id_help_url = $13`,
	args: func(v *GameRow) []any {
		return []any{v.ServiceID, v.Name, v.NameMy, v.Slug, v.Description, v.LogoURL, v.IsHot, v.UsesServerID, v.Sort, v.IsActive,
			v.SearchAliases, v.IDHelpURL}
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
