package api_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"topup/store"
)

func TestChannelAuth(t *testing.T) {
	h := newAuthHarness(t)
	u := h.user(t, "Aung", "09791234567", "password1", false)
	other := h.user(t, "Other", "09791234568", "password1", false)
	admin := h.user(t, "Boss", "09790000000", "password1", true)
	userTok := h.login(t, "09791234567", "password1")
	adminTok := h.login(t, "09790000000", "password1")
	own := fmt.Sprintf("private-user.%d", u.ID)
	const socket = "1234.5678"

	tests := []struct {
		name, token, socket, channel string
		status                       int
		presence                     bool
	}{
		{"own channel", userTok, socket, own, 200, false},
		{"another user's channel", userTok, socket, fmt.Sprintf("private-user.%d", other.ID), 403, false},
		{"private-admins as a customer", userTok, socket, "private-admins", 403, false},
		{"presence-admins as a customer", userTok, socket, "presence-admins", 403, false},
		{"admin's own channel", adminTok, socket, fmt.Sprintf("private-user.%d", admin.ID), 200, false},
		{"private-admins as admin", adminTok, socket, "private-admins", 200, false},
		{"presence-admins as admin", adminTok, socket, "presence-admins", 200, true},
		{"admin cannot join a customer's channel", adminTok, socket, own, 403, false},
		{"leading zero", userTok, socket, fmt.Sprintf("private-user.0%d", u.ID), 403, false},
		{"trailing space", userTok, socket, own + " ", 403, false},
		{"extra segment", userTok, socket, own + ".5", 403, false},
		{"signed id", userTok, socket, fmt.Sprintf("private-user.+%d", u.ID), 403, false},
		{"Arabic-Indic digits", userTok, socket, "private-user.٧", 403, false},
		{"presence-user", userTok, socket, fmt.Sprintf("presence-user.%d", u.ID), 403, false},
		{"public channel", userTok, socket, "user." + fmt.Sprint(u.ID), 403, false},
		{"colon injection", userTok, socket, own + ":x", 403, false},
		{"300 characters", userTok, socket, "private-" + strings.Repeat("a", 292), 403, false},
		{"encrypted", userTok, socket, "private-encrypted-user." + fmt.Sprint(u.ID), 403, false},
		{"socket id not numeric", userTok, "abc", own, 422, false},
		{"socket id with channel", userTok, "1.1:private-user.2", own, 422, false},
		{"socket id with newline", userTok, "1.1\n", own, 422, false},
		{"socket id missing", userTok, "", own, 422, false},
		{"channel missing", userTok, socket, "", 422, false},
		{"anonymous", "", socket, own, 401, false},
	}
	for _, path := range []string{"/broadcasting/auth", "/api/broadcasting/auth"} {
		for _, form := range []bool{true, false} {
			for _, tt := range tests {
				t.Run(fmt.Sprintf("%s form=%v %s", path, form, tt.name), func(t *testing.T) {
					r := channelAuth(t, h, path, form, tt.token, tt.socket, tt.channel).want(t, tt.status)
					if tt.status != 200 {
						if r.json["auth"] != nil || r.json["success"] != false {
							t.Fatalf("refusal carries a signature or wrong shape: %s", r.body)
						}
						return
					}
					data := ""
					if tt.presence {
						data = r.str("channel_data")
						var member struct {
							UserID   string `json:"user_id"`
							UserInfo struct {
								Username string `json:"username"`
							} `json:"user_info"`
						}
						if err := json.Unmarshal([]byte(data), &member); err != nil ||
							member.UserID != fmt.Sprint(admin.ID) || member.UserInfo.Username != "Boss" {
							t.Fatalf("channel_data = %q", data)
						}
					} else if _, ok := r.json["channel_data"]; ok {
						t.Fatalf("channel_data on a private channel: %s", r.body)
					}
					if got, want := r.str("auth"), authPusherSign(tt.socket, tt.channel, data); got != want {
						t.Fatalf("auth = %q, want %q", got, want)
					}
				})
			}
		}
	}

	t.Run("strict bodies", func(t *testing.T) {
		for name, c := range map[string]struct {
			raw, ctype string
			status     int
		}{
			"repeated form field": {"socket_id=1.2&channel_name=" + own + "&channel_name=private-admins", "application/x-www-form-urlencoded", 400},
			"unknown form field":  {"socket_id=1.2&channel_name=" + own + "&user=2", "application/x-www-form-urlencoded", 422},
			"duplicate JSON key":  {`{"socket_id":"1.2","channel_name":"private-admins","channel_name":"` + own + `"}`, "application/json", 400},
			"case-variant key":    {`{"socket_id":"1.2","Channel_Name":"` + own + `"}`, "application/json", 422},
			"text/plain":          {"socket_id=1.2", "text/plain", 415},
		} {
			t.Run(name, func(t *testing.T) {
				h.do(t, authReq{method: "POST", path: "/broadcasting/auth", raw: c.raw, contentType: c.ctype, token: userTok}).want(t, c.status)
			})
		}
	})
}

