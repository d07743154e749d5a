package api

import (
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v2"
)

// The security baseline every response carries, errors and 404s included
// (reliability H3): no MIME sniffing, no referrer beyond the origin, no
// framing, and a Content-Security-Policy under which only our own scripts
// run. The web app is one Vite build from our origin; its single inline
// script (the theme set before first paint, in index.html) is allowed by
// its hash, computed from the built file when the app is mounted, so
// editing that script can never silently break the policy.

// buildCSP returns the default policy for the app served from index (the
// built index.html, or nil) talking to a websocket at wsHost:wsPort ("" for
// this origin), with the live-chat widget's sources when chat is on.
//
//   - script-src: our files, plus the inline theme script by its hash.
//   - style-src 'self': the build emits CSS files only; React sets style
//     props through the CSSOM, which CSP does not govern.
//   - img-src https: product art may live on a CDN an admin names.
//   - blob: previews a receipt before upload.
//   - connect-src: the websocket host joins only when it is not this origin.
func buildCSP(index []byte, wsHost string, wsPort int, chat bool) string {
	script := []string{"'self'"}
	for _, h := range inlineScriptHashes(index) {
		script = append(script, "'"+h+"'")
	}
	style := []string{"'self'"}
	font := []string{"'self'"}
	connect := []string{"'self'"}
	frame := []string{"'none'"}
	if wsHost != "" {
		hostPort := wsHost
		if wsPort != 0 {
			hostPort += ":" + strconv.Itoa(wsPort)
		}
		connect = append(connect, "ws://"+hostPort, "wss://"+hostPort)
	}
	if chat {
		// tawk.to loads its script, frames, fonts and a websocket from its
		// own hosts and styles its bubble inline; only a store that turned
		// the widget on pays for that.
		const tawk = "https://*.tawk.to"
		script = append(script, "https://embed.tawk.to", tawk)
		style = append(style, "'unsafe-inline'", tawk)
		font = append(font, tawk)
		connect = append(connect, tawk, "wss://*.tawk.to")
		frame = []string{tawk}
	}
	return strings.Join([]string{
		"default-src 'self'",
		"script-src " + strings.Join(script, " "),
		"style-src " + strings.Join(style, " "),
		"img-src 'self' data: blob: https:",
		"font-src " + strings.Join(font, " "),
		"connect-src " + strings.Join(connect, " "),
		"frame-src " + strings.Join(frame, " "),
		"object-src 'none'",
		"base-uri 'none'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}, "; ")
}

// inlineScriptRE finds classic inline scripts: no src attribute. The HTML is
// our own build output, so a regular expression is enough.
var inlineScriptRE = regexp.MustCompile(`(?is)<script(\s[^>]*)?>(.*?)</script>`)

// inlineScriptHashes returns the CSP hash source ('sha256-…') of every
// inline script in html, over the exact bytes between the tags.
func inlineScriptHashes(html []byte) []string {
	var out []string
	for _, m := range inlineScriptRE.FindAllSubmatch(html, -1) {
		if strings.Contains(strings.ToLower(string(m[1])), "src=") {
			continue
		}
		sum := sha256.Sum256(m[2])
		out = append(out, "sha256-"+base64.StdEncoding.EncodeToString(sum[:]))
	}
	return out
}

// securityHeaders sets the baseline before the handler runs, so even a
// failure answered by the error handler carries it.
func (s *Server) securityHeaders() fiber.Handler {
	return func(c *fiber.Ctx) error {
		h := &c.Response().Header
		h.Set(fiber.HeaderXContentTypeOptions, "nosniff")
		h.Set(fiber.HeaderReferrerPolicy, "strict-origin-when-cross-origin")
		h.Set(fiber.HeaderXFrameOptions, "DENY")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()")
		h.Set(fiber.HeaderContentSecurityPolicy, s.cspFor(c.Path()))
		if s.opts.HSTS {
			h.Set(fiber.HeaderStrictTransportSecurity, "max-age=31536000; includeSubDomains")
		}
		return c.Next()
	}
}

// ParseCORSOrigins reads CORS_ALLOWED_ORIGINS: a comma-separated list of
// exact origins such as https://shop.example or http://localhost:5173.
// Wildcards and "null" are refused, since an allowed origin may read a
// customer's answers with their token.
func ParseCORSOrigins(raw string) ([]string, error) {
	var out []string
	for _, o := range strings.Split(raw, ",") {
		o = strings.TrimSpace(o)
		if o == "" {
			continue
		}
		u, err := url.Parse(o)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" ||
			strings.Contains(u.Host, "*") || u.User != nil || (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" {
			return nil, fmt.Errorf("CORS_ALLOWED_ORIGINS: %q is not an origin like https://shop.example", o)
		}
		out = append(out, strings.ToLower(u.Scheme+"://"+u.Host))
	}
	return out, nil
}

// corsHeaders allowed on a preflight: what the web app and pusher-js send.
const (
	corsAllowMethods  = "GET,POST,PUT,PATCH,DELETE,OPTIONS"
	corsAllowHeaders  = "Authorization,Content-Type,Accept,X-Requested-With,X-Socket-ID,Idempotency-Key"
	corsExposeHeaders = "Retry-After,X-Request-ID"
)

// cors answers cross-origin requests from the configured origins only.
// With none configured it adds nothing, and browsers keep other sites out.
// Tokens travel in the Authorization header, not cookies, so credentials
// mode is never allowed.
func (s *Server) cors() fiber.Handler {
	return func(c *fiber.Ctx) error {
		origin := strings.ToLower(c.Get(fiber.HeaderOrigin))
		c.Vary(fiber.HeaderOrigin)
		if origin == "" || !slices.Contains(s.opts.CORSOrigins, origin) {
			return c.Next()
		}
		c.Set(fiber.HeaderAccessControlAllowOrigin, origin)
		if c.Method() == fiber.MethodOptions && c.Get(fiber.HeaderAccessControlRequestMethod) != "" {
			c.Set(fiber.HeaderAccessControlAllowMethods, corsAllowMethods)
			c.Set(fiber.HeaderAccessControlAllowHeaders, corsAllowHeaders)
			c.Set(fiber.HeaderAccessControlMaxAge, "600")
			return c.SendStatus(fiber.StatusNoContent)
		}
		c.Set(fiber.HeaderAccessControlExposeHeaders, corsExposeHeaders)
		return c.Next()
	}
}

// setAppCSP sets the policy for the app whose index.html is index, unless
// Options.ContentSecurityPolicy overrides it. The websocket host joins
// connect-src only when the app is told to use another host than its own.
// The dashboard's policy never admits the chat widget (see cspFor).
func (s *Server) setAppCSP(index []byte) {
	if s.opts.ContentSecurityPolicy != "" {
		s.csp, s.cspAdmin = s.opts.ContentSecurityPolicy, s.opts.ContentSecurityPolicy
		return
	}
	p := s.opts.Public.Pusher
	s.csp = buildCSP(index, p.WSHost, p.WSPort, s.opts.Public.ChatWidgetID != "")
	s.cspAdmin = buildCSP(index, p.WSHost, p.WSPort, false)
}

// cspFor is the policy of a response for path: the dashboard's pages get
// one without the chat widget's hosts, so a third-party script can never
// run where an admin's token lives (the web app does not load it there
// either; this holds even if it tried).
func (s *Server) cspFor(path string) string {
	if path == "/dashboard" || strings.HasPrefix(path, "/dashboard/") {
		return s.cspAdmin
	}
	return s.csp
}
