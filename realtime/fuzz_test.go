package realtime

import (
	"bytes"
	"crypto/md5"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Client frame decoding never panics, and whatever decodes can be handled.
func FuzzDecodeIncoming(f *testing.F) {
	for _, s := range []string{
		`{"event":"pusher:subscribe","data":{"channel":"presence-x","auth":"k:00","channel_data":"{\"user_id\":1}"}}`,
		`{"event":"pusher:ping","data":{}}`,
		`{"event":"client-x","channel":"private-a","data":"str"}`,
		`{"event":"pusher:signin","data":"{\"auth\":\"a\",\"user_data\":\"{}\"}"}`,
		`[]`, `{"event":1}`, ``, `{`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := decodeIncoming(b)
		if err != nil {
			return
		}
		var sub struct {
			Channel     string          `json:"channel"`
			Auth        json.RawMessage `json:"auth"`
			ChannelData json.RawMessage `json:"channel_data"`
		}
		if dataObject(m.Data, &sub) == nil {
			jsonString(sub.Auth)
			if s, ok := jsonString(sub.ChannelData); ok {
				_, _ = parseChannelData(s, 1024)
				_, _ = parseUserData(s)
			}
		}
		// Whatever we would forward must stay valid JSON.
		out := eventJSON(m.Event, m.Channel, m.Data, "u")
		if len(m.Data) > 0 && !json.Valid(out) {
			t.Fatalf("forwarded invalid JSON: %s", out)
		}
	})
}

// Frames we build always parse back to the payload.
func FuzzWSFrame(f *testing.F) {
	f.Add([]byte("hello"), 0)
	f.Add(bytes.Repeat([]byte("x"), 200), 1)
	f.Add(bytes.Repeat([]byte("y"), 70000), 2)
	f.Fuzz(func(t *testing.T, p []byte, _ int) {
		b := wsFrame(opText, p)
		if b[0] != 0x81 {
			t.Fatal("first byte")
		}
		n, off := int(b[1]&0x7f), 2
		switch n {
		case 126:
			n, off = int(binary.BigEndian.Uint16(b[2:])), 4
		case 127:
			n, off = int(binary.BigEndian.Uint64(b[2:])), 10
		}
		if b[1]&0x80 != 0 || n != len(p) || !bytes.Equal(b[off:], p) {
			t.Fatalf("frame for %d bytes is wrong", len(p))
		}
	})
}

// Channel-name checks agree with the documented alphabet and length.
func FuzzChannelName(f *testing.F) {
	for _, s := range []string{"news", "private-a", "presence-room.1", "#server-to-user-1", "#x", "a b", "private-encrypted-cache-x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ok := ValidChannelName(s, MaxChannelName)
		if ok && (len(s) == 0 || len(s) > MaxChannelName) {
			t.Fatalf("%q accepted", s)
		}
		plain := len(s) > 0
		for i := 0; i < len(s); i++ {
			if !bytes.ContainsRune([]byte("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-=@,.;"), rune(s[i])) {
				plain = false
			}
		}
		if plain && len(s) <= MaxChannelName && !ok {
			t.Fatalf("%q refused", s)
		}
		_ = channelKind(s)
		_ = IsCacheChannel(s)
	})
}

// Signature checks accept exactly the signature of the exact string.
func FuzzVerifySignature(f *testing.F) {
	f.Add("1.2", "private-a", "", "key:abc")
	f.Add("1.2", "presence-a", `{"user_id":"1"}`, "")
	f.Fuzz(func(t *testing.T, socket, channel, data, auth string) {
		app := &App{Key: "key", Secret: "secret"}
		good := SignChannel(app.Secret, app.Key, socket, channel, data)
		if !verifyChannelAuth(app, good, socket, channel, data) {
			t.Fatal("own signature refused")
		}
		if strings.ToLower(auth) != good && verifyChannelAuth(app, auth, socket, channel, data) {
			t.Fatalf("forged %q accepted", auth)
		}
		if !verifyUserAuth(app, SignUser(app.Secret, app.Key, socket, data), socket, data) {
			t.Fatal("own user signature refused")
		}
	})
}

// HTTP API request verification never panics on any query or body, always
// accepts a request signed as the SDKs sign, and refuses it once the body
// changes.
func FuzzVerifyRequest(f *testing.F) {
	f.Add("auth_key=key&auth_timestamp=100&auth_version=1.0&auth_signature=00", []byte(`{"name":"e"}`), "info", "user_count,subscription_count")
	f.Add("a=%zz&&=&auth_signature=%", []byte{}, "filter_by_prefix", "presence-")
	f.Add("", []byte("x"), "AUTH_KEY", "key")
	f.Fuzz(func(t *testing.T, rawQuery string, body []byte, k, v string) {
		app := &App{Key: "key", Secret: "secret"}
		now := time.Unix(1_700_000_000, 0)
		_, _ = verifyRequest(app, "POST", "/apps/1/events", rawQuery, body, now)

		k = strings.ToLower(k)
		if k == "" || strings.HasPrefix(k, "auth_") || k == "body_md5" {
			k = "x" + k
		}
		q := url.Values{}
		q.Set("auth_key", "key")
		q.Set("auth_timestamp", strconv.FormatInt(now.Unix(), 10))
		q.Set("auth_version", "1.0")
		q.Set(k, v)
		sum := md5.Sum(body)
		q.Set("body_md5", hex.EncodeToString(sum[:]))
		unesc, err := url.QueryUnescape(q.Encode())
		if err != nil {
			return
		}
		q.Set("auth_signature", hmacHex(app.Secret, "POST\n/apps/1/events\n"+unesc))
		if _, aerr := verifyRequest(app, "POST", "/apps/1/events", q.Encode(), body, now); aerr != nil {
			t.Fatalf("own signature refused: %v (query %s)", aerr, q.Encode())
		}
		if _, aerr := verifyRequest(app, "POST", "/apps/1/events", q.Encode(), append(body, 'x'), now); aerr == nil {
			t.Fatal("changed body accepted")
		}
	})
}
