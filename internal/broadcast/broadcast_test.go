package broadcast_test

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fasthttp/websocket"
	"github.com/rs/zerolog"

	"topup/api"
	"topup/internal/broadcast"
	"topup/realtime"
	"topup/realtime/realtimetest"
)

const appID, appKey, appSecret = "app1", "key1", "secret1"

func startServer(t *testing.T) (*realtime.Server, string) {
	t.Helper()
	srv := realtime.New(realtime.Config{Apps: []realtime.App{{ID: appID, Key: appKey, Secret: appSecret, Enabled: true}}}, zerolog.Nop(), nil)
	return srv, realtimetest.Serve(t, srv)
}

type frame struct {
	Event   string          `json:"event"`
	Channel string          `json:"channel"`
	Data    json.RawMessage `json:"data"`
}

type client struct {
	t        *testing.T
	ws       *websocket.Conn
	socketID string
}

func dial(t *testing.T, addr string) *client {
	t.Helper()
	ws, id := realtimetest.Connect(t, addr, appKey)
	return &client{t: t, ws: ws, socketID: id}
}

func (c *client) next() frame {
	c.t.Helper()
	c.ws.SetReadDeadline(time.Now().Add(5 * time.Second))
	_, b, err := c.ws.ReadMessage()
	if err != nil {
		c.t.Fatal(err)
	}
	var f frame
	if err := json.Unmarshal(b, &f); err != nil {
		c.t.Fatal(err)
	}
	return f
}

func (c *client) subscribe(channel, auth, channelData string) frame {
	c.t.Helper()
	msg := map[string]any{"event": "pusher:subscribe", "data": map[string]string{"channel": channel, "auth": auth, "channel_data": channelData}}
	if err := c.ws.WriteJSON(msg); err != nil {
		c.t.Fatal(err)
	}
	return c.next()
}

func TestLocalSignsWhatTheServerAcceptsAndPublishes(t *testing.T) {
	srv, addr := startServer(t)
	b, err := broadcast.NewLocal(srv, appID)
	if err != nil {
		t.Fatal(err)
	}
	c := dial(t, addr)

	auth, err := b.AuthorizeChannel(c.socketID, "private-user.7", "")
	if err != nil {
		t.Fatal(err)
	}
	if f := c.subscribe("private-user.7", auth, ""); f.Event != "pusher_internal:subscription_succeeded" {
		t.Fatalf("subscribe answered %+v", f)
	}
	if err := b.Publish(context.Background(), []string{"private-user.7"}, "user.updated", []byte(`{"updateType":"wallet"}`)); err != nil {
		t.Fatal(err)
	}
	f := c.next()
	var data string
	if f.Event != "user.updated" || f.Channel != "private-user.7" || json.Unmarshal(f.Data, &data) != nil || data != `{"updateType":"wallet"}` {
		t.Fatalf("received %+v", f)
	}

	member := `{"user_id":"1","user_info":{"username":"admin"}}`
	auth, err = b.AuthorizeChannel(c.socketID, "presence-admins", member)
	if err != nil {
		t.Fatal(err)
	}
	if f := c.subscribe("presence-admins", auth, member); f.Event != "pusher_internal:subscription_succeeded" {
		t.Fatalf("presence subscribe answered %+v", f)
	}
	n, err := b.ChannelUserCount(context.Background(), "presence-admins")
	if err != nil || n != 1 {
		t.Fatalf("ChannelUserCount = %d, %v; want 1", n, err)
	}
}

func TestAuthorizeRefusesMalformed(t *testing.T) {
	srv, _ := startServer(t)
	b, err := broadcast.NewLocal(srv, appID)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, socketID, channel, channelData string }{
		{"bad socket id", "abc", "private-user.1", ""},
		{"public channel", "1.2", "user.1", ""},
		{"bad channel characters", "1.2", "private-user 1", ""},
		{"presence without data", "1.2", "presence-admins", ""},
		{"private with data", "1.2", "private-user.1", `{"user_id":"1"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := b.AuthorizeChannel(tt.socketID, tt.channel, tt.channelData); !errors.Is(err, broadcast.ErrForbidden) {
				t.Fatalf("err = %v, want ErrForbidden", err)
			}
		})
	}
	if _, err := broadcast.NewLocal(srv, "nope"); err == nil {
		t.Fatal("NewLocal accepted an unknown app")
	}
}

func TestRemoteSignsLikeLocal(t *testing.T) {
	srv, _ := startServer(t)
	local, _ := broadcast.NewLocal(srv, appID)
	remote := broadcast.NewRemote(broadcast.RemoteConfig{AppID: appID, Key: appKey, Secret: appSecret, Host: "127.0.0.1", Port: 1, Scheme: "http"})
	a, err1 := local.AuthorizeChannel("123.456", "private-user.9", "")
	b, err2 := remote.AuthorizeChannel("123.456", "private-user.9", "")
	if err1 != nil || err2 != nil || a != b {
		t.Fatalf("local %q (%v) != remote %q (%v)", a, err1, b, err2)
	}
}

// A socket signed in through AuthenticateUser is closed by TerminateUser,
// both in this process (Local) and over the HTTP API (Remote, against the
// same server's terminate_connections); another user's socket stays.
func TestTerminateUserClosesSignedInSockets(t *testing.T) {
	srv, addr := startServer(t)
	local, err := broadcast.NewLocal(srv, appID)
	if err != nil {
		t.Fatal(err)
	}
	host, port, _ := strings.Cut(addr, ":")
	p, _ := strconv.Atoi(port)
	remote := broadcast.NewRemote(broadcast.RemoteConfig{AppID: appID, Key: appKey, Secret: appSecret, Host: host, Port: p, Scheme: "http"})
	for name, b := range map[string]api.Broadcaster{"local": local, "remote": remote} {
		t.Run(name, func(t *testing.T) {
			signIn := func(userID string) *client {
				c := dial(t, addr)
				data := `{"id":"` + userID + `"}`
				auth, err := b.AuthenticateUser(c.socketID, data)
				if err != nil {
					t.Fatal(err)
				}
				if err := c.ws.WriteJSON(map[string]any{"event": "pusher:signin", "data": map[string]string{"auth": auth, "user_data": data}}); err != nil {
					t.Fatal(err)
				}
				if f := c.next(); f.Event != "pusher:signin_success" {
					t.Fatalf("signin answered %+v", f)
				}
				return c
			}
			victim, bystander := signIn("7"), signIn("8")
			if err := b.TerminateUser(context.Background(), "7"); err != nil {
				t.Fatal(err)
			}
			victim.ws.SetReadDeadline(time.Now().Add(5 * time.Second))
			_, _, err := victim.ws.ReadMessage()
			if ce := (*websocket.CloseError)(nil); !errors.As(err, &ce) || ce.Code != 4009 {
				t.Fatalf("victim's socket: %v, want close 4009", err)
			}
			if err := bystander.ws.WriteJSON(map[string]any{"event": "pusher:ping", "data": map[string]any{}}); err != nil {
				t.Fatal(err)
			}
			if f := bystander.next(); f.Event != "pusher:pong" {
				t.Fatalf("another user's socket answered %+v", f)
			}
			if _, err := b.AuthenticateUser("abc", `{"id":"7"}`); !errors.Is(err, broadcast.ErrForbidden) {
				t.Fatalf("a malformed socket id was signed: %v", err)
			}
		})
	}
}
