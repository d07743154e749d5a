package realtime

import (
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	pusher "github.com/pusher/pusher-http-go/v5"

	"topup/realtime/realtimetest"
)

// The HTTP API driven by the official Go server SDK, pusher-http-go v5,
// against the real server on 127.0.0.1. Where the SDK refuses to send a
// request (101 channels, bad names, a wrong body_md5, terminate, which v5
// lacks) the test signs it itself, the same way (signedRequest).

func (e *env) sdk() *pusher.Client {
	return &pusher.Client{AppID: tAppID, Key: tKey, Secret: tSecret, Host: e.addr}
}

// signedRequest sends a request signed as the reference describes; edit
// may alter the query after signing.
func (e *env) signedRequest(method, path string, body []byte, extra url.Values, edit func(q url.Values)) (int, string) {
	e.t.Helper()
	q := realtimetest.SignQuery(tKey, tSecret, method, path, extra, body)
	if edit != nil {
		edit(q)
	}
	code, b := realtimetest.Do(e.t, e.addr, method, path, q, body)
	return code, string(b)
}

// status extracts the status code from a pusher-http-go error.
func status(err error) int {
	if err == nil {
		return 200
	}
	var code int
	if _, e := fmt.Sscanf(err.Error(), "Status Code: %d", &code); e != nil {
		return -1
	}
	return code
}

