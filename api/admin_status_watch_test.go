package api_test

import (
	"context"
	"testing"
	"time"
)

// The admin-online flag reaches customers on the public admin-status
// channel: when an admin opens the dashboard (presence-admins), leaves, and
// when the switch is flipped.
func TestWatchAdminStatus(t *testing.T) {
	h := newAdminHarness(t)
	announced := func() []string {
		h.bc.mu.Lock()
		defer h.bc.mu.Unlock()
		var out []string
		for _, p := range h.bc.sent {
			if p.event == "admin-status.updated" && len(p.channels) == 1 && p.channels[0] == "admin-status" {
				out = append(out, p.data)
			}
		}
		return out
	}
	waitFor := func(n int) []string {
		t.Helper()
		deadline := time.Now().Add(5 * time.Second)
		for len(announced()) < n {
			if time.Now().After(deadline) {
				t.Fatalf("announced %v, want %d events", announced(), n)
			}
			time.Sleep(5 * time.Millisecond)
		}
		return announced()
	}
	setAdmins := func(n int) {
		h.bc.authBroadcaster.mu.Lock()
		h.bc.admins = n
		h.bc.authBroadcaster.mu.Unlock()
	}

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { h.srv.WatchAdminStatus(ctx, 10*time.Millisecond); close(done) }()
	defer func() { cancel(); <-done }()

	if got := waitFor(1); got[0] != `{"admin_online":false}` {
		t.Fatalf("first %v", got)
	}
	setAdmins(1)
	if got := waitFor(2); got[1] != `{"admin_online":true}` {
		t.Fatalf("an admin came: %v", got)
	}
	time.Sleep(50 * time.Millisecond) // nothing changes: nothing is sent
	if got := announced(); len(got) != 2 {
		t.Fatalf("repeated: %v", got)
	}
	setAdmins(0)
	if got := waitFor(3); got[2] != `{"admin_online":false}` {
		t.Fatalf("the admin left: %v", got)
	}
	cancel()
	<-done
	h.call(t, h.boss.token, "PUT", "/api/admin/settings/admin-online", map[string]any{"online": true}).want(t, 200)
	if got := waitFor(4); got[3] != `{"admin_online":true}` {
		t.Fatalf("the switch: %v", got)
	}
}
