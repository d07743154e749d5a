package realtime

import (
	"crypto/hmac"
	"crypto/md5"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

// HTTP API request signing, as Pusher defines it: the query
// carries auth_key, auth_timestamp, auth_version=1.0, body_md5 (hex MD5 of
// the raw body) and auth_signature, the hex HMAC-SHA256 with the app secret
// of "METHOD\nPATH\nQUERY", QUERY being every other parameter as k=v, keys
// lower-cased and sorted, joined by "&", not URL-escaped.
//
// PATH is the request path exactly as the client called it, mount prefix
// included (pusher-http-go, pusher-http-node and pusher-http-php all sign
// the full path they request).

// authWindow is how far auth_timestamp may be from the server's clock.
const authWindow = 600 * time.Second

// apiError is an HTTP API refusal: a status and a message for the body.
type apiError struct {
	status int
	msg    string
}

func (e *apiError) Error() string { return e.msg }

func unauthorized(msg string) *apiError { return &apiError{401, msg} }

type queryParam struct{ key, raw, decoded string }

// parseQuery splits a raw query. The SDKs send values unescaped (commas,
// slashes) and sign them that way; other clients escape them. Both forms
// are kept so either can be checked.
func parseQuery(raw string) ([]queryParam, bool) {
	var ps []queryParam
	for raw != "" {
		var part string
		part, raw, _ = strings.Cut(raw, "&")
		if part == "" {
			continue
		}
		k, v, _ := strings.Cut(part, "=")
		key, err := url.QueryUnescape(k)
		if err != nil {
			return nil, false
		}
		dec, err := url.QueryUnescape(v)
		if err != nil {
			dec = v
		}
		ps = append(ps, queryParam{key: strings.ToLower(key), raw: v, decoded: dec})
	}
	return ps, true
}

// verifyRequest checks a signed HTTP API request for app at now. It
// returns the decoded query parameters on success.
func verifyRequest(app *App, method, path, rawQuery string, body []byte, now time.Time) (url.Values, *apiError) {
	ps, ok := parseQuery(rawQuery)
	if !ok {
		return nil, unauthorized("Invalid query string")
	}
	params := url.Values{}
	var signature string
	signed := ps[:0:0]
	for _, p := range ps {
		if p.key == "auth_signature" {
			if signature != "" {
				return nil, unauthorized("auth_signature given twice")
			}
			signature = p.decoded
			continue
		}
		params[p.key] = append(params[p.key], p.decoded)
		signed = append(signed, p)
	}
	for _, k := range []string{"auth_key", "auth_timestamp", "auth_version", "body_md5"} {
		if len(params[k]) > 1 {
			return nil, unauthorized(k + " given more than once")
		}
	}
	if signature == "" {
		return nil, unauthorized("Missing auth_signature")
	}
	// The key is not secret: a plain comparison tells nothing.
	if key := params.Get("auth_key"); key == "" {
		return nil, unauthorized("Missing auth_key")
	} else if key != app.Key {
		return nil, unauthorized("Invalid auth_key: not this app's key")
	}
	if v := params.Get("auth_version"); v != "1.0" {
		return nil, unauthorized("Unsupported auth_version " + strconv.Quote(v) + ": want 1.0")
	}
	ts, err := strconv.ParseInt(params.Get("auth_timestamp"), 10, 64)
	if err != nil {
		return nil, unauthorized("Missing or malformed auth_timestamp")
	}
	if d := now.Sub(time.Unix(ts, 0)); d > authWindow || d < -authWindow {
		return nil, unauthorized("Timestamp expired: given timestamp " + strconv.FormatInt(ts, 10) +
			" is not within 600 s of server time " + strconv.FormatInt(now.Unix(), 10))
	}
	md5Param, hasMD5 := params["body_md5"]
	if len(body) > 0 && !hasMD5 {
		return nil, unauthorized("Missing body_md5: required with a request body")
	}
	if hasMD5 {
		sum := md5.Sum(body)
		want := hex.EncodeToString(sum[:])
		if subtle.ConstantTimeCompare([]byte(strings.ToLower(md5Param[0])), []byte(want)) != 1 {
			return nil, unauthorized("Invalid body_md5: it is not the MD5 of the request body")
		}
	}

	got, err := hex.DecodeString(signature)
	if err != nil || len(got) != sha256.Size {
		return nil, unauthorized("Invalid signature: auth_signature is not a hex HMAC-SHA256")
	}
	slices.SortStableFunc(signed, func(a, b queryParam) int { return strings.Compare(a.key, b.key) })
	paths := []string{path}
	if dec, err := url.PathUnescape(path); err == nil && dec != path {
		paths = append(paths, dec)
	}
	var first string
	for _, p := range paths {
		for _, decoded := range []bool{false, true} {
			toSign := stringToSign(method, p, signed, decoded)
			if first == "" {
				first = toSign
			} else if decoded && toSign == stringToSign(method, p, signed, false) {
				continue // nothing was escaped: same string
			}
			m := hmac.New(sha256.New, []byte(app.Secret))
			m.Write([]byte(toSign))
			if hmac.Equal(got, m.Sum(nil)) {
				return params, nil
			}
		}
	}
	return nil, unauthorized("Invalid signature: you should have sent HmacSHA256Hex(" +
		strconv.Quote(first) + ", your_secret_key), but you sent " + strconv.Quote(signature))
}

func stringToSign(method, path string, sorted []queryParam, decoded bool) string {
	var b strings.Builder
	b.WriteString(method)
	b.WriteByte('\n')
	b.WriteString(path)
	b.WriteByte('\n')
	for i, p := range sorted {
		if i > 0 {
			b.WriteByte('&')
		}
		b.WriteString(p.key)
		b.WriteByte('=')
		if decoded {
			b.WriteString(p.decoded)
		} else {
			b.WriteString(p.raw)
		}
	}
	return b.String()
}
