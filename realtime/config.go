package realtime

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
)

// Local-development credentials. Production mode must refuse DefaultAppSecret.
const (
	DefaultAppID     = "topup"
	DefaultAppKey    = "topup-key"
	DefaultAppSecret = "topup-secret"
)

// App is one Pusher application: its credentials, features and limits.
type App struct {
	ID             string `json:"id"`
	Key            string `json:"key"`
	Secret         string `json:"secret"`
	Enabled        bool   `json:"enabled"`
	MaxConnections int    `json:"max_connections"` // 0 = unlimited
	ClientEvents   bool   `json:"client_events"`
	WebhookURL     string `json:"webhook_url"`
	// SubscriptionCount sends pusher_internal:subscription_count to the
	// subscribers of public and private channels, and the
	// subscription_count webhook, when a channel's count changes.
	SubscriptionCount bool `json:"subscription_count"`
	// MaxPresenceMembers caps distinct users per presence channel and
	// MaxEventBytes the size of an event's data, published through the HTTP
	// API or sent as a client event; 0 takes Config's MaxPresenceMembers and
	// MaxMessageBytes. (A client message may be as large as MaxMessageBytes
	// whatever the app's event limit, or that limit and 1 KB if larger.)
	MaxPresenceMembers int `json:"max_presence_members"`
	MaxEventBytes      int `json:"max_event_bytes"`
}

// Config tunes the server. Zero values are replaced by the defaults noted.
type Config struct {
	Apps []App

	ActivityTimeout time.Duration // 120 s: advertised to clients and used for server pings
	PongTimeout     time.Duration // 30 s: no pong after a server ping → close 4201
	MaxMessageBytes int           // 10 KiB: largest client message and HTTP API event data, unless the app says otherwise

	// SendQueueBytes bounds the bytes queued for one connection beyond what the
	// kernel accepted; a client that falls further behind is closed with 4100.
	SendQueueBytes int // 128 KiB

	MaxConnections        int           // whole node, 0 = unlimited; over it → 4100
	MaxConnectionsPerIP   int           // 100 from one client address on this node, negative = unlimited; over it → 4100
	MaxClientMessages     int           // 100 messages (pings included) per ClientMessageWindow from one socket; over it → 4301 and close
	ClientMessageWindow   time.Duration // 10 s
	ClientEventsPerSecond int           // 10
	MaxPresenceMembers    int           // 100 distinct users per presence channel, unless the app says otherwise
	// SubscriptionCountEvery spaces a channel's pusher_internal:subscription_count
	// events (and webhooks), cluster-wide: changes within it are announced
	// together, at its end.
	SubscriptionCountEvery time.Duration // 1 s
	MaxUserInfoBytes       int           // 1 KiB
	MaxChannelsPerConn     int           // 1000
	CacheTTL               time.Duration // 30 min, last event of a cache- channel
	WriteTimeout           time.Duration // 10 s: a socket write stuck this long closes the connection

	// ClientIP names the client of a websocket handshake for the per-IP
	// cap; nil or an empty answer means the peer address. Behind a proxy
	// it must return the address the proxy vouches for, or every client
	// counts as the proxy.
	ClientIP func(*fiber.Ctx) string

	// Now is the clock the HTTP API checks auth_timestamp against and
	// webhooks stamp time_ms with; tests inject one. nil = time.Now.
	Now func() time.Time

	// Webhooks (apps with a WebhookURL).
	WebhookDelay    time.Duration // 3 s: channel_vacated / member_removed wait this long; a rejoin cancels them
	WebhookQueue    int           // 1000 events per app waiting for delivery; beyond, new events are dropped and counted
	WebhookTimeout  time.Duration // 5 s per POST
	WebhookRetryMin time.Duration // 1 s: first retry delay, doubled up to a minute
	WebhookRetryFor time.Duration // 5 min: a batch still failing after this is abandoned, as Pusher does
}