func TestAPITrigger(t *testing.T) {
	e := newEnv(t, nil)
	p := e.sdk()
	a, b := e.connect(), e.connect()
	a.join("news", "")
	b.join("news", "")
	b.join("sports", "")

	if err := p.Trigger("news", "posted", map[string]int{"id": 1}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []*client{a, b} {
		f := c.expect("posted")
		if f.Channel != "news" || f.str(t) != `{"id":1}` {
			t.Fatalf("got %+v", f)
		}
	}

	// Many channels: b is on both and receives the event once per channel.
	if err := p.TriggerMulti([]string{"news", "sports"}, "multi", "plain text"); err != nil {
		t.Fatal(err)
	}
	if f := a.expect("multi"); f.str(t) != "plain text" {
		t.Fatalf("data %s", f.Data)
	}
	got := []string{b.expect("multi").Channel, b.expect("multi").Channel}
	sort.Strings(got)
	if got[0] != "news" || got[1] != "sports" {
		t.Fatalf("b got %v", got)
	}

	// Exclusion: a's socket is skipped; the next event proves nothing
	// else was queued for a.
	sid := a.socketID
	if _, err := p.TriggerWithParams("news", "toOthers", "x", pusher.TriggerParams{SocketID: &sid}); err != nil {
		t.Fatal(err)
	}
	b.expect("toOthers")
	if err := p.Trigger("news", "after", "y"); err != nil {
		t.Fatal(err)
	}
	a.expect("after")
	b.expect("after")

	// Send to a user through its #server-to-user- channel.
	ud := `{"id":"7"}`
	a.send("pusher:signin", "", map[string]any{"auth": SignUser(tSecret, tKey, a.socketID, ud), "user_data": ud})
	a.expect("pusher:signin_success")
	a.join("#server-to-user-7", "")
	if err := p.SendToUser("7", "credited", `{"amount":5}`); err != nil {
		t.Fatal(err)
	}
	a.expect("credited")
}

func TestAPIInfoAndChannels(t *testing.T) {
	e := newEnv(t, nil)
	p := e.sdk()
	u1a, u1b, u2 := e.connect(), e.connect(), e.connect()
	u1a.join("presence-room", `{"user_id":"1"}`)
	u1b.join("presence-room", `{"user_id":"1"}`)
	u2.join("presence-room", `{"user_id":"2"}`)
	u2.join("public-1", "")
	u2.join("private-x", "")

	info := "user_count,subscription_count"
	res, err := p.TriggerMultiWithParams([]string{"presence-room", "public-1"}, "e", "{}", pusher.TriggerParams{Info: &info})
	if err != nil {
		t.Fatal(err)
	}
	pr, pub := res.Channels["presence-room"], res.Channels["public-1"]
	if pr.UserCount == nil || *pr.UserCount != 2 || pr.SubscriptionCount == nil || *pr.SubscriptionCount != 3 {
		t.Fatalf("presence-room info %+v", pr)
	}
	if pub.UserCount != nil || pub.SubscriptionCount == nil || *pub.SubscriptionCount != 1 {
		t.Fatalf("public-1 info %+v", pub)
	}

	// Batch with info, answered index-aligned.
	sc := "subscription_count"
	batch, err := p.TriggerBatch([]pusher.Event{
		{Channel: "public-1", Name: "b1", Data: "1", Info: &sc},
		{Channel: "presence-room", Name: "b2", Data: "2"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(batch.Batch) != 2 || batch.Batch[0].SubscriptionCount == nil || *batch.Batch[0].SubscriptionCount != 1 || batch.Batch[1].SubscriptionCount != nil {
		t.Fatalf("batch answer %+v", batch)
	}
	// One connection's frames arrive in publish order.
	for _, ev := range []string{"e", "e", "b1", "b2"} {
		u2.expect(ev)
	}

	all, err := p.Channels(pusher.ChannelsParams{})
	if err != nil {
		t.Fatal(err)
	}
	if len(all.Channels) != 3 {
		t.Fatalf("channels %+v", all.Channels)
	}
	prefix, uc := "presence-", "user_count"
	pres, err := p.Channels(pusher.ChannelsParams{FilterByPrefix: &prefix, Info: &uc})
	if err != nil {
		t.Fatal(err)
	}
	if len(pres.Channels) != 1 || pres.Channels["presence-room"].UserCount != 2 {
		t.Fatalf("presence channels %+v", pres.Channels)
	}
	// user_count needs the presence- prefix.
	if _, err := p.Channels(pusher.ChannelsParams{Info: &uc}); status(err) != 400 {
		t.Fatalf("channels info=user_count without prefix: %v", err)
	}

	ch, err := p.Channel("presence-room", pusher.ChannelParams{Info: &info})
	if err != nil {
		t.Fatal(err)
	}
	if !ch.Occupied || ch.UserCount != 2 || ch.SubscriptionCount != 3 {
		t.Fatalf("channel %+v", ch)
	}
	empty, err := p.Channel("nobody-here", pusher.ChannelParams{})
	if err != nil || empty.Occupied {
		t.Fatalf("empty channel %+v %v", empty, err)
	}
	if _, err := p.Channel("public-1", pusher.ChannelParams{Info: &uc}); status(err) != 400 {
		t.Fatalf("user_count of a public channel: %v", err)
	}

	users, err := p.GetChannelUsers("presence-room")
	if err != nil {
		t.Fatal(err)
	}
	if len(users.List) != 2 || users.List[0].ID != "1" || users.List[1].ID != "2" {
		t.Fatalf("users %+v", users)
	}
	if _, err := p.GetChannelUsers("public-1"); status(err) != 400 {
		t.Fatalf("users of a public channel: %v", err)
	}
}

func TestAPITerminateConnections(t *testing.T) {
	e := newEnv(t, nil)
	signin := func(c *client, id string) {
		ud := `{"id":"` + id + `"}`
		c.send("pusher:signin", "", map[string]any{"auth": SignUser(tSecret, tKey, c.socketID, ud), "user_data": ud})
		c.expect("pusher:signin_success")
	}
	tab1, tab2, other := e.connect(), e.connect(), e.connect()
	signin(tab1, "42")
	signin(tab2, "42")
	signin(other, "43")
	other.join("news", "")

	code, body := e.signedRequest("POST", "/apps/"+tAppID+"/users/42/terminate_connections", []byte("{}"), nil, nil)
	if code != 200 || body != "{}" {
		t.Fatalf("terminate: %d %s", code, body)
	}
	if c := tab1.expectClose(); c != 4009 {
		t.Fatalf("tab1 closed with %d", c)
	}
	if c := tab2.expectClose(); c != 4009 {
		t.Fatalf("tab2 closed with %d", c)
	}
	// The other user is untouched.
	e.publish("news", "still-here", "{}", "")
	other.expect("still-here")
	eventually(t, "user index emptied", func() bool {
		a := e.srv.byID[tAppID]
		a.umu.Lock()
		defer a.umu.Unlock()
		return len(a.users["42"]) == 0 && len(a.users["43"]) == 1
	})
}

func TestAPIRejections(t *testing.T) {
	var skew atomic.Int64 // seconds added to the server's clock
	e := newEnv(t, func(c *Config) {
		c.Now = func() time.Time { return time.Now().Add(time.Duration(skew.Load()) * time.Second) }
	})
	p := e.sdk()
	events := "/apps/" + tAppID + "/events"
	ok := []byte(`{"name":"e","channel":"c","data":"{}"}`)

	t.Run("bad key", func(t *testing.T) {
		bad := *p
		bad.Key = "nope"
		if err := bad.Trigger("c", "e", "{}"); status(err) != 401 {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("bad signature", func(t *testing.T) {
		bad := *p
		bad.Secret = "wrong"
		err := bad.Trigger("c", "e", "{}")
		if status(err) != 401 || !strings.Contains(err.Error(), "Invalid signature") {
			t.Fatalf("got %v", err)
		}
		code, _ := e.signedRequest("POST", events, ok, nil, func(q url.Values) { q.Set("auth_signature", "zz") })
		if code != 401 {
			t.Fatalf("non-hex signature: %d", code)
		}
	})
	t.Run("stale timestamp", func(t *testing.T) {
		defer skew.Store(0)
		skew.Store(599)
		if err := p.Trigger("c", "e", "{}"); err != nil {
			t.Fatalf("599 s apart should pass: %v", err)
		}
		skew.Store(-599)
		if err := p.Trigger("c", "e", "{}"); err != nil {
			t.Fatalf("-599 s apart should pass: %v", err)
		}
		skew.Store(700)
		err := p.Trigger("c", "e", "{}")
		if status(err) != 401 || !strings.Contains(err.Error(), "Timestamp expired") {
			t.Fatalf("700 s old: %v", err)
		}
		skew.Store(-700)
		if err := p.Trigger("c", "e", "{}"); status(err) != 401 {
			t.Fatalf("700 s ahead: %v", err)
		}
	})
	t.Run("wrong body_md5", func(t *testing.T) {
		code, body := e.signedRequest("POST", events, ok, nil, func(q url.Values) { q.Set("body_md5", strings.Repeat("0", 32)) })
		if code != 401 || !strings.Contains(body, "body_md5") {
			t.Fatalf("got %d %s", code, body)
		}
		code, _ = e.signedRequest("POST", events, ok, nil, func(q url.Values) { q.Del("body_md5") })
		if code != 401 {
			t.Fatalf("missing body_md5: %d", code)
		}
	})
	t.Run("data of 10 KB + 1 byte", func(t *testing.T) {
		big := *p
		big.OverrideMaxMessagePayloadKB = 20 // the SDK would refuse to send it
		if err := big.Trigger("c", "e", strings.Repeat("x", 10*1024)); err != nil {
			t.Fatalf("exactly 10 KB: %v", err)
		}
		if err := big.Trigger("c", "e", strings.Repeat("x", 10*1024+1)); status(err) != 413 {
			t.Fatalf("10 KB + 1: %v", err)
		}
	})
	t.Run("101 channels", func(t *testing.T) {
		chans := make([]string, 101)
		for i := range chans {
			chans[i] = "c" + strconv.Itoa(i)
		}
		if err := p.TriggerMulti(chans, "e", "{}"); err == nil {
			t.Fatal("the SDK itself refuses 101 channels")
		}
		body := fmt.Appendf(nil, `{"name":"e","channels":["%s"],"data":"{}"}`, strings.Join(chans, `","`))
		if code, msg := e.signedRequest("POST", events, body, nil, nil); code != 400 || !strings.Contains(msg, "Too many channels") {
			t.Fatalf("got %d %s", code, msg)
		}
		if err := p.TriggerMulti(chans[:100], "e", "{}"); err != nil {
			t.Fatalf("100 channels: %v", err)
		}
	})
	t.Run("11 batch events", func(t *testing.T) {
		batch := make([]pusher.Event, 11)
		for i := range batch {
			batch[i] = pusher.Event{Channel: "c", Name: "e", Data: "{}"}
		}
		if _, err := p.TriggerBatch(batch); status(err) != 400 {
			t.Fatalf("got %v", err)
		}
		if _, err := p.TriggerBatch(batch[:10]); err != nil {
			t.Fatalf("10 events: %v", err)
		}
	})
	t.Run("bad channel names", func(t *testing.T) {
		for _, body := range []string{
			`{"name":"e","channel":"has space","data":"{}"}`,
			`{"name":"e","channel":"` + strings.Repeat("a", 201) + `","data":"{}"}`,
			`{"name":"e","channels":["ok","bad/slash"],"data":"{}"}`,
			`{"batch":[{"name":"e","channel":"ünïcode","data":"{}"}]}`,
		} {
			path := events
			if strings.HasPrefix(body, `{"batch"`) {
				path = "/apps/" + tAppID + "/batch_events"
			}
			if code, msg := e.signedRequest("POST", path, []byte(body), nil, nil); code != 400 {
				t.Fatalf("%s: %d %s", body, code, msg)
			}
		}
		if code, _ := e.signedRequest("GET", "/apps/"+tAppID+"/channels/bad%20name", nil, nil, nil); code != 400 {
			t.Fatalf("GET bad channel: %d", code)
		}
	})
	t.Run("other bad requests", func(t *testing.T) {
		for _, body := range []string{
			`not json`,
			`{"name":"e","channel":"c","data":{"object":true}}`,
			`{"name":"","channel":"c","data":"{}"}`,
			`{"name":"` + strings.Repeat("n", 201) + `","channel":"c","data":"{}"}`,
			`{"name":"e","data":"{}"}`,
			`{"name":"e","channel":"c","data":"{}","socket_id":"nope"}`,
			`{"name":"e","channel":"c","data":"{}","info":"bogus"}`,
		} {
			if code, msg := e.signedRequest("POST", events, []byte(body), nil, nil); code != 400 {
				t.Fatalf("%s: %d %s", body, code, msg)
			}
		}
	})
	t.Run("unknown and disabled apps", func(t *testing.T) {
		other := *p
		other.AppID = "999"
		if err := other.Trigger("c", "e", "{}"); status(err) != 404 {
			t.Fatalf("unknown app: %v", err)
		}
		disabled := pusher.Client{AppID: "2", Key: "off", Secret: "s2", Host: e.addr}
		if err := disabled.Trigger("c", "e", "{}"); status(err) != 403 {
			t.Fatalf("disabled app: %v", err)
		}
	})
	st := e.srv.Stats()
	if st.APIRequests[401] == 0 || st.APIRequests[400] == 0 || st.APIRequests[413] == 0 || st.APIRequests[200] == 0 || st.APIRequests[404] == 0 || st.APIRequests[403] == 0 {
		t.Fatalf("API counters %v", st.APIRequests)
	}
}

// The worked example of the reference (Pusher's own documentation).
func TestRequestSignatureVector(t *testing.T) {
	app := &App{ID: "3", Key: "278d425bdf160c739803", Secret: "7ad3773142a6692b25b8"}
	body := []byte(`{"name":"foo","channels":["project-3"],"data":"{\"some\":\"data\"}"}`)
	q := "auth_key=278d425bdf160c739803&auth_timestamp=1353088179&auth_version=1.0&body_md5=ec365a775a4cd0599faeb73354201b6f" +
		"&auth_signature=da454824c97ba181a32ccc17a72625ba02771f50b50e1e7430e47a1f3f457e6c"
	now := time.Unix(1353088179, 0)
	if _, err := verifyRequest(app, "POST", "/apps/3/events", q, body, now); err != nil {
		t.Fatalf("worked example refused: %v", err)
	}
	if _, err := verifyRequest(app, "POST", "/apps/3/events", q, body, now.Add(601*time.Second)); err == nil || err.status != 401 {
		t.Fatalf("601 s later: %v", err)
	}
	if _, err := verifyRequest(app, "POST", "/apps/4/events", q, body, now); err == nil {
		t.Fatal("another path verified")
	}
}

func TestAPICacheInfo(t *testing.T) {
	var skew atomic.Int64 // seconds added to the server's clock
	e := newEnv(t, func(c *Config) {
		c.CacheTTL = 10 * time.Minute
		c.Now = func() time.Time { return time.Now().Add(time.Duration(skew.Load()) * time.Second) }
	})
	info := func(channel string) (int, string) {
		return e.signedRequest("GET", "/apps/"+tAppID+"/channels/"+channel, nil, url.Values{"info": {"cache"}}, nil)
	}
	if code, body := info("cache-news"); code != 200 || body != `{"occupied":false}` {
		t.Fatalf("nothing cached yet: %d %s", code, body)
	}
	if err := e.sdk().Trigger("cache-news", "headline", `{"a":1}`); err != nil {
		t.Fatal(err)
	}
	if code, body := info("cache-news"); code != 200 || body != `{"occupied":false,"cache":{"data":"{\"a\":1}","ttl":600}}` {
		t.Fatalf("just cached: %d %s", code, body)
	}
	skew.Store(4 * 60)
	if code, body := info("cache-news"); code != 200 || !strings.Contains(body, `"ttl":360}`) {
		t.Fatalf("four minutes later: %d %s", code, body)
	}
	if code, body := info("news"); code != 400 || !strings.Contains(body, "cache channels") {
		t.Fatalf("info=cache on a plain channel: %d %s", code, body)
	}
}
