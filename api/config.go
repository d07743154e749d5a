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
}

// PusherClient holds the pusher-js options of SPEC §7 for this deployment.
// An empty WSHost tells the client to use the page's own host.
type PusherClient struct {
	Key      string `json:"key"`
	Cluster  string `json:"cluster"`
	WSHost   string `json:"ws_host"`
	WSPort   int    `json:"ws_port"`
	WSSPort  int    `json:"wss_port"`
	ForceTLS bool   `json:"force_tls"`
}

// Support links shown on the order, banned and footer screens.
type Support struct {
	Facebook string `json:"facebook"`
	Telegram string `json:"telegram"`
	TikTok   string `json:"tiktok"`
}

func (s *Server) publicConfig(c *fiber.Ctx) error {
	c.Set(fiber.HeaderCacheControl, "public, max-age=60")
	return ok(c, s.opts.Public)
}
