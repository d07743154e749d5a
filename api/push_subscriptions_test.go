package api_test

import (
	"context"
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"strings"
	"testing"

	"topup/api"
)

// testPushKey is a VAPID public key for the harnesses that turn push on
// (any valid point will do where nothing is sent).
func withPushKey(key string) func(*api.Options) {
	return func(o *api.Options) { o.Public.PushPublicKey = key }
}

// browserSub is a subscription as a browser makes one: its own P-256 key
// pair and 16-byte auth secret.
type browserSub struct {
	endpoint string
	key      *ecdh.PrivateKey
	auth     []byte
}

func newBrowserSub(t *testing.T, endpoint string) browserSub {
	t.Helper()
	k, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	auth := make([]byte, 16)
	_, _ = rand.Read(auth)
	return browserSub{endpoint: endpoint, key: k, auth: auth}
}

// json is PushSubscription.toJSON().
func (b browserSub) json() map[string]any {
	return map[string]any{"endpoint": b.endpoint, "expirationTime": nil, "keys": map[string]string{
		"p256dh": base64.RawURLEncoding.EncodeToString(b.key.PublicKey().Bytes()),
		"auth":   base64.RawURLEncoding.EncodeToString(b.auth),
	}}
}

func TestPushSubscriptionValidation(t *testing.T) {
	h := newAuthHarness(t, withPushKey("BPushKeyForTests"))
	h.user(t, "pushval", "09791235001", "secret-p", false)
	tok := h.login(t, "09791235001", "secret-p")
	good := newBrowserSub(t, "https://fcm.googleapis.com/fcm/send/abc").json()
	keys := good["keys"].(map[string]string)
	with := func(change func(m map[string]any)) map[string]any {
		m := map[string]any{"endpoint": good["endpoint"], "keys": map[string]any{"p256dh": keys["p256dh"], "auth": keys["auth"]}}
		change(m)
		return m
	}
	k := func(m map[string]any) map[string]any { return m["keys"].(map[string]any) }
	b64 := base64.RawURLEncoding.EncodeToString
	for _, tc := range []struct {
		name        string
		body        map[string]any
		field, code string
	}{
		{"no endpoint", with(func(m map[string]any) { delete(m, "endpoint") }), "endpoint", "push_endpoint_required"},
		{"http endpoint", with(func(m map[string]any) { m["endpoint"] = "http://push.example/x" }), "endpoint", "push_endpoint_invalid"},
		{"relative endpoint", with(func(m map[string]any) { m["endpoint"] = "/api/x" }), "endpoint", "push_endpoint_invalid"},
		{"endpoint too long", with(func(m map[string]any) { m["endpoint"] = "https://push.example/" + strings.Repeat("a", 2048) }), "endpoint", "push_endpoint_invalid"},
		{"no p256dh", with(func(m map[string]any) { delete(k(m), "p256dh") }), "keys.p256dh", "push_key_invalid"},
		{"short p256dh", with(func(m map[string]any) { k(m)["p256dh"] = b64(make([]byte, 64)) }), "keys.p256dh", "push_key_invalid"},
		{"p256dh off the curve", with(func(m map[string]any) { k(m)["p256dh"] = b64(append([]byte{4}, make([]byte, 64)...)) }), "keys.p256dh", "push_key_invalid"},
		{"p256dh not base64url", with(func(m map[string]any) { k(m)["p256dh"] = "not base64!" }), "keys.p256dh", "push_key_invalid"},
		{"auth of 15 bytes", with(func(m map[string]any) { k(m)["auth"] = b64(make([]byte, 15)) }), "keys.auth", "push_auth_invalid"},
		{"auth of 17 bytes", with(func(m map[string]any) { k(m)["auth"] = b64(make([]byte, 17)) }), "keys.auth", "push_auth_invalid"},
		{"expiry in 1970", with(func(m map[string]any) { m["expirationTime"] = 5 }), "expirationTime", "push_expiry_invalid"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := h.do(t, authReq{method: "POST", path: "/api/account/push-subscriptions", token: tok, body: tc.body})
			r.failure(t, 422, "invalid", tc.field)
			codes, _ := r.json["codes"].(map[string]any)
			if got := fmt.Sprint(codes[tc.field]); got != "["+tc.code+"]" {
				t.Fatalf("codes[%s] = %s, want %s; %s", tc.field, got, tc.code, r.body)
			}
		})
	}
	h.do(t, authReq{method: "DELETE", path: "/api/account/push-subscriptions", token: tok, body: map[string]any{"endpoint": "ftp://x"}}).
		failure(t, 422, "invalid", "endpoint")
	h.do(t, authReq{method: "POST", path: "/api/account/push-subscriptions", body: good}).want(t, 401)

	// A deployment without VAPID keys refuses, and says so.
	off := newAuthHarness(t)
	off.user(t, "pushoff", "09791235002", "secret-p", false)
	offTok := off.login(t, "09791235002", "secret-p")
	off.do(t, authReq{method: "POST", path: "/api/account/push-subscriptions", token: offTok, body: good}).failure(t, 409, "push_disabled", "")
	r := off.do(t, authReq{method: "GET", path: "/api/config"}).want(t, 200)
	if v, ok := r.data()["push_public_key"]; !ok || v != "" {
		t.Fatalf("push_public_key without keys = %v, %v", v, ok)
	}
}

