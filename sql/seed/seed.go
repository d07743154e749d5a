// Package seed is the demo store as plain data: services, games, products
// (with account logins and code stock), payment methods, a banner, settings
// and two users, plus our own artwork for them.
//
// It imports nothing of ours. store.SeedDemo writes a Data into the
// database; cmd/topup's "seed" subcommand passes Demo() to it. Every value
// here is made up: phone numbers are in the unassigned 0900… range, codes
// and account logins are fake, and the artwork is drawn for this project
// (abstract shapes and initials, no publisher logos).
//
// What a customer sees reads like a shop's, not a demo's (issue 25): payees
// named as payment apps show them, codes shaped like gift cards, account
// logins at the reserved mail.example domain, pictures without watermarks,
// and the welcome message from the catalogue so it reads in one language.
// It is marked as demo only where staff look: the code stock's batch.
package seed

import "embed"

// Media holds the artwork, served by the app at /media/: the file
// games/mobile-legends.svg is the URL /media/games/mobile-legends.svg.
//
//go:embed games products payments banners help
var Media embed.FS

// MediaPrefix is the URL path under which Media is served.
const MediaPrefix = "/media/"

// Data is a whole store to load. Rows refer to each other by natural key
// (slugs, SKUs, phones), never by database id.
type Data struct {
	Services       []Service
	Games          []Game
	Products       []Product
	PaymentMethods []PaymentMethod
	Banners        []Banner
	Settings       []Setting
	Users          []User
	Messages       []Message
}

// Service is a delivery kind: "coin", "code" or "account".
type Service struct {
	Slug, Name, NameMy, Kind string
	Sort                     int
}

// Game is a tile on the home grid. SearchAliases is comma-separated
// lowercase text customers type for it; IDHelpURL the "Where is my ID?"
// picture ("" none).
type Game struct {
	Slug, ServiceSlug, Name, NameMy, Description, LogoURL string
	SearchAliases, IDHelpURL                              string
	IsHot, UsesServerID                                   bool
	Sort                                                  int
}

// Product is something to buy. Prices are whole kyat; FakePrice 0 means no
// struck-through price.
type Product struct {
	SKU, GameSlug, ServiceSlug string
	Name, NameMy, Description  string
	ImgURL                     string
	PreviewImg                 []string
	Price, FakePrice           int64
	DiscountPercent            int
	IsPopular, IsSold          bool
	IsPass                     bool // a pass or subscription, listed first
	Sort                       int
	Data                       map[string]any
	Account                    *Account // account products: the login sold
	Codes                      []string // code products: the stock
}

// Account is the login handed over when an account product is bought.
type Account struct {
	Email, EmailPassword, GamePassword string
}

// PaymentMethod is one of the store's receiving accounts. Kind is "wallet"
// or "bank".
type PaymentMethod struct {
	Name, HolderName, Phone, Icon, Kind string
	Sort                                int
}

// Banner is a promotion on the home page.
type Banner struct {
	Title, TitleMy, ImageURL, Link string
	Sort                           int
}

// Setting is one key of the settings table; Value is stored as JSON.
type Setting struct {
	Key   string
	Value any
}

// User is a demo login. Wallet is credited through the ledger as an
// adjustment, never set directly.
type User struct {
	Username, Phone, Email, Password string
	IsAdmin                          bool
	Wallet                           int64
}

// Message is a notification for the user with that phone, written from
// the catalogue (internal/i18n codes and their parameters), so each reader
// gets it wholly in their language.
type Message struct {
	UserPhone, TitleCode, BodyCode string
	Params                         map[string]any
}
