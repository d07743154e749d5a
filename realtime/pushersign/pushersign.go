// Package pushersign signs Pusher HTTP API requests, as the Pusher
// server libraries do, for the calls the official Go client does not
// offer (terminate_connections) and for tests of the built-in server. It
// is the client side of the protocol realtime serves, so it lives beside it
// (internal/broadcast's Remote uses it from outside).
package pushersign

import (
	"crypto/hmac"
	"crypto/md5"
	"crypto/sha256"
	"encoding/hex"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Query returns extra plus the authentication parameters of a request
// made at now: auth_key, auth_timestamp, auth_version, body_md5 when there
// is a body, and auth_signature, the hex HMAC-SHA256 with secret of
// "METHOD\nPATH\nQUERY", QUERY being every other parameter sorted by key
// as k=v, not URL-escaped.
func Query(key, secret, method, path string, extra url.Values, body []byte, now time.Time) url.Values {
	q := url.Values{}
	for k, v := range extra {
		q[k] = append([]string(nil), v...)
	}
	q.Set("auth_key", key)
	q.Set("auth_timestamp", strconv.FormatInt(now.Unix(), 10))
	q.Set("auth_version", "1.0")
	if len(body) > 0 {
		sum := md5.Sum(body)
		q.Set("body_md5", hex.EncodeToString(sum[:]))
	}
	keys := make([]string, 0, len(q))
	for k := range q {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + q.Get(k)
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(method + "\n" + path + "\n" + strings.Join(parts, "&")))
	q.Set("auth_signature", hex.EncodeToString(mac.Sum(nil)))
	return q
}
