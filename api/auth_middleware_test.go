package api

import (
	"context"
	"encoding/json"
	"io"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/rs/zerolog"

	"topup/store"
	"topup/store/storetest"
)

// TestMiddlewareTrio checks requireUser, refuseBanned and requireAdmin the
// way other handlers chain them.
func TestMiddlewareTrio(t *testing.T) {
	ctx := context.Background()
	db := storetest.New(t)
	now := time.Now().UTC()
	s := New(Options{Store: db, Log: zerolog.Nop(), Now: func() time.Time { return now }})
	ok := func(c *fiber.Ctx) error { return c.JSON(fiber.Map{"user": currentUser(c).ID}) }
	s.app.Get("/t/user", s.requireUser, s.refuseBanned, ok)
	s.app.Get("/t/admin", s.requireUser, s.refuseBanned, s.requireAdmin, ok)
	s.app.Get("/t/admin-only", s.requireUser, s.requireAdmin, ok)

	mk := func(name, phone string, admin bool) (store.User, string) {
		u, err := db.CreateUser(ctx, store.NewUser{Username: name, Phone: phone, PasswordHash: "x", IsAdmin: admin})
		if err != nil {
			t.Fatal(err)
		}
		tok, hash := newToken()
		if _, err := db.CreateToken(ctx, u.ID, hash, "test", now, now.Add(TokenTTL)); err != nil {
			t.Fatal(err)
		}
		return u, tok
	}
	_, userTok := mk("user", "09791000001", false)
	_, adminTok := mk("admin", "09791000002", true)
	bannedUser, bannedTok := mk("banned", "09791000003", false)
	bannedAdmin, bannedAdminTok := mk("bannedadmin", "09791000004", true)
	if _, err := db.SQL().Exec(`UPDATE users SET is_banned = true, ban_reason = 'Chargeback fraud' WHERE id = $1`, bannedUser.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := db.SQL().Exec(`UPDATE users SET is_banned = true WHERE id = $1`, bannedAdmin.ID); err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name, path, token string
		status            int
		banReason         string
	}{
		{"anonymous user route", "/t/user", "", 401, ""},
		{"user on user route", "/t/user", userTok, 200, ""},
		{"banned on user route", "/t/user", bannedTok, 403, "Chargeback fraud"},
		{"banned without reason", "/t/user", bannedAdminTok, 403, "Violation of platform guidelines"},
		{"anonymous admin route", "/t/admin", "", 401, ""},
		{"user on admin route", "/t/admin", userTok, 403, ""},
		{"admin on admin route", "/t/admin", adminTok, 200, ""},
		{"banned admin on admin route", "/t/admin", bannedAdminTok, 403, "Violation of platform guidelines"},
		{"banned admin, admin check alone", "/t/admin-only", bannedAdminTok, 403, "Violation of platform guidelines"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", tt.path, nil)
			if tt.token != "" {
				r.Header.Set("Authorization", "Bearer "+tt.token)
			}
			res, err := s.app.Test(r, -1)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			b, _ := io.ReadAll(res.Body)
			if res.StatusCode != tt.status {
				t.Fatalf("status %d, want %d: %s", res.StatusCode, tt.status, b)
			}
			var body map[string]any
			_ = json.Unmarshal(b, &body)
			if tt.banReason != "" && (body["ban_reason"] != tt.banReason || body["code"] != "account_banned") {
				t.Fatalf("ban answer %s", b)
			}
			if tt.banReason == "" && body["ban_reason"] != nil {
				t.Fatalf("ban_reason for a non-banned refusal: %s", b)
			}
		})
	}
}

func TestCurrentUserWithoutMiddlewarePanics(t *testing.T) {
	app := fiber.New()
	app.Get("/", func(c *fiber.Ctx) error {
		defer func() {
			if recover() == nil {
				t.Error("currentUser did not panic")
			}
		}()
		currentUser(c)
		return nil
	})
	if _, err := app.Test(httptest.NewRequest("GET", "/", nil), -1); err != nil {
		t.Fatal(err)
	}
}
