package api_test

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"

	"topup/api"
	"topup/internal/clientip"
)

// clientIPServer serves a harness on a real TCP port (so the peer is
// 127.0.0.1) with X-Forwarded-For believed only from trusted.
func clientIPServer(t *testing.T, trusted string) string {
	t.Helper()
	r, err := clientip.New("X-Forwarded-For", trusted)
	if err != nil {
		t.Fatal(err)
	}
	h := newAuthHarness(t, func(o *api.Options) { o.ClientIP = r })
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = h.srv.App().Listener(ln) }()
	t.Cleanup(func() { _ = h.srv.App().Shutdown() })
	return "http://" + ln.Addr().String()
}

// registerFrom posts an empty registration with an X-Forwarded-For header
// and answers the status and the error code. The IP throttle runs before
// the body is read, so an empty body is enough to spend one attempt.
func registerFrom(t *testing.T, base, forwarded string) (int, string) {
	t.Helper()
	req, err := http.NewRequest("POST", base+"/api/register", strings.NewReader(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if forwarded != "" {
		req.Header.Set("X-Forwarded-For", forwarded)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var body struct {
		Code string `json:"code"`
	}
	_ = json.NewDecoder(res.Body).Decode(&body)
	return res.StatusCode, body.Code
}

// An attacker who is not a trusted proxy cannot get a fresh rate-limit
// bucket per request by inventing an X-Forwarded-For.
func TestSpoofedForwardedForFromUntrustedPeerIsIgnored(t *testing.T) {
	base := clientIPServer(t, "10.0.0.0/8")
	for i := range 10 {
		if status, _ := registerFrom(t, base, fmt.Sprintf("198.51.100.%d", i)); status == http.StatusTooManyRequests {
			t.Fatalf("attempt %d throttled too early", i+1)
		}
	}
	if status, code := registerFrom(t, base, "198.51.100.200"); status != http.StatusTooManyRequests || code != "too_many_requests" {
		t.Fatalf("11th sign-up from one peer with a new spoofed address: %d %q, want 429 too_many_requests", status, code)
	}
	if status, _ := registerFrom(t, base, "x"); status != http.StatusTooManyRequests {
		t.Fatalf("a garbage header from an untrusted peer is ignored, so the peer is still throttled: got %d", status)
	}
}

// Behind a trusted proxy the client is the right-most address the proxy
// did not add: what the client put to its left changes nothing, and a
// garbled entry is refused rather than shared.
func TestTrustedProxyRightMostClient(t *testing.T) {
	base := clientIPServer(t, "127.0.0.1")
	for i := range 10 {
		if status, _ := registerFrom(t, base, fmt.Sprintf("203.0.113.%d, 198.51.100.7", i)); status == http.StatusTooManyRequests {
			t.Fatalf("attempt %d throttled too early", i+1)
		}
	}
	if status, _ := registerFrom(t, base, "203.0.113.99, 198.51.100.7"); status != http.StatusTooManyRequests {
		t.Fatalf("client 198.51.100.7 with a new left-hand entry: %d, want 429", status)
	}
	if status, _ := registerFrom(t, base, "198.51.100.8"); status == http.StatusTooManyRequests {
		t.Fatalf("another client behind the same proxy was throttled")
	}
	for _, garbled := range []string{"198.51.100.9, x", ""} {
		status, code := registerFrom(t, base, garbled)
		if garbled == "" {
			// No header from the proxy itself: the proxy is the client.
			if status == http.StatusBadRequest {
				t.Fatalf("no header: %d %q", status, code)
			}
			continue
		}
		if status != http.StatusBadRequest || code != "client_address_unknown" {
			t.Fatalf("garbled right-most entry %q: %d %q, want 400 client_address_unknown", garbled, status, code)
		}
	}
}
