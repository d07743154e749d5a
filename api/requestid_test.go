package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/rs/zerolog"

	"topup/api"
)

// logBuffer collects log lines written while requests are served.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// line is the access-log line of the request with id.
func (b *logBuffer) line(t *testing.T, id string) map[string]any {
	t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, l := range strings.Split(b.buf.String(), "\n") {
		var m map[string]any
		if json.Unmarshal([]byte(l), &m) == nil && m["message"] == "request" && m["request_id"] == id {
			return m
		}
	}
	t.Fatalf("no access log line for request %s in\n%s", id, b.buf.String())
	return nil
}

// A client's X-Request-ID never becomes the request's id: the answer and
// the audit entry carry the server's, and the client's value is logged
// apart, only when it is short and plain.
func TestRequestIDsAreTheServers(t *testing.T) {
	logs := &logBuffer{}
	h := newAdminHarness(t, func(o *api.Options) { o.Log = zerolog.New(logs) })
	victim := h.buyer(t, 0)

	r := h.do(t, authReq{method: "POST", path: fmt.Sprintf("/api/admin/users/%d/ban", victim.ID), token: h.boss.token,
		body: map[string]any{"reason": "fraud"}, header: map[string]string{"X-Request-ID": "forged"}}).want(t, 200)
	id := r.header.Get("X-Request-ID")
	if id == "" || id == "forged" {
		t.Fatalf("answered X-Request-ID %q, want one of the server's", id)
	}
	if got := h.audit(t, "user.ban", victim.ID, h.boss.ID).RequestID; got != id {
		t.Fatalf("audit request_id = %q, want the answered %q", got, id)
	}
	if got := logs.line(t, id)["client_request_id"]; got != "forged" {
		t.Fatalf("access log client_request_id = %v, want the client's \"forged\"", got)
	}

	// Every request gets a fresh id, whatever the client repeats.
	again := h.do(t, authReq{method: "GET", path: "/api/config", header: map[string]string{"X-Request-ID": "forged"}})
	if again.header.Get("X-Request-ID") == id {
		t.Fatal("two requests answered the same id")
	}

	for name, bad := range map[string]string{
		"too long":       strings.Repeat("a", 129),
		"spaces":         "a b",
		"log line break": "a\\nb",
		"quote":          `a"b`,
	} {
		r := h.do(t, authReq{method: "GET", path: "/api/config", header: map[string]string{"X-Request-ID": bad}})
		if cid, ok := logs.line(t, r.header.Get("X-Request-ID"))["client_request_id"]; ok {
			t.Errorf("%s: logged client_request_id %q, want none", name, cid)
		}
	}
	long := strings.Repeat("b", 128)
	r = h.do(t, authReq{method: "GET", path: "/api/config", header: map[string]string{"X-Request-ID": long}})
	if got := logs.line(t, r.header.Get("X-Request-ID"))["client_request_id"]; got != long {
		t.Fatalf("a 128-character client id was not logged: %v", got)
	}
}
