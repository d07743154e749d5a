package api_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"testing"

	"topup/store"
)

// userAuth signs socket in as the token's user (pusher-js sends a form).
func userAuth(t *testing.T, h *adminHarness, token, socket string) authResult {
	t.Helper()
	return h.do(t, authReq{method: "POST", path: "/api/broadcasting/user-auth", raw: "socket_id=" + socket,
		contentType: "application/x-www-form-urlencoded", token: token})
}

// A socket signs in as its user (pusher:signin), so a ban or a demotion
// can close that user's sockets: both write a terminate into the outbox
// with the change (after a ban's user.updated), and the admin channels
// refuse the user from then on.
func TestBanAndDemotionEndAdminAccess(t *testing.T) {
	h := newAdminHarness(t)
	ctx := context.Background()

	t.Run("user authentication", func(t *testing.T) {
		r := userAuth(t, h, h.boss.token, "1234.5678").want(t, 200)
		data := r.str("user_data")
		var u struct {
			ID       string `json:"id"`
			UserInfo struct {
				Username string `json:"username"`
			} `json:"user_info"`
		}
		if err := json.Unmarshal([]byte(data), &u); err != nil || u.ID != fmt.Sprint(h.boss.ID) || u.UserInfo.Username != h.boss.Username {
			t.Fatalf("user_data %q (%v)", data, err)
		}
		m := hmac.New(sha256.New, []byte(testPusherSecret))
		m.Write([]byte("1234.5678::user::" + data))
		if want := testPusherKey + ":" + hex.EncodeToString(m.Sum(nil)); r.str("auth") != want {
			t.Fatalf("auth %q, want %q", r.str("auth"), want)
		}
		userAuth(t, h, "", "1234.5678").want(t, 401)
		userAuth(t, h, h.boss.token, "1234.5678:x").want(t, 422)
		userAuth(t, h, h.boss.token, "").want(t, 422)
	})

	// terminates lists the users whose sockets the outbox closes, in order,
	// with the event written just before each.
	terminates := func(t *testing.T, userID int64) []string {
		t.Helper()
		var rows []struct {
			Event   string `db:"event"`
			Payload string `db:"payload"`
		}
		if err := h.db.SQL().Select(&rows, `SELECT event, payload::text AS payload FROM outbox
			WHERE channels = ARRAY[$1] ORDER BY id`, store.UserChannel(userID)); err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, r := range rows {
			out = append(out, r.Event+" "+r.Payload)
		}
		return out
	}

	t.Run("ban", func(t *testing.T) {
		victim := h.admin(t)
		channelAuth(t, h.authHarness, "/api/broadcasting/auth", true, victim.token, "1.2", "private-admins").want(t, 200)
		h.call(t, h.boss.token, "POST", fmt.Sprintf("/api/admin/users/%d/ban", victim.ID), map[string]any{"reason": "stole codes"}).want(t, 200)
		got := terminates(t, victim.ID)
		want := fmt.Sprintf(`pusher:terminate_connections {"user_id": "%d"}`, victim.ID)
		if len(got) != 2 || got[0][:len(store.EventUserUpdated)] != store.EventUserUpdated || got[1] != want {
			t.Fatalf("outbox for the banned admin: %q, want user.updated then %q", got, want)
		}
		// Banned users may log in (to see why); the admin channels refuse them.
		tok := h.login(t, victim.Phone, "boss-pw-123")
		for _, ch := range []string{"private-admins", "presence-admins"} {
			channelAuth(t, h.authHarness, "/api/broadcasting/auth", true, tok, "1.2", ch).want(t, 403)
		}
	})

	t.Run("demotion", func(t *testing.T) {
		victim := h.admin(t)
		channelAuth(t, h.authHarness, "/api/broadcasting/auth", true, victim.token, "1.2", "private-admins").want(t, 200)
		if err := h.db.SetAdmin(ctx, victim.ID, false); err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf(`pusher:terminate_connections {"user_id": "%d"}`, victim.ID)
		if got := terminates(t, victim.ID); len(got) != 1 || got[0] != want {
			t.Fatalf("outbox for the demoted admin: %q, want %q", got, want)
		}
		// The session stays (a customer now), the admin channels do not.
		for _, ch := range []string{"private-admins", "presence-admins"} {
			channelAuth(t, h.authHarness, "/api/broadcasting/auth", true, victim.token, "1.2", ch).want(t, 403)
		}
		channelAuth(t, h.authHarness, "/api/broadcasting/auth", true, victim.token, "1.2", store.UserChannel(victim.ID)).want(t, 200)
	})
}
