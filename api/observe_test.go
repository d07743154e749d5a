package api_test

import (
	"net/http"
	"sync"
	"testing"

	"github.com/gofiber/fiber/v2"
	"github.com/rs/zerolog"

	"topup/api"
	"topup/internal/i18n"
)

type recordedMetrics struct {
	mu   sync.Mutex
	seen []api.RequestObservation
}

func (r *recordedMetrics) Request(o api.RequestObservation) {
	r.mu.Lock()
	r.seen = append(r.seen, o)
	r.mu.Unlock()
}
func (r *recordedMetrics) OrderPlaced(string, bool) {}

// Every answer is observed by its route pattern, a refusal with its code,
// and a handler that panics as the 500 the client gets, so the 5xx alert
// sees the failures that matter most.
func TestRequestsAreObserved(t *testing.T) {
	rec := &recordedMetrics{}
	srv := api.New(api.Options{Log: zerolog.Nop(), Metrics: rec})
	srv.App().Get("/boom/:id", func(*fiber.Ctx) error { panic("handler bug") })
	srv.App().Get("/refuse/:id", func(*fiber.Ctx) error { return api.Fail(http.StatusConflict, i18n.Conflict) })

	if res := do(t, srv.App(), http.MethodGet, "/boom/7"); res.status != http.StatusInternalServerError {
		t.Fatalf("panic answered %d", res.status)
	}
	do(t, srv.App(), http.MethodGet, "/refuse/8")

	want := []api.RequestObservation{
		{Method: "GET", Route: "/boom/:id", Status: 500, Code: "internal_error"},
		{Method: "GET", Route: "/refuse/:id", Status: 409, Code: "conflict"},
	}
	if len(rec.seen) != len(want) {
		t.Fatalf("observed %+v", rec.seen)
	}
	for i, w := range want {
		got := rec.seen[i]
		got.Duration = 0
		if got != w {
			t.Errorf("observation %d: %+v, want %+v", i, got, w)
		}
	}
}