func (c *Config) setDefaults() {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	defD := func(v *time.Duration, d time.Duration) {
		if *v <= 0 {
			*v = d
		}
	}
	defD(&c.ActivityTimeout, 120*time.Second)
	defD(&c.PongTimeout, 30*time.Second)
	defD(&c.CacheTTL, 30*time.Minute)
	defD(&c.WriteTimeout, 10*time.Second)
	def(&c.MaxMessageBytes, 10*1024)
	def(&c.SendQueueBytes, 128*1024)
	def(&c.ClientEventsPerSecond, 10)
	def(&c.MaxPresenceMembers, 100)
	def(&c.MaxUserInfoBytes, 1024)
	def(&c.MaxChannelsPerConn, 1000)
	if c.MaxConnectionsPerIP == 0 {
		c.MaxConnectionsPerIP = 100 // negative: no cap
	}
	def(&c.MaxClientMessages, 100)
	defD(&c.ClientMessageWindow, 10*time.Second)
	defD(&c.SubscriptionCountEvery, time.Second)
	c.Apps = slices.Clone(c.Apps) // the caller's slice keeps its zeros
	for i := range c.Apps {
		def(&c.Apps[i].MaxPresenceMembers, c.MaxPresenceMembers)
		def(&c.Apps[i].MaxEventBytes, c.MaxMessageBytes)
	}
	defD(&c.WebhookDelay, 3*time.Second)
	defD(&c.WebhookTimeout, 5*time.Second)
	defD(&c.WebhookRetryMin, time.Second)
	defD(&c.WebhookRetryFor, 5*time.Minute)
	def(&c.WebhookQueue, 1000)
	if c.Now == nil {
		c.Now = time.Now
	}
}

// maxEventBytesCeiling bounds an app's max_event_bytes: the HTTP API reads
// whole bodies (maxAPIBody) and a client message is buffered whole.
const maxEventBytesCeiling = 256 * 1024

// appFile is the JSON shape of one entry of PUSHER_APPS_FILE; pointers tell
// "absent" (defaults to true) from false.
type appFile struct {
	ID                 string `json:"id"`
	Key                string `json:"key"`
	Secret             string `json:"secret"`
	Enabled            *bool  `json:"enabled"`
	MaxConnections     int    `json:"max_connections"`
	ClientEvents       *bool  `json:"client_events"`
	WebhookURL         string `json:"webhook_url"`
	SubscriptionCount  bool   `json:"subscription_count"`
	MaxPresenceMembers int    `json:"max_presence_members"`
	MaxEventBytes      int    `json:"max_event_bytes"`
}

