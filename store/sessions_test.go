package store_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"topup/store"
	"topup/store/storetest"
)

// terminations are the users whose sockets the outbox was asked to close
// since the last call, in order.
func terminations(t *testing.T, db *store.DB) []string {
	t.Helper()
	events, err := db.ClaimOutbox(context.Background(), store.LaneLive, 100, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range events {
		if e.Event == store.EventTerminateConnections {
			out = append(out, string(e.Payload))
		}
	}
	db.SQL().MustExec(`UPDATE outbox SET sent_at = now() WHERE sent_at IS NULL`)
	return out
}

func TestSessionMetadata(t *testing.T) {
	ctx := context.Background()
	db := storetest.New(t)
	u, err := db.CreateUser(ctx, store.NewUser{Username: "meta", Phone: "09791231001", PasswordHash: "h"})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC().Truncate(time.Second)
	ua := "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)\x00" + strings.Repeat("x", 600)
	id, err := db.CreateSession(ctx, store.NewSession{UserID: u.ID, TokenHash: tokenHash("meta"), Name: "login",
		UserAgent: ua, IP: "203.0.113.7", Now: now, Expires: now.Add(time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	sessions := func() store.SessionInfo {
		t.Helper()
		list, err := db.Sessions(ctx, u.ID, now)
		if err != nil || len(list) != 1 || list[0].ID != id {
			t.Fatalf("sessions %+v, %v", list, err)
		}
		return list[0]
	}
	s := sessions()
	if !strings.HasPrefix(s.UserAgent, "Mozilla/5.0 (iPhone") || strings.ContainsRune(s.UserAgent, 0) || len([]rune(s.UserAgent)) != 512 {
		t.Fatalf("user agent %q (%d)", s.UserAgent, len(s.UserAgent))
	}
	if s.IP == nil || *s.IP != "203.0.113.7" || s.LastUsedAt == nil || !s.LastUsedAt.Equal(now) {
		t.Fatalf("ip %v, last used %v", s.IP, s.LastUsedAt)
	}

	// Uses within a minute write nothing; the first after it records the
	// time and the address it came from.
	if _, err := db.SessionByToken(ctx, tokenHash("meta"), now.Add(59*time.Second), "198.51.100.1"); err != nil {
		t.Fatal(err)
	}
	if s := sessions(); !s.LastUsedAt.Equal(now) || *s.IP != "203.0.113.7" {
		t.Fatalf("touched within the minute: %v %v", s.LastUsedAt, *s.IP)
	}
	later := now.Add(61 * time.Second)
	if _, err := db.SessionByToken(ctx, tokenHash("meta"), later, "198.51.100.1"); err != nil {
		t.Fatal(err)
	}
	if s := sessions(); !s.LastUsedAt.Equal(later) || *s.IP != "198.51.100.1" {
		t.Fatalf("not touched after the minute: %v %v", s.LastUsedAt, *s.IP)
	}
	// An unknown address keeps the last known one.
	if _, err := db.SessionByToken(ctx, tokenHash("meta"), later.Add(2*time.Minute), ""); err != nil {
		t.Fatal(err)
	}
	if s := sessions(); *s.IP != "198.51.100.1" {
		t.Fatalf("ip forgotten: %v", *s.IP)
	}
}

func TestRevokeSessions(t *testing.T) {
	ctx := context.Background()
	db := storetest.New(t)
	now := time.Now().UTC().Truncate(time.Second)
	newUser := func(name, phone string) (store.User, []int64) {
		u, err := db.CreateUser(ctx, store.NewUser{Username: name, Phone: phone, PasswordHash: "h"})
		if err != nil {
			t.Fatal(err)
		}
		var ids []int64
		for i := range 3 {
			id, err := db.CreateSession(ctx, store.NewSession{UserID: u.ID, TokenHash: tokenHash(fmt.Sprint(name, i)),
				UserAgent: "ua", Now: now.Add(time.Duration(i) * time.Second), Expires: now.Add(time.Hour)})
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, id)
		}
		return u, ids
	}
	alice, aliceIDs := newUser("alice", "09791231002")
	bob, bobIDs := newUser("bob", "09791231003")
	terminations(t, db)
	live := func(u store.User) int {
		list, err := db.Sessions(ctx, u.ID, now)
		if err != nil {
			t.Fatal(err)
		}
		return len(list)
	}

	t.Run("another user's session is not found and stays live", func(t *testing.T) {
		if err := db.RevokeSession(ctx, alice.ID, bobIDs[0], now); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("err %v", err)
		}
		if live(bob) != 3 || len(terminations(t, db)) != 0 {
			t.Fatal("bob's session was touched")
		}
	})
	t.Run("own session: its token fails at once and the user's sockets close", func(t *testing.T) {
		if err := db.RevokeSession(ctx, alice.ID, aliceIDs[0], now); err != nil {
			t.Fatal(err)
		}
		if _, err := db.SessionByToken(ctx, tokenHash("alice0"), now, ""); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("revoked token still works: %v", err)
		}
		if got := terminations(t, db); len(got) != 1 || got[0] != fmt.Sprintf(`{"user_id": "%d"}`, alice.ID) {
			t.Fatalf("terminations %v", got)
		}
		if err := db.RevokeSession(ctx, alice.ID, aliceIDs[0], now); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("second revoke: %v", err)
		}
	})
	t.Run("everywhere else keeps the asking session", func(t *testing.T) {
		n, err := db.RevokeOtherSessions(ctx, bob.ID, bobIDs[2], now)
		if err != nil || n != 2 {
			t.Fatalf("revoked %d, %v", n, err)
		}
		if _, err := db.SessionByToken(ctx, tokenHash("bob2"), now, ""); err != nil {
			t.Fatalf("kept session fails: %v", err)
		}
		if live(bob) != 1 || live(alice) != 2 || len(terminations(t, db)) != 1 {
			t.Fatal("wrong sessions ended")
		}
		// Nothing left to end closes nothing.
		if n, err := db.RevokeOtherSessions(ctx, bob.ID, bobIDs[2], now); err != nil || n != 0 || len(terminations(t, db)) != 0 {
			t.Fatalf("second call: %d %v", n, err)
		}
	})
	t.Run("password change ends the others in the same transaction", func(t *testing.T) {
		n, err := db.ChangePassword(ctx, alice.ID, aliceIDs[1], "new-hash", now)
		if err != nil || n != 1 {
			t.Fatalf("revoked %d, %v", n, err)
		}
		u, err := db.UserByID(ctx, alice.ID)
		if err != nil || u.PasswordHash != "new-hash" {
			t.Fatalf("hash %q %v", u.PasswordHash, err)
		}
		if live(alice) != 1 || len(terminations(t, db)) != 1 {
			t.Fatal("other sessions not ended")
		}
	})
}
