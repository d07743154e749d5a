package store_test

import (
	"errors"
	"net"
	"os"
	"testing"

	"github.com/lib/pq"

	"topup/store"
)

// A database that is restarting or unreachable is a passing outage, not a
// bug: the store says so (ErrUnavailable), and the API answers 503 so a
// client retries (docs/reliability.md, "Faults").
func TestUnavailableDatabase(t *testing.T) {
	for name, err := range map[string]error{
		"shutting down":   &pq.Error{Code: "57P03", Message: "the database system is shutting down"},
		"admin shutdown":  &pq.Error{Code: "57P01", Message: "terminating connection due to administrator command"},
		"connection lost": &pq.Error{Code: "08006", Message: "connection failure"},
		"too many":        &pq.Error{Code: "53300", Message: "sorry, too many clients already"},
		"refused":         &net.OpError{Op: "dial", Net: "tcp", Err: os.NewSyscallError("connect", errors.New("connection refused"))},
	} {
		if got := store.MapErr(err); !errors.Is(got, store.ErrUnavailable) {
			t.Errorf("%s: %v is not ErrUnavailable", name, got)
		}
	}
	for name, err := range map[string]error{
		"unique":      &pq.Error{Code: "23505"},
		"syntax":      &pq.Error{Code: "42601", Message: "syntax error"},
		"plain error": errors.New("boom"),
	} {
		if got := store.MapErr(err); errors.Is(got, store.ErrUnavailable) {
			t.Errorf("%s: %v was taken for an outage", name, got)
		}
	}
}