func TestPushSubscriptionLifecycle(t *testing.T) {
	ctx := context.Background()
	h := newAuthHarness(t, withPushKey("BPushKeyForTests"))
	alice := h.user(t, "pushlife", "09791235003", "secret-p", false)
	bob := h.user(t, "pushbob", "09791235004", "secret-p", false)
	phone := h.login(t, "09791235003", "secret-p")
	desk := h.login(t, "09791235003", "secret-p")
	bobTok := h.login(t, "09791235004", "secret-p")
	count := func(uid int64) int {
		n, err := h.db.PushSubscriptionCount(ctx, uid)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	r := h.do(t, authReq{method: "GET", path: "/api/config"}).want(t, 200)
	if r.data()["push_public_key"] != "BPushKeyForTests" {
		t.Fatalf("config %s", r.body)
	}

	sub := newBrowserSub(t, "https://push.example/phone")
	post := func(tok string, body any) authResult {
		return h.do(t, authReq{method: "POST", path: "/api/account/push-subscriptions", token: tok, body: body})
	}
	r = post(phone, sub.json()).want(t, 201)
	if r.json["success"] != true || r.data()["endpoint"] != sub.endpoint {
		t.Fatalf("subscribe %s", r.body)
	}
	// Idempotent: the same endpoint again is still one subscription.
	post(phone, sub.json()).want(t, 201)
	post(desk, newBrowserSub(t, "https://push.example/desk").json()).want(t, 201)
	if n := count(alice.ID); n != 2 {
		t.Fatalf("alice has %d subscriptions, want 2", n)
	}
	// The browser signed in as bob registers the same endpoint: it moves.
	post(bobTok, sub.json()).want(t, 201)
	if a, b := count(alice.ID), count(bob.ID); a != 1 || b != 1 {
		t.Fatalf("after moving: alice %d, bob %d", a, b)
	}
	// Alice cannot remove bob's; removing what is gone is 200.
	h.do(t, authReq{method: "DELETE", path: "/api/account/push-subscriptions", token: desk, body: map[string]string{"endpoint": sub.endpoint}}).want(t, 200)
	if count(bob.ID) != 1 {
		t.Fatal("alice removed bob's subscription")
	}
	h.do(t, authReq{method: "DELETE", path: "/api/account/push-subscriptions", token: bobTok, body: map[string]string{"endpoint": sub.endpoint}}).want(t, 200)
	h.do(t, authReq{method: "DELETE", path: "/api/account/push-subscriptions", token: bobTok, body: map[string]string{"endpoint": sub.endpoint}}).want(t, 200)
	if count(bob.ID) != 0 {
		t.Fatal("bob's subscription survived DELETE")
	}

	// Signing out ends the session's subscriptions, and only its own.
	post(phone, sub.json()).want(t, 201)
	h.do(t, authReq{method: "POST", path: "/api/logout", token: desk}).want(t, 200)
	if n := count(alice.ID); n != 1 {
		t.Fatalf("after signing the desk out alice has %d subscriptions, want 1", n)
	}
	// Revoking the session from another device ends it too.
	other := h.login(t, "09791235003", "secret-p")
	h.do(t, authReq{method: "POST", path: "/api/account/sessions/revoke-others", token: other}).want(t, 200)
	if n := count(alice.ID); n != 0 {
		t.Fatalf("after revoking the phone's session alice has %d subscriptions", n)
	}

	// At most 10 devices: the 11th drops the oldest.
	var first string
	for i := range 11 {
		s := newBrowserSub(t, fmt.Sprintf("https://push.example/device-%d", i))
		if i == 0 {
			first = s.endpoint
		}
		post(other, s.json()).want(t, 201)
	}
	if n := count(alice.ID); n != 10 {
		t.Fatalf("alice has %d subscriptions, want 10", n)
	}
	var kept bool
	if err := h.db.SQL().Get(&kept, `SELECT EXISTS (SELECT 1 FROM push_subscriptions WHERE endpoint = $1)`, first); err != nil || kept {
		t.Fatalf("the oldest subscription was kept (%v)", err)
	}
}
