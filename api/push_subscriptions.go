package api

import (
	"crypto/ecdh"
	"encoding/base64"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"

	"topup/internal/contract"
	"topup/internal/i18n"
	"topup/store"
)

// Web Push subscriptions of the signed-in session (contract/push.go):
//
//	POST   account/push-subscriptions  register this browser (PushSubscription.toJSON())
//	DELETE account/push-subscriptions  {endpoint}: stop notifying it
//
// A subscription belongs to the session that registered it and ends with
// it (migration 00020); registering an endpoint again moves it to the
// session asking, with its new keys. What is pushed and when is the
// outbox's (internal/push).

// maxPushEndpoint is the longest endpoint kept: push services' are about
// 200-600 characters.
const maxPushEndpoint = 2048

// subscribePush answers POST /api/account/push-subscriptions: 201 with the
// endpoint stored.
func (s *Server) subscribePush(c *fiber.Ctx) error {
	if s.opts.Public.PushPublicKey == "" {
		return Fail(http.StatusConflict, i18n.PushDisabled)
	}
	var req contract.PushSubscribe
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	f := fieldErrors{}
	endpoint := checkPushEndpoint(f, req.Endpoint)
	p256dh, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(req.Keys.P256dh, "="))
	if err != nil || len(p256dh) != 65 || !onP256(p256dh) {
		f.add("keys.p256dh", i18n.PushKeyInvalid)
	}
	auth, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(req.Keys.Auth, "="))
	if err != nil || len(auth) != 16 {
		f.add("keys.auth", i18n.PushAuthInvalid)
	}
	var expires *time.Time
	if ms := req.ExpirationTime; ms != nil {
		// Before 2000 or past 2200 is no browser's expiry.
		if *ms < 946684800000 || *ms > 7258118400000 {
			f.add("expirationTime", i18n.PushExpiryInvalid)
		} else {
			t := time.UnixMilli(*ms).UTC()
			expires = &t
		}
	}
	if err := f.err(); err != nil {
		return err
	}
	err = s.opts.Store.SavePushSubscription(c.UserContext(), store.NewPushSubscription{
		UserID: currentUser(c).ID, TokenID: currentTokenID(c), Endpoint: endpoint,
		P256dh: p256dh, Auth: auth, Lang: string(requestLocale(c).Lang), ExpiresAt: expires,
	})
	if err != nil {
		return err
	}
	return created(c, contract.PushSubscribed{Endpoint: endpoint})
}

// unsubscribePush answers DELETE /api/account/push-subscriptions: 200,
// also when the subscription was already gone.
func (s *Server) unsubscribePush(c *fiber.Ctx) error {
	var req contract.PushUnsubscribe
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	f := fieldErrors{}
	endpoint := checkPushEndpoint(f, req.Endpoint)
	if err := f.err(); err != nil {
		return err
	}
	if err := s.opts.Store.DeletePushSubscription(c.UserContext(), currentUser(c).ID, endpoint); err != nil {
		return err
	}
	return ok(c, contract.PushSubscribed{Endpoint: endpoint})
}

// checkPushEndpoint answers the endpoint when it is an absolute https URL
// of at most maxPushEndpoint characters, else adds the field's error.
func checkPushEndpoint(f fieldErrors, endpoint string) string {
	endpoint = strings.TrimSpace(endpoint)
	if endpoint == "" {
		f.add("endpoint", i18n.PushEndpointRequired)
		return ""
	}
	u, err := url.Parse(endpoint)
	if err != nil || len(endpoint) > maxPushEndpoint || u.Scheme != "https" || u.Host == "" || u.User != nil {
		f.add("endpoint", i18n.PushEndpointInvalid, "max", i18n.Count(maxPushEndpoint))
		return ""
	}
	return endpoint
}

// onP256 reports whether key is an uncompressed point of the curve: the
// browser's half of the encryption, which a push could not use otherwise.
func onP256(key []byte) bool {
	_, err := ecdh.P256().NewPublicKey(key)
	return err == nil
}
