// Package api is the store's REST API under /api, the health endpoints, and
// the web app the binary serves. It maps every failure to one JSON shape in
// one place (errors.go) and never imports the realtime server: it is handed
// what it needs by cmd/topup.
package api

import (
	"context"
	"io/fs"
	"net/url"
	"sync/atomic"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/rs/zerolog"

	"topup/internal/captcha"
	"topup/internal/clientip"
	"topup/internal/clusterbus"
	"topup/internal/i18n"
	"topup/internal/media"
	"topup/internal/password"
	"topup/internal/ratelimit"
	"topup/internal/receipts"
	"topup/store"
)

// Options are the dependencies of the HTTP server.
type Options struct {
	Store       *store.DB
	Broadcaster Broadcaster
	Log         zerolog.Logger
	Public      PublicConfig
	// PublicURL is where customers reach the store; the sitemap's
	// addresses start with it (nil means http://localhost:8080).
	PublicURL *url.URL
	// Ready are the readiness checks behind /readyz, by name: a failing one
	// takes the node out of the balancer's rotation.
	Ready map[string]func(context.Context) error
	// Degraded are checks /readyz reports without failing: dependencies
	// every node shares and can serve without (Redis), whose loss would
	// otherwise take every node out at once (docs/reliability.md).
	Degraded map[string]func(context.Context) error
	// ClientIP tells the client's address behind trusted proxies; nil
	// means the TCP peer (no proxy).
	ClientIP *clientip.Resolver

	// Accounts and the security baseline.
	// Now is the clock for token and code expiry; nil means time.Now.
	Now func() time.Time
	// Limiter throttles logins, sign-ups and codes; nil means in memory.
	Limiter ratelimit.Limiter
	// CaptchaMaxNumber is the captcha's difficulty: the most hashes a
	// solution takes; zero means DefaultCaptchaMaxNumber.
	CaptchaMaxNumber int64
	// SMS sends password reset codes; nil makes otp/send answer 503.
	SMS SMSSender
	// SMSCountries are the regions ("MM") whose numbers may register and
	// get codes; empty means DefaultSMSCountries.
	SMSCountries []string
	// SMSBudget caps the codes all nodes together text per hour and per
	// day; zero means DefaultSMSBudget.
	SMSBudget store.SMSBudget
	// CORSOrigins are the exact origins allowed to call from a browser
	// (see ParseCORSOrigins); empty allows none.
	CORSOrigins []string
	// HSTS sends Strict-Transport-Security (set when served over HTTPS).
	HSTS bool
	// ContentSecurityPolicy replaces the default policy when not empty.
	ContentSecurityPolicy string
	// Receipts is where payment receipts are kept, outside any web root.
	Receipts *receipts.Store
	// PasswordSlots is how many password hashes run at once; 0 means one
	// per CPU. PasswordWait is how long one waits for its turn before 503
	// hashing_busy; 0 means password.DefaultWait.
	PasswordSlots int
	PasswordWait  time.Duration
	// Metrics is told of every request and order (observe.go); nil
	// counts nothing.
	Metrics Metrics
	// Media is where admins' public images (logos, banners) are kept,
	// served under /media/uploads/; nil refuses uploads.
	Media *media.Store
	// Bus tells every node to forget cached sessions and catalogue
	// answers (internal/clusterbus); nil means this process alone. The
	// caller runs it.
	Bus *clusterbus.Bus
	// SessionCacheTTL is how long a node trusts a cached session
	// (session_cache.go): 0 means DefaultSessionCacheTTL, negative turns
	// the cache off. SessionCacheSize bounds it (0: the default).
	SessionCacheTTL  time.Duration
	SessionCacheSize int
}

// Server is the Fiber application with the store's routes.
type Server struct {
	app  *fiber.App
	opts Options
	log  zerolog.Logger

	limiter   ratelimit.Limiter // see initAccounts
	passwords *password.Slots
	captcha   *captcha.Issuer
	sms       smsStats
	csp       string
	cspAdmin  string // the dashboard's: never the chat widget's hosts

	draining atomic.Bool // see Drain

	bus       *clusterbus.Bus
	sessions  *sessionCache
	catalogue *catalogueCache

	firstScreen      firstScreen // see web_first_screen.go
	hasFirstScreen   bool
	firstScreenIndex atomic.Pointer[firstScreenIndex]
	gameScreens      *gameScreens // see web_first_screen_game.go; nil: none
}

