package api

import (
	"time"

	"github.com/gofiber/fiber/v2"
)

// Metrics receives what the store's dashboards count. The api package only
// reports; cmd/topup turns it into Prometheus series. Nil counts nothing.
type Metrics interface {
	// Request is called once per answered request.
	Request(RequestObservation)
	// OrderPlaced is called for every order answered 201, by product kind
	// (coin, code, account); replayed is an idempotent retry's answer.
	OrderPlaced(kind string, replayed bool)
}

// RequestObservation is one answered request.
type RequestObservation struct {
	Method string
	// Route is the pattern that answered ("/api/products/:id"), never the
	// path itself, so series stay few whatever clients send.
	Route  string
	Status int
	// Code is the stable error code of a refusal or failure ("" when it
	// succeeded): login failures, captcha failures and spent budgets are
	// counted by it without each handler counting for itself.
	Code     string
	Duration time.Duration
}

// observeRequests reports every request to Metrics after it is answered
// (errors included: their status and code are what the error handler will
// send).
func (s *Server) observeRequests() fiber.Handler {
	m := s.opts.Metrics
	return func(c *fiber.Ctx) (err error) {
		start := time.Now()
		defer func() {
			o := RequestObservation{Method: methodLabel(c.Method()), Route: c.Route().Path, Status: c.Response().StatusCode(), Duration: time.Since(start)}
			if p := recover(); p != nil {
				// The recoverer further out answers 500; count it here, where
				// a panic would otherwise unwind past the observation.
				o.Status, o.Code = fiber.StatusInternalServerError, "internal_error"
				m.Request(o)
				panic(p)
			}
			if err != nil {
				o.Status = statusOf(err)
				o.Code = codeOf(err)
			}
			m.Request(o)
		}()
		return c.Next()
	}
}

// methodLabel names the method with a constant string: Fiber's c.Method()
// points into a buffer the next request reuses (a kept label would change
// under Prometheus), and a client inventing methods must not invent series.
func methodLabel(m string) string {
	if label, ok := methodLabels[m]; ok {
		return label
	}
	return "OTHER"
}

var methodLabels = map[string]string{}

func init() {
	for _, m := range []string{fiber.MethodGet, fiber.MethodHead, fiber.MethodPost, fiber.MethodPut,
		fiber.MethodPatch, fiber.MethodDelete, fiber.MethodOptions} {
		methodLabels[m] = m
	}
}
