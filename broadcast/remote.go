package broadcast

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/pusher/pusher-http-go/v5"
)

// maxChannelsPerTrigger is the HTTP API's limit on channels in one event.
const maxChannelsPerTrigger = 100

// Remote publishes to a Pusher-compatible HTTP API (hosted Pusher, or
// another cluster of ours) with the official Go client.
type Remote struct {
	client *pusher.Client
}

// RemoteConfig addresses the other service.
type RemoteConfig struct {
	AppID, Key, Secret string
	Host               string // host name, without scheme
	Port               int
	Scheme             string // http or https
	Timeout            time.Duration
}

// NewRemote builds a client for cfg.
func NewRemote(cfg RemoteConfig) *Remote {
	timeout := cfg.Timeout
	if timeout == 0 {
		timeout = 5 * time.Second
	}
	return &Remote{client: &pusher.Client{
		AppID:      cfg.AppID,
		Key:        cfg.Key,
		Secret:     cfg.Secret,
		Host:       cfg.Host + ":" + strconv.Itoa(cfg.Port),
		Secure:     cfg.Scheme == "https",
		HTTPClient: &http.Client{Timeout: timeout},
	}}
}

// Publish sends event to channels, in batches of the API's limit. The
// client takes no context; its HTTP timeout bounds each call instead.
func (r *Remote) Publish(_ context.Context, channels []string, event string, data []byte) error {
	for len(channels) > 0 {
		n := min(len(channels), maxChannelsPerTrigger)
		if err := r.client.TriggerMulti(channels[:n], event, data); err != nil {
			return fmt.Errorf("broadcast: trigger %s: %w", event, err)
		}
		channels = channels[n:]
	}
	return nil
}

// AuthorizeChannel signs with the remote app's secret; the signature is the
// same HMAC the remote service verifies.
func (r *Remote) AuthorizeChannel(socketID, channel, channelData string) (string, error) {
	return sign(r.client.Key, r.client.Secret, socketID, channel, channelData)
}

// ChannelUserCount asks the remote service for a presence channel's users.
func (r *Remote) ChannelUserCount(_ context.Context, channel string) (int, error) {
	info := "user_count"
	ch, err := r.client.Channel(channel, pusher.ChannelParams{Info: &info})
	if err != nil {
		return 0, fmt.Errorf("broadcast: channel %s: %w", channel, err)
	}
	return ch.UserCount, nil
}
