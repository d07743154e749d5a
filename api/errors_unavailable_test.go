package api

import (
	"errors"
	"fmt"
	"net/http"
	"testing"

	"topup/store"
)

// A database outage is answered 503 (retry), never 500 (a bug), so a
// client retries with its Idempotency-Key (docs/reliability.md, "Faults").
func TestUnavailableDatabaseIs503(t *testing.T) {
	err := fmt.Errorf("store: order: %w", fmt.Errorf("%w: the database system is shutting down", store.ErrUnavailable))
	if status := statusOf(err); status != http.StatusServiceUnavailable {
		t.Errorf("an outage is answered %d, want 503", status)
	}
	if status := statusOf(errors.New("boom")); status != http.StatusInternalServerError {
		t.Errorf("a bug is answered %d, want 500", status)
	}
}
