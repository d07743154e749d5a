package realtime

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// signin signs c in with user_data ud and expects success.
func (c *client) signin(ud string) {
	c.t.Helper()
	c.send("pusher:signin", "", map[string]any{"auth": SignUser(tSecret, tKey, c.socketID, ud), "user_data": ud})
	c.expect("pusher:signin_success")
}

// expectWatch reads one pusher_internal:watchlist_events frame and returns
// "name id,id" for each of its events.
func (c *client) expectWatch(watcher string) []string {
	c.t.Helper()
	f := c.expect("pusher_internal:watchlist_events")
	if f.Channel != "#server-to-user-"+watcher {
		c.t.Fatalf("watchlist events on %q, want #server-to-user-%s", f.Channel, watcher)
	}
	var d struct {
		Events []struct {
			Name    string   `json:"name"`
			UserIDs []string `json:"user_ids"`
		} `json:"events"`
	}
	f.obj(c.t, &d)
	var out []string
	for _, ev := range d.Events {
		out = append(out, ev.Name+" "+strings.Join(ev.UserIDs, ","))
	}
	return out
}

func TestWatchlistOnlineOffline(t *testing.T) {
	e := newEnv(t, nil)
	w := e.connect()
	w.signin(`{"id":"w","watchlist":["a","b"]}`)

	a1 := e.connect()
	a1.signin(`{"id":"a"}`)
	if got := w.expectWatch("w"); !slices.Equal(got, []string{"online a"}) {
		t.Fatalf("a signed in: %v", got)
	}
	// A second socket of a is no news; a is offline after the last.
	a2 := e.connect()
	a2.signin(`{"id":"a"}`)
	a1.ws.Close()
	a2.ws.Close()
	if got := w.expectWatch("w"); !slices.Equal(got, []string{"offline a"}) {
		t.Fatalf("a's sockets closed: %v", got)
	}

	// Signing in tells the watcher who is online already.
	b := e.connect()
	b.signin(`{"id":"b"}`)
	if got := w.expectWatch("w"); !slices.Equal(got, []string{"online b"}) {
		t.Fatalf("b signed in: %v", got)
	}
	late := e.connect()
	late.signin(`{"id":"late","watchlist":["a","b","nobody"]}`)
	if got := late.expectWatch("late"); !slices.Equal(got, []string{"online b"}) {
		t.Fatalf("initial status: %v", got)
	}
	// Users not on a socket's watchlist are not reported to it.
	x := e.connect()
	x.signin(`{"id":"x"}`)
	b.ws.Close()
	if got := w.expectWatch("w"); !slices.Equal(got, []string{"offline b"}) {
		t.Fatalf("b left: %v", got)
	}
	if got := late.expectWatch("late"); !slices.Equal(got, []string{"offline b"}) {
		t.Fatalf("b left, late watcher: %v", got)
	}
	late.expectQuiet(200 * time.Millisecond)
}

func TestWatchlistLimit(t *testing.T) {
	e := newEnv(t, nil)
	ids := make([]string, 101)
	for i := range ids {
		ids[i] = fmt.Sprintf("%q", fmt.Sprint("u", i))
	}
	c := e.connect()
	c.signin(`{"id":"w","watchlist":[` + strings.Join(ids, ",") + `]}`)
	if code, _ := c.expectError(); code != 4302 {
		t.Fatalf("code %d, want 4302", code)
	}
	// The first 100 are watched, the 101st is not.
	u99, u100 := e.connect(), e.connect()
	u99.signin(`{"id":"u99"}`)
	if got := c.expectWatch("w"); !slices.Equal(got, []string{"online u99"}) {
		t.Fatalf("u99: %v", got)
	}
	u100.signin(`{"id":"u100"}`)
	c.expectQuiet(200 * time.Millisecond)

	bad := e.connect()
	ud := `{"id":"v","watchlist":[{"id":1}]}`
	bad.send("pusher:signin", "", map[string]any{"auth": SignUser(tSecret, tKey, bad.socketID, ud), "user_data": ud})
	if code, _ := bad.expectError(); code != 4009 {
		t.Fatalf("watchlist of objects: code %d, want 4009", code)
	}
}