// ConfigFromEnv reads PUSHER_APP_ID, PUSHER_APP_KEY, PUSHER_APP_SECRET,
// PUSHER_CLIENT_EVENTS (default on), PUSHER_ACTIVITY_TIMEOUT (s, 120),
// PUSHER_PONG_TIMEOUT (s, 30), PUSHER_MAX_CONNECTIONS_PER_IP (100, 0 = no
// cap) and PUSHER_APPS_FILE (a JSON list of apps).
//
// With PUSHER_APPS_FILE the apps come from the file; the environment app is
// added too when any of PUSHER_APP_ID/KEY/SECRET is set, so the in-process
// broadcaster keeps working. Without it the environment app (with local
// defaults) is the only app.
func ConfigFromEnv(getenv func(string) string) (Config, error) {
	var cfg Config
	secs := func(name string, def int) (time.Duration, error) {
		v := strings.TrimSpace(getenv(name))
		if v == "" {
			return time.Duration(def) * time.Second, nil
		}
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 {
			return 0, fmt.Errorf("%s: want a positive number of seconds, got %q", name, v)
		}
		return time.Duration(n) * time.Second, nil
	}
	var err error
	if cfg.ActivityTimeout, err = secs("PUSHER_ACTIVITY_TIMEOUT", 120); err != nil {
		return cfg, err
	}
	if cfg.PongTimeout, err = secs("PUSHER_PONG_TIMEOUT", 30); err != nil {
		return cfg, err
	}
	if v := strings.TrimSpace(getenv("PUSHER_MAX_CONNECTIONS_PER_IP")); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return cfg, fmt.Errorf("PUSHER_MAX_CONNECTIONS_PER_IP: want a number of connections (0 = no cap), got %q", v)
		}
		cfg.MaxConnectionsPerIP = n
		if n == 0 {
			cfg.MaxConnectionsPerIP = -1
		}
	}
	clientEvents := true
	if v := strings.TrimSpace(getenv("PUSHER_CLIENT_EVENTS")); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return cfg, fmt.Errorf("PUSHER_CLIENT_EVENTS: want true or false, got %q", v)
		}
		clientEvents = b
	}
	envSet := getenv("PUSHER_APP_ID") != "" || getenv("PUSHER_APP_KEY") != "" || getenv("PUSHER_APP_SECRET") != ""
	or := func(v, d string) string {
		if v == "" {
			return d
		}
		return v
	}
	envApp := App{
		ID:           or(getenv("PUSHER_APP_ID"), DefaultAppID),
		Key:          or(getenv("PUSHER_APP_KEY"), DefaultAppKey),
		Secret:       or(getenv("PUSHER_APP_SECRET"), DefaultAppSecret),
		Enabled:      true,
		ClientEvents: clientEvents,
	}
	if path := strings.TrimSpace(getenv("PUSHER_APPS_FILE")); path != "" {
		b, err := os.ReadFile(path)
		if err != nil {
			return cfg, fmt.Errorf("PUSHER_APPS_FILE: %w", err)
		}
		apps, err := parseAppsFile(b)
		if err != nil {
			return cfg, fmt.Errorf("PUSHER_APPS_FILE %s: %w", path, err)
		}
		cfg.Apps = apps
		if envSet {
			cfg.Apps = append(cfg.Apps, envApp)
		}
	} else {
		cfg.Apps = []App{envApp}
	}
	return cfg, validateApps(cfg.Apps)
}

func parseAppsFile(b []byte) ([]App, error) {
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	var raw []appFile
	if err := dec.Decode(&raw); err != nil {
		return nil, err
	}
	apps := make([]App, 0, len(raw))
	for _, a := range raw {
		app := App{ID: a.ID, Key: a.Key, Secret: a.Secret, Enabled: true, MaxConnections: a.MaxConnections, ClientEvents: true,
			WebhookURL: a.WebhookURL, SubscriptionCount: a.SubscriptionCount, MaxPresenceMembers: a.MaxPresenceMembers, MaxEventBytes: a.MaxEventBytes}
		if a.Enabled != nil {
			app.Enabled = *a.Enabled
		}
		if a.ClientEvents != nil {
			app.ClientEvents = *a.ClientEvents
		}
		apps = append(apps, app)
	}
	return apps, nil
}

func validateApps(apps []App) error {
	if len(apps) == 0 {
		return errors.New("realtime: no apps configured")
	}
	ids := map[string]bool{}
	keys := map[string]bool{}
	for i, a := range apps {
		if a.ID == "" || a.Key == "" || a.Secret == "" {
			return fmt.Errorf("realtime: app %d: id, key and secret are required", i)
		}
		if strings.ContainsAny(a.Key, ":/?#") {
			return fmt.Errorf("realtime: app %q: key must not contain ':', '/', '?' or '#'", a.ID)
		}
		if ids[a.ID] || keys[a.Key] {
			return fmt.Errorf("realtime: app %q: duplicate id or key", a.ID)
		}
		if a.MaxConnections < 0 || a.MaxPresenceMembers < 0 || a.MaxEventBytes < 0 {
			return fmt.Errorf("realtime: app %q: max_connections, max_presence_members and max_event_bytes must be >= 0", a.ID)
		}
		if a.MaxEventBytes > maxEventBytesCeiling {
			return fmt.Errorf("realtime: app %q: max_event_bytes is at most %d", a.ID, maxEventBytesCeiling)
		}
		ids[a.ID], keys[a.Key] = true, true
	}
	return nil
}
