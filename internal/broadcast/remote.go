package broadcast

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/pusher/pusher-http-go/v5"

	"topup/realtime/pushersign"
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

// AuthenticateUser signs a pusher:signin with the remote app's secret.
func (r *Remote) AuthenticateUser(socketID, userData string) (string, error) {
	return signUser(r.client.Key, r.client.Secret, socketID, userData)
}

// TerminateUser calls the HTTP API's terminate_connections, which
// pusher-http-go v5 does not offer, signed as every HTTP API call is.
func (r *Remote) TerminateUser(ctx context.Context, userID string) error {
	path := "/apps/" + r.client.AppID + "/users/" + url.PathEscape(userID) + "/terminate_connections"
	body := []byte("{}")
	q := pushersign.Query(r.client.Key, r.client.Secret, http.MethodPost, path, nil, body, time.Now())
	scheme := "http"
	if r.client.Secure {
		scheme = "https"
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, scheme+"://"+r.client.Host+path+"?"+q.Encode(), bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("broadcast: terminate user %s: %w", userID, err)
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := r.client.HTTPClient.Do(req)
	if err != nil {
		return fmt.Errorf("broadcast: terminate user %s: %w", userID, err)
	}
	defer res.Body.Close()
	msg, _ := io.ReadAll(io.LimitReader(res.Body, 512))
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("broadcast: terminate user %s: %d %s", userID, res.StatusCode, bytes.TrimSpace(msg))
	}
	return nil
}
