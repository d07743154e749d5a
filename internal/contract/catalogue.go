package contract

import (
	"encoding/json"
	"time"
)

// Service groups games by how their products are delivered.
type Service struct {
	ID     int64  `json:"id"`
	Name   string `json:"name"`
	NameMy string `json:"name_my"` // the Burmese name; may be empty
	Slug   string `json:"slug"`
	Kind   string `json:"kind"` // coin, code or account
}

// ServiceRef is a service as a game or product names it.
type ServiceRef struct {
	Name   string `json:"name"`
	NameMy string `json:"name_my"` // the Burmese name; may be empty
	Slug   string `json:"slug"`
	Kind   string `json:"kind"` // coin, code or account
}

// Game is a tile on the home grid.
type Game struct {
	ID           int64  `json:"id"`
	Name         string `json:"name"`
	NameMy       string `json:"name_my"`
	Slug         string `json:"slug"`
	Description  string `json:"description"`
	LogoURL      string `json:"logo_url"`
	IsHot        bool   `json:"is_hot"`
	UsesServerID bool   `json:"uses_server_id"` // a coin order needs a server id besides the game id
	// IDHelpURL is a picture of where the game shows the player's id
	// ("Where is my ID?"); "" when the admin has set none.
	IDHelpURL string     `json:"id_help_url"`
	ServiceID int64      `json:"service_id"`
	Service   ServiceRef `json:"service"`
}

// GameRef is a game as a product names it.
type GameRef struct {
	ID     int64  `json:"id"`
	Name   string `json:"name"`
	NameMy string `json:"name_my"`
	Slug   string `json:"slug"`
	// IDHelpURL: Game's, for the game-id dialog a product opens.
	IDHelpURL string `json:"id_help_url"`
}

// Product is an item for sale.
type Product struct {
	ID          int64    `json:"id"`
	Name        string   `json:"name"`
	NameMy      string   `json:"name_my"`
	Description string   `json:"description"`
	ImgURL      string   `json:"img_url"`
	PreviewImg  []string `json:"preview_img"` // more pictures (accounts); an empty list when none
	Price       int64    `json:"price"`       // in kyat, without the service charge
	// FakePrice is a struck-through "was" price, or null.
	FakePrice       *int64 `json:"fake_price"`
	DiscountPercent int    `json:"discount_percent"`
	// IsSold: an account that is sold, or a code product with no code left.
	IsSold       bool       `json:"is_sold"`
	IsPopular    bool       `json:"is_popular"`
	IsPass       bool       `json:"is_pass"` // a pass or subscription, listed first
	ServiceID    int64      `json:"service_id"`
	Service      ServiceRef `json:"service"`
	Game         GameRef    `json:"game"`
	UsesServerID bool       `json:"uses_server_id"`
	// Data: rank, skin_count, hero_count (accounts), amount (coins, codes)
	// and whatever else the admin recorded, passed through as stored (an
	// object).
	Data json.RawMessage `json:"data"`
}

// Banner is the promotion the home page shows.
type Banner struct {
	ID       int64      `json:"id"`
	Title    string     `json:"title"`
	TitleMy  string     `json:"title_my"`
	ImageURL string     `json:"image_url"`
	Link     string     `json:"link"`
	StartsAt *time.Time `json:"starts_at"` // null: shown since it was switched on
	EndsAt   *time.Time `json:"ends_at"`   // null: shown until it is switched off
}

// PaymentMethod is a receiving account customers transfer top-ups to.
type PaymentMethod struct {
	ID         int64  `json:"id"`
	Name       string `json:"name"`
	Phone      string `json:"phone"`
	HolderName string `json:"holderName"` // camelCase, as the first clients had it
	Icon       string `json:"icon"`
	Kind       string `json:"kind"` // wallet or bank
	// MaintenanceMessage, when not empty, says why the method cannot take
	// transfers now.
	MaintenanceMessage string `json:"maintenance_message"`
}