// New builds the server and registers /healthz, /readyz and /api routes.
// Callers may mount more routes (the realtime server) on App() and must
// call MountWeb last, as it answers every path left over.
func New(opts Options) *Server {
	s := &Server{opts: opts, log: opts.Log, passwords: password.NewSlots(opts.PasswordSlots, opts.PasswordWait)}
	s.initCaches()
	s.app = fiber.New(fiber.Config{
		AppName:               "topup",
		ErrorHandler:          errorHandler(opts.Log),
		DisableStartupMessage: true,
		BodyLimit:             readBodyBytes, // each route's own bound: boundBody
		ReadTimeout:           30 * time.Second,
		WriteTimeout:          30 * time.Second,
		IdleTimeout:           120 * time.Second,
	})
	s.app.Use(recoverer(opts.Log), requestIDs(), s.resolveClientIP, accessLog(opts.Log))
	if opts.Metrics != nil {
		s.app.Use(s.observeRequests())
	}
	s.app.Use(boundBody, checkRequestText())
	s.initAccounts()
	s.initCaptcha()
	s.app.Use(s.securityHeaders(), s.cors())

	s.app.Get("/healthz", healthz)
	s.app.Get("/readyz", s.readyz)

	api := s.app.Group("/api")
	api.Get("/config", s.publicConfig)
	api.Get("/services", s.cached(s.listServices))
	api.Get("/games", s.cached(s.listGames))
	api.Get("/products", s.cached(s.listProducts, "page", "per_page", "service_id", "game_slug"))
	api.Get("/products/:id", s.cached(s.showProduct))
	api.Get("/banner", s.cached(s.activeBanner))
	api.Get("/reviews", s.listReviews)
	api.Get("/search", s.search)
	api.Get("/payment-methods", s.cached(s.listPaymentMethods))

	// Accounts, sessions, password reset and channel auth.
	api.Get("/captcha/challenge", s.captchaChallenge)
	api.Post("/register", s.register)
	api.Post("/login", s.login)
	api.Post("/logout", s.requireUser, s.logout)
	api.Get("/user/:id", s.requireUser, s.showUser)
	api.Post("/otp/send", s.sendOTP)
	api.Post("/otp/verify", s.verifyOTP)
	api.Post("/reset-password-phone", s.resetPassword)
	api.Get("/admin-status", s.adminStatus)
	api.Post("/broadcasting/auth", s.requireUser, s.authorizeChannel)
	s.app.Post("/broadcasting/auth", s.requireUser, s.authorizeChannel)
	api.Post("/broadcasting/user-auth", s.requireUser, s.authenticateUser)

	// The account page's settings and sessions (account*.go).
	acct := api.Group("/account", s.requireUser, s.refuseBanned)
	acct.Get("/sessions", s.listSessions)
	acct.Delete("/sessions/:id", s.revokeSession)
	acct.Post("/sessions/revoke-others", s.revokeOtherSessions)
	acct.Post("/push-subscriptions", s.subscribePush)
	acct.Delete("/push-subscriptions", s.unsubscribePush)
	acct.Put("/password", s.changePassword)
	acct.Put("/email", s.changeEmail)
	acct.Post("/phone/code", s.sendPhoneCode)
	acct.Put("/phone", s.changePhone)
	acct.Put("/locale", s.setLocale)
	acct.Post("/deletion", s.requestDeletion)
	acct.Delete("/deletion", s.cancelDeletion)

	// Orders, messages and reviews. orderErrorShape goes first so
	// that every failure of POST /order carries data.message (docs/spec.md §7).
	api.Post("/order", s.orderErrorShape, s.requireUser, s.refuseBanned, s.placeOrder)
	api.Get("/orders", s.requireUser, s.refuseBanned, s.listOrders)
	api.Get("/orders/:id", s.requireUser, s.refuseBanned, s.showOrder)
	api.Post("/orders/:id/refund", s.requireUser, s.refuseBanned, s.requestRefund)
	api.Get("/refunds", s.requireUser, s.refuseBanned, s.listRefunds)
	api.Get("/wallet/ledger", s.requireUser, s.refuseBanned, s.walletLedger)
	api.Get("/wallet/statement.csv", s.requireUser, s.refuseBanned, s.walletStatementCSV)
	api.Get("/message/:userId", s.requireUser, s.refuseBanned, s.listMessages)
	api.Patch("/messages/:id/read", s.requireUser, s.refuseBanned, s.markMessageRead)
	api.Delete("/messages/:id", s.requireUser, s.refuseBanned, s.deleteMessage)
	api.Post("/messages/user/:userId", s.requireUser, s.requireAdmin, s.sendMessage)
	api.Post("/reviews", s.requireUser, s.refuseBanned, s.createReview)

	// Wallet top-ups: receipt upload, quote, request and history.
	api.Post("/uploads", s.requireUser, s.refuseBanned, s.uploadReceipt)
	api.Get("/uploads/:id", s.requireUser, s.showReceipt)
	api.Get("/topup-quote", s.requireUser, s.refuseBanned, s.topupQuote)
	api.Post("/topup-orders", s.requireUser, s.refuseBanned, s.createTopup)
	api.Get("/topup-orders", s.requireUser, s.refuseBanned, s.listTopups)
	api.Post("/topup-orders/:id/cancel", s.requireUser, s.refuseBanned, s.cancelTopup)

	// The back office.
	s.mountAdmin(api)
	return s
}

// App is the underlying Fiber app, for mounting further routes and serving.
func (s *Server) App() *fiber.App { return s.app }

// MountWeb serves the built web app from web (index.html for client routes)
// and the demo artwork from media under /media/. Unknown /api paths answer
// 404 in the API's error shape rather than the app's HTML.
func (s *Server) MountWeb(web, media fs.FS) error {
	s.app.All("/api/*", func(c *fiber.Ctx) error {
		return Fail(fiber.StatusNotFound, i18n.NoSuchEndpoint)
	})
	mediaFiles, err := loadStatic(media)
	if err != nil {
		return err
	}
	s.app.Get("/media/*", mediaFiles.handler(c24h))
	if err := s.mountSEO(); err != nil {
		return err
	}
	site, err := loadStatic(web)
	if err != nil {
		return err
	}
	s.setAppCSP(site["index.html"].body)
	s.firstScreen, s.hasFirstScreen = newFirstScreen(site["index.html"].body)
	s.hasFirstScreen = s.hasFirstScreen && s.opts.Store != nil
	if s.opts.Store != nil {
		if s.gameScreens, err = newGameScreens(site["index.html"].body); err != nil {
			return err
		}
	}
	s.app.Get("/*", site.spa(s.personalIndex))
	return nil
}
