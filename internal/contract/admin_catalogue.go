package contract

import (
	"encoding/json"
	"time"
)

// The back office's catalogue rows: every column the admin edits, active
// or not, with when it last changed.

// AdminService is a service as the admin edits it.
type AdminService struct {
	ID        int64     `json:"id"`
	Name      string    `json:"name"`
	NameMy    string    `json:"name_my"`
	Slug      string    `json:"slug"`
	Kind      string    `json:"kind"` // coin, code or account; fixed once it has products
	Sort      int       `json:"sort"` // display order, smallest first
	IsActive  bool      `json:"is_active"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// AdminGame is a game as the admin edits it.
type AdminGame struct {
	ID           int64  `json:"id"`
	ServiceID    int64  `json:"service_id"`
	Name         string `json:"name"`
	NameMy       string `json:"name_my"`
	Slug         string `json:"slug"`
	Description  string `json:"description"`
	LogoURL      string `json:"logo_url"`
	IsHot        bool   `json:"is_hot"`
	UsesServerID bool   `json:"uses_server_id"`
	// SearchAliases: what customers type for the game besides its names,
	// comma-separated, lowercase ("mlbb, mobile legend"). SearchInitials
	// are derived from Name ("ml") and matched too; read only.
	SearchAliases  string    `json:"search_aliases"`
	SearchInitials string    `json:"search_initials"`
	IDHelpURL      string    `json:"id_help_url"` // the "Where is my ID?" picture, or ""
	Sort           int       `json:"sort"`
	IsActive       bool      `json:"is_active"`
	CreatedAt      time.Time `json:"created_at"`
	UpdatedAt      time.Time `json:"updated_at"`
}

// AdminProduct is a product as the admin edits it. The list and one
// product's answer add its game, service and stock; a create or update
// answer leaves those out.
type AdminProduct struct {
	ID              int64           `json:"id"`
	GameID          int64           `json:"game_id"`
	GameName        string          `json:"game_name,omitempty"`
	ServiceID       int64           `json:"service_id"`
	ServiceName     string          `json:"service_name,omitempty"`
	Kind            string          `json:"kind,omitempty"`
	SKU             *string         `json:"sku"` // the admin's own code, unique, or null
	Name            string          `json:"name"`
	NameMy          string          `json:"name_my"`
	Description     string          `json:"description"`
	ImgURL          string          `json:"img_url"`
	PreviewImg      []string        `json:"preview_img"`
	Price           int64           `json:"price"`
	FakePrice       *int64          `json:"fake_price"`
	DiscountPercent int             `json:"discount_percent"`
	IsSold          bool            `json:"is_sold"`
	IsPopular       bool            `json:"is_popular"`
	IsPass          bool            `json:"is_pass"` // a pass or subscription: listed before the packs
	IsActive        bool            `json:"is_active"`
	Sort            int             `json:"sort"` // list order among equals, smallest first; 0 leaves it to the size
	Data            json.RawMessage `json:"data"` // an object, as Product's
	// HasCredentials says whether an account product has its login stored
	// (never what it is).
	HasCredentials *bool `json:"has_credentials,omitempty"`
	// CodesAvailable counts a code product's unclaimed codes.
	CodesAvailable *int64    `json:"codes_available,omitempty"`
	CreatedAt      time.Time `json:"created_at"`
	UpdatedAt      time.Time `json:"updated_at"`
}

// AdminPaymentMethod is a receiving account as the admin edits it.
type AdminPaymentMethod struct {
	ID                 int64     `json:"id"`
	Name               string    `json:"name"`
	HolderName         string    `json:"holder_name"`
	Phone              string    `json:"phone"`
	Icon               string    `json:"icon"`
	Kind               string    `json:"kind"` // wallet or bank
	MaintenanceMessage string    `json:"maintenance_message"`
	IsActive           bool      `json:"is_active"`
	Sort               int       `json:"sort"`
	CreatedAt          time.Time `json:"created_at"`
	UpdatedAt          time.Time `json:"updated_at"`
}

// AdminBanner is a banner as the admin edits it.
type AdminBanner struct {
	ID        int64      `json:"id"`
	Title     string     `json:"title"`
	TitleMy   string     `json:"title_my"`
	ImageURL  string     `json:"image_url"`
	Link      string     `json:"link"`
	IsActive  bool       `json:"is_active"`
	Sort      int        `json:"sort"`
	StartsAt  *time.Time `json:"starts_at"`
	EndsAt    *time.Time `json:"ends_at"`
	CreatedAt time.Time  `json:"created_at"`
	UpdatedAt time.Time  `json:"updated_at"`
}
