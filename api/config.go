package api

import "github.com/gofiber/fiber/v2"

// PublicConfig is what the web app learns at run time from GET /api/config,
// so one build of the app serves every deployment.
type PublicConfig struct {
	StoreName string       `json:"store_name"`
	Pusher    PusherClient `json:"pusher"`
	Support   Support      `json:"support"`
	// ChatWidgetID turns on the live-chat widget (a tawk.to property/widget
	// id such as "64ab…/1h…"); empty leaves it off.
	ChatWidgetID string `json:"chat_widget_id,omitempty"`
	// PushPublicKey is the VAPID public key (base64url, the uncompressed
	// P-256 point) the browser subscribes with; empty when this
	// deployment sends no Web Push notifications.
	PushPublicKey string `json:"push_public_key"`
	// GuestBrowsing (GUEST_BROWSING) opens the home page, the games'
	// product lists and search to visitors who have not signed in; they
	// are asked to sign in only to order or top up. Off by default:
	// docs/spec.md guards those pages. The API's catalogue answers guests
	// either way; every call that moves or shows money needs a user.
	GuestBrowsing bool `json:"guest_browsing"`
}

// PusherClient holds the pusher-js options of docs/spec.md §7 for this deployment.
// An empty WSHost tells the client to use the page's own host.
type PusherClient struct {
	Key      string `json:"key"`
	Cluster  string `json:"cluster"`
	WSHost   string `json:"ws_host"`
	WSPort   int    `json:"ws_port"`
	WSSPort  int    `json:"wss_port"`
	ForceTLS bool   `json:"force_tls"`
}

// Support is how customers reach the shop, shown on the order, banned and
// footer screens, and what the shop promises them. A channel the shop did
// not configure is left out, so the app shows no link that leads nowhere.
type Support struct {
	Facebook string `json:"facebook,omitempty"`
	Telegram string `json:"telegram,omitempty"`
	TikTok   string `json:"tiktok,omitempty"`
	// Viber is a link that opens a chat with the shop's Viber number.
	Viber string `json:"viber,omitempty"`
	// Phone is the number to call, in E.164 form.
	Phone string `json:"phone,omitempty"`
	// Hours is when someone answers ("9:00–23:00"); empty promises none.
	Hours string `json:"hours,omitempty"`
	// DeliveryMinutes is the usual time to deliver an order, as promised
	// to customers (docs/spec.md: 5).
	DeliveryMinutes int `json:"delivery_minutes,omitempty"`
}

// DefaultDeliveryMinutes is docs/spec.md's delivery promise, used when
// the deployment sets none.
const DefaultDeliveryMinutes = 5

// deliveryMinutes is the promise the server's own texts make (the order
// and top-up answers, the back office's overdue line): the configured one,
// so they never say 5 while the app says 15.
func (s *Server) deliveryMinutes() int {
	if m := s.opts.Public.Support.DeliveryMinutes; m > 0 {
		return m
	}
	return DefaultDeliveryMinutes
}

// Channels reports whether any way to reach the shop is set.
func (s Support) Channels() bool {
	return s.Facebook != "" || s.Telegram != "" || s.TikTok != "" || s.Viber != "" || s.Phone != ""
}

func (s *Server) publicConfig(c *fiber.Ctx) error {
	c.Set(fiber.HeaderCacheControl, "public, max-age=60")
	return ok(c, s.opts.Public)
}
