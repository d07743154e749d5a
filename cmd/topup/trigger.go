package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net"
	"strconv"
	"strings"

	"topup/internal/broadcast"
	"topup/realtime"
)

// channelList is a repeatable --channel flag. Commas are legal in channel
// names, so a list is given by repeating the flag, not by splitting.
type channelList []string

func (l *channelList) String() string     { return strings.Join(*l, " ") }
func (l *channelList) Set(v string) error { *l = append(*l, v); return nil }

// trigger sends one event through the Pusher HTTP API with pusher-http-go,
// exactly as a backend job would: to PUSHER_HOST (PUSHER_PORT, PUSHER_SCHEME)
// when set, else to this machine's own server at LISTEN_ADDR, with the app
// credentials `serve` and `pusher` read (PUSHER_APP_ID/KEY/SECRET).
func trigger(ctx context.Context, args []string, e env) error {
	fs := flag.NewFlagSet("trigger", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	var channels channelList
	fs.Var(&channels, "channel", "channel to send to (repeat for several, at most 100)")
	event := fs.String("event", "", "event name")
	data := fs.String("data", "{}", "event data, a JSON value")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if len(channels) == 0 || *event == "" {
		fs.Usage()
		return errors.New("trigger needs --channel and --event")
	}
	if !json.Valid([]byte(*data)) {
		return fmt.Errorf("--data is not valid JSON: %q", *data)
	}
	cfg, err := loadConfig(e.getenv)
	if err != nil {
		return err
	}
	rtCfg, err := realtime.ConfigFromEnv(e.getenv)
	if err != nil {
		return err
	}
	target, err := triggerTarget(cfg)
	if err != nil {
		return err
	}
	app := rtCfg.Apps[0]
	target.AppID, target.Key, target.Secret = app.ID, app.Key, app.Secret
	if err := broadcast.NewRemote(target).Publish(ctx, channels, *event, []byte(*data)); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "sent %s to %s via %s://%s:%d\n", *event, channels.String(), target.Scheme, target.Host, target.Port)
	return nil
}

// triggerTarget is PUSHER_HOST when set, else the local server: LISTEN_ADDR
// with a wildcard host replaced by loopback.
func triggerTarget(cfg Config) (broadcast.RemoteConfig, error) {
	if ext := cfg.ExternalPusher; ext != nil {
		return broadcast.RemoteConfig{Host: ext.Host, Port: ext.Port, Scheme: ext.Scheme}, nil
	}
	host, portStr, err := net.SplitHostPort(cfg.ListenAddr)
	if err != nil {
		return broadcast.RemoteConfig{}, fmt.Errorf("LISTEN_ADDR %q: %w", cfg.ListenAddr, err)
	}
	port, err := strconv.Atoi(portStr)
	if err != nil {
		return broadcast.RemoteConfig{}, fmt.Errorf("LISTEN_ADDR %q: port must be a number", cfg.ListenAddr)
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "127.0.0.1"
	}
	return broadcast.RemoteConfig{Host: host, Port: port, Scheme: "http"}, nil
}
