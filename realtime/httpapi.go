package realtime

import (
	"context"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
)

// The Pusher HTTP API, as the server SDKs call it (events, batch_events,
// channels, channel, users, terminate_connections). Errors
// answer with a plain-text message, as Pusher does; the SDKs show it.

const (
	// MaxBatchEvents is the most events one batch_events call may carry.
	MaxBatchEvents = 10
	// maxAPIBody bounds a request body: a full batch of escaped payloads
	// fits; anything larger is refused before it is hashed.
	maxAPIBody          = 512 * 1024
	maxChannelsPerEvent = 100
)

func (s *Server) mountAPI(r fiber.Router) {
	r.Post("/apps/:app_id/events", s.api(s.apiEvents))
	r.Post("/apps/:app_id/batch_events", s.api(s.apiBatchEvents))
	r.Get("/apps/:app_id/channels", s.api(s.apiChannels))
	r.Get("/apps/:app_id/channels/:channel", s.api(s.apiChannel))
	r.Get("/apps/:app_id/channels/:channel/users", s.api(s.apiUsers))
	r.Post("/apps/:app_id/users/:user_id/terminate_connections", s.api(s.apiTerminate))
}

// apiRequest is a request that passed authentication.
type apiRequest struct {
	c     *fiber.Ctx
	app   *appState
	query url.Values
	body  []byte
}

// param returns a path parameter, unescaped.
func (r *apiRequest) param(name string) string {
	v := r.c.Params(name)
	if strings.IndexByte(v, '%') >= 0 {
		if u, err := url.PathUnescape(v); err == nil {
			return u
		}
	}
	return strings.Clone(v)
}

type apiHandler func(ctx context.Context, r *apiRequest) (any, *apiError)

// api authenticates, runs h and writes its answer, counting it by status.
func (s *Server) api(h apiHandler) fiber.Handler {
	return func(c *fiber.Ctx) error {
		v, aerr := s.serveAPI(c, h)
		if aerr != nil {
			s.stats.countAPI(aerr.status)
			c.Set(fiber.HeaderContentType, fiber.MIMETextPlainCharsetUTF8)
			return c.Status(aerr.status).SendString(aerr.msg)
		}
		s.stats.countAPI(fiber.StatusOK)
		return c.JSON(v)
	}
}

func (s *Server) serveAPI(c *fiber.Ctx, h apiHandler) (any, *apiError) {
	a, ok := s.byID[c.Params("app_id")]
	if !ok {
		return nil, &apiError{404, "Unknown app id " + strconv.Quote(c.Params("app_id"))}
	}
	body := c.Body()
	if len(body) > maxAPIBody {
		return nil, &apiError{413, "Request body too large: the limit is " + strconv.Itoa(maxAPIBody) + " bytes"}
	}
	q, aerr := verifyRequest(&a.App, c.Method(), c.Path(), string(c.Request().URI().QueryString()), body, s.cfg.Now())
	if aerr != nil {
		return nil, aerr
	}
	if !a.Enabled {
		return nil, &apiError{403, "Application disabled"}
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), 10*time.Second)
	defer cancel()
	v, aerr := h(ctx, &apiRequest{c: c, app: a, query: q, body: body})
	if aerr != nil && aerr.status >= 500 {
		s.log.Error().Str("path", c.Path()).Msg("realtime: HTTP API: " + aerr.msg)
	}
	return v, aerr
}

func badRequest(msg string) *apiError { return &apiError{400, msg} }

func internalError(err error) *apiError {
	return &apiError{500, "Internal error: " + err.Error()}
}

type infoAttrs struct{ userCount, subscriptionCount, cache bool }

func parseInfo(s string, allowed ...string) (infoAttrs, *apiError) {
	var in infoAttrs
	if s == "" {
		return in, nil
	}
	for _, a := range strings.Split(s, ",") {
		a = strings.TrimSpace(a)
		if !slices.Contains(allowed, a) {
			return in, badRequest("Unsupported info attribute " + strconv.Quote(a) + ": use " + strings.Join(allowed, ", "))
		}
		switch a {
		case "user_count":
			in.userCount = true
		case "subscription_count":
			in.subscriptionCount = true
		case "cache":
			in.cache = true
		}
	}
	return in, nil
}

// channelInfo is the info object of one channel; absent counts are omitted.
type channelInfo struct {
	UserCount         *int `json:"user_count,omitempty"`
	SubscriptionCount *int `json:"subscription_count,omitempty"`
}