func channelAuth(t *testing.T, h *authHarness, path string, form bool, token, socket, channel string) authResult {
	t.Helper()
	if form {
		v := url.Values{}
		if socket != "" {
			v.Set("socket_id", socket)
		}
		if channel != "" {
			v.Set("channel_name", channel)
		}
		return h.do(t, authReq{method: "POST", path: path, raw: v.Encode() + "", contentType: "application/x-www-form-urlencoded", token: token})
	}
	body := map[string]string{}
	if socket != "" {
		body["socket_id"] = socket
	}
	if channel != "" {
		body["channel_name"] = channel
	}
	return h.do(t, authReq{method: "POST", path: path, body: body, token: token})
}

func TestBannedRouting(t *testing.T) {
	h := newAuthHarness(t)
	u := h.user(t, "Aung", "09791234567", "password1", false)
	tok := h.login(t, "09791234567", "password1")
	reason := "Chargeback fraud"
	h.ban(t, u, &reason)
	// A ban revokes every session (the admin ban handler calls this).
	if n, err := h.db.RevokeUserTokens(context.Background(), u.ID, h.clock.Now()); err != nil || n != 1 {
		t.Fatalf("revoked %d, %v", n, err)
	}
	h.do(t, authReq{method: "GET", path: fmt.Sprintf("/api/user/%d", u.ID), token: tok}).want(t, 401)

	// Banned customers can still log in: the app needs a token to show the
	// banned page.
	r := h.do(t, authReq{method: "POST", path: "/api/login", ip: "10.8.0.1",
		body: map[string]string{"phone_number": "09791234567", "password": "password1"}}).want(t, 200)
	if user, _ := r.json["user"].(map[string]any); user["is_banned"] != true || user["ban_reason"] != reason {
		t.Fatalf("login of a banned user: %s", r.body)
	}
	tok = r.str("token")

	t.Run("may read themselves", func(t *testing.T) {
		r := h.do(t, authReq{method: "GET", path: fmt.Sprintf("/api/user/%d", u.ID), token: tok}).want(t, 200)
		if r.data()["ban_reason"] != reason {
			t.Fatalf("%s", r.body)
		}
	})
	t.Run("may join their own channel", func(t *testing.T) {
		channelAuth(t, h, "/broadcasting/auth", true, tok, "1.2", fmt.Sprintf("private-user.%d", u.ID)).want(t, 200)
	})
	t.Run("other channels: 403 with the reason", func(t *testing.T) {
		r := channelAuth(t, h, "/broadcasting/auth", true, tok, "1.2", "private-user.999").want(t, 403)
		if r.str("ban_reason") != reason {
			t.Fatalf("%s", r.body)
		}
	})
	t.Run("may log out", func(t *testing.T) {
		h.do(t, authReq{method: "POST", path: "/api/logout", token: tok}).want(t, 200)
	})
}

func TestAdminStatus(t *testing.T) {
	h := newAuthHarness(t)
	status := func() bool {
		t.Helper()
		r := h.do(t, authReq{method: "GET", path: "/api/admin-status"}).want(t, 200)
		online, ok := r.json["adminStatus"].(bool)
		if !ok || r.data()["admin_online"] != online {
			t.Fatalf("shape: %s", r.body)
		}
		return online
	}
	if status() {
		t.Fatal("online with nobody present")
	}
	h.bc.mu.Lock()
	h.bc.admins = 1
	h.bc.mu.Unlock()
	if !status() {
		t.Fatal("offline with an admin present")
	}
	h.bc.mu.Lock()
	h.bc.admins, h.bc.countErr = 0, errors.New("realtime down")
	h.bc.mu.Unlock()
	if status() {
		t.Fatal("online while presence is unknown and no override")
	}
	if err := h.db.SetSetting(context.Background(), store.SettingAdminOnline, true, 0); err != nil {
		t.Fatal(err)
	}
	if !status() {
		t.Fatal("override ignored")
	}
}
