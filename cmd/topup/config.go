package main

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"topup/api"
	"topup/internal/clientip"
)

// Local defaults. They make `make run` work with no setup; production mode
// refuses to start while the secrets among them are still in place.
const (
	defaultAppKey      = "local-development-app-key-change-me"
	defaultListenAddr  = ":8080"
	defaultPublicURL   = "http://localhost:8080"
	defaultStoreName   = "Shwe Top-Up"
	defaultUploadDir   = ".data/uploads"
	defaultShutdownMax = 15 * time.Second
	// defaultProductionDrain covers a balancer checking /readyz every
	// second and giving up after two failures, with room to spare; local
	// runs stop at once.
	defaultProductionDrain = 5 * time.Second
	// The captcha's difficulty: below the least a customer is not slowed
	// down at all (production refuses it); above the most a cheap phone
	// gives up before it finds the number.
	minCaptchaMaxNumber = 10_000
	maxCaptchaMaxNumber = 10_000_000
)

// Config is everything the binary reads from its environment. Realtime
// settings (PUSHER_*) are read by the realtime package from the same
// environment so that `topup serve` and `topup pusher` agree.
type Config struct {
	Env         string // "production" or anything else (local)
	DatabaseURL string
	ListenAddr  string
	PublicURL   *url.URL
	AppKey      string
	RedisURL    string
	UploadDir   string
	// BlobStore is where uploads live: "dir" (UPLOAD_DIR on this machine)
	// or "postgres" (shared by every node).
	BlobStore   string
	StoreName   string
	LogFormat   string // "json" or "console"
	SMSProvider string
	// ChatWidgetID is the live-chat (tawk.to) widget; empty turns it off.
	ChatWidgetID string
	// GuestBrowsing (GUEST_BROWSING) lets visitors see the home page,
	// product lists and search before signing in (api.PublicConfig).
	GuestBrowsing bool
	// ExternalPusher is set when PUSHER_HOST points at another Pusher
	// service (hosted Pusher, another cluster) that the store publishes to
	// instead of the built-in server.
	ExternalPusher *ExternalPusher
	Support        api.Support
	ShutdownMax    time.Duration
	// ShutdownDrain is how long a stopping node keeps serving with /readyz
	// failing before it closes anything (SHUTDOWN_DRAIN, seconds): longer
	// than the balancer takes to notice (HAProxy: inter × fall).
	ShutdownDrain time.Duration
	SMS           SMSConfig
	// CaptchaMaxNumber is the captcha's difficulty (CAPTCHA_MAX_NUMBER):
	// the most hashes one solution takes.
	CaptchaMaxNumber int64
	// ClientIP tells the client's address behind the proxies in
	// TRUSTED_PROXIES (PROXY_HEADER); the API and the realtime server's
	// per-IP cap both use it.
	ClientIP *clientip.Resolver
}

// ExternalPusher addresses a Pusher-compatible HTTP API other than ours.
type ExternalPusher struct {
	Host   string
	Port   int
	Scheme string
}

// Production reports whether the binary runs in production mode.
func (c Config) Production() bool { return c.Env == "production" }

func loadConfig(getenv func(string) string) (Config, error) {
	get := func(name, def string) string {
		if v := strings.TrimSpace(getenv(name)); v != "" {
			return v
		}
		return def
	}
	cfg := Config{
		Env:          get("APP_ENV", "local"),
		DatabaseURL:  getenv("DATABASE_URL"),
		ListenAddr:   get("LISTEN_ADDR", defaultListenAddr),
		AppKey:       get("APP_KEY", defaultAppKey),
		RedisURL:     getenv("REDIS_URL"),
		UploadDir:    get("UPLOAD_DIR", defaultUploadDir),
		BlobStore:    get("BLOB_STORE", blobStoreDir),
		StoreName:    get("STORE_NAME", defaultStoreName),
		SMSProvider:  get("SMS_PROVIDER", "log"),
		ChatWidgetID: getenv("CHAT_WIDGET_ID"),
		ShutdownMax:  defaultShutdownMax,
	}
	cfg.LogFormat = get("LOG_FORMAT", map[bool]string{true: "json", false: "console"}[cfg.Production()])
	if cfg.LogFormat != "json" && cfg.LogFormat != "console" {
		return Config{}, fmt.Errorf("LOG_FORMAT must be json or console, not %q", cfg.LogFormat)
	}

	support, err := loadSupport(getenv)
	if err != nil {
		return Config{}, err
	}
	cfg.Support = support
	if v := strings.TrimSpace(getenv("GUEST_BROWSING")); v != "" {
		on, err := strconv.ParseBool(v)
		if err != nil {
			return Config{}, fmt.Errorf("GUEST_BROWSING must be true or false, not %q", v)
		}
		cfg.GuestBrowsing = on
	}
	clientIPs, err := clientip.New(getenv("PROXY_HEADER"), getenv("TRUSTED_PROXIES"))
	if err != nil {
		return Config{}, err
	}
	cfg.ClientIP = clientIPs
	if cfg.SMS, err = loadSMSConfig(getenv); err != nil {
		return Config{}, err
	}

	public, err := url.Parse(get("PUBLIC_URL", defaultPublicURL))
	if err != nil || (public.Scheme != "http" && public.Scheme != "https") || public.Host == "" {
		return Config{}, fmt.Errorf("PUBLIC_URL must be an absolute http(s) URL, not %q", getenv("PUBLIC_URL"))
	}
	cfg.PublicURL = public

	cfg.CaptchaMaxNumber = api.DefaultCaptchaMaxNumber
	if v := getenv("CAPTCHA_MAX_NUMBER"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 1 || n > maxCaptchaMaxNumber {
			return Config{}, fmt.Errorf("CAPTCHA_MAX_NUMBER must be a whole number from 1 to %d, not %q", maxCaptchaMaxNumber, v)
		}
		cfg.CaptchaMaxNumber = n
	}

	if v := getenv("SHUTDOWN_TIMEOUT"); v != "" {
		secs, err := strconv.Atoi(v)
		if err != nil || secs <= 0 {
			return Config{}, fmt.Errorf("SHUTDOWN_TIMEOUT must be a positive number of seconds, not %q", v)
		}
		cfg.ShutdownMax = time.Duration(secs) * time.Second
	}

	if cfg.Production() {
		cfg.ShutdownDrain = defaultProductionDrain
	}
	if v := getenv("SHUTDOWN_DRAIN"); v != "" {
		secs, err := strconv.Atoi(v)
		if err != nil || secs < 0 || secs > 300 {
			return Config{}, fmt.Errorf("SHUTDOWN_DRAIN must be 0 to 300 seconds, not %q", v)
		}
		cfg.ShutdownDrain = time.Duration(secs) * time.Second
	}

	if host := getenv("PUSHER_HOST"); host != "" {
		ext := &ExternalPusher{Host: host, Scheme: get("PUSHER_SCHEME", "https")}
		port, err := strconv.Atoi(get("PUSHER_PORT", map[bool]string{true: "443", false: "80"}[ext.Scheme == "https"]))
		if err != nil || port <= 0 || port > 65535 {
			return Config{}, fmt.Errorf("PUSHER_PORT must be a port number, not %q", getenv("PUSHER_PORT"))
		}
		ext.Port = port
		cfg.ExternalPusher = ext
	}
	return cfg, nil
}
