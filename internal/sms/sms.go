// Package sms sends text messages (password reset codes) to phones. The
// store talks to a Sender; which one is a deployment choice (SMS_PROVIDER):
// Log writes the message to the log for local use, HTTP posts it to an SMS
// gateway. Myanmar gateways differ in detail but share the shape "POST a
// number and a text with an API key", which HTTP speaks.
package sms

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"

	"github.com/rs/zerolog"
)

// Sender delivers one text message to a phone number in E.164 form.
type Sender interface {
	Send(ctx context.Context, to, text string) error
}

// Log is the development sender: the message goes to the log, where the
// developer reads the code. Never use it in production: codes in logs are
// credentials in logs.
type Log struct {
	Logger zerolog.Logger
}

// Send writes the message at warn level so it stands out in local output.
func (l Log) Send(_ context.Context, to, text string) error {
	l.Logger.Warn().Str("to", to).Str("text", text).Msg("sms (log provider, not sent)")
	return nil
}

// DefaultTimeout bounds one gateway call; a reset request must not hang on
// a slow gateway.
const DefaultTimeout = 10 * time.Second

// HTTP posts messages to a gateway as JSON: {"to": "+959…", "text": "…",
// "from": "…"} with "Authorization: Bearer <key>". Any 2xx is success.
type HTTP struct {
	url    string
	key    string
	from   string
	client *http.Client
}

// HTTPConfig configures NewHTTP.
type HTTPConfig struct {
	URL string // the gateway's send endpoint, http or https
	Key string // API key, sent as a bearer token
	// From is the sender name or number, if the gateway wants one.
	From string
	// Client defaults to one with DefaultTimeout.
	Client *http.Client
}

// NewHTTP checks the configuration and returns the sender.
func NewHTTP(cfg HTTPConfig) (*HTTP, error) {
	u, err := url.Parse(cfg.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("sms: gateway URL must be an absolute http(s) URL, not %q", cfg.URL)
	}
	if cfg.Key == "" {
		return nil, errors.New("sms: gateway key is empty")
	}
	client := cfg.Client
	if client == nil {
		client = &http.Client{Timeout: DefaultTimeout}
	}
	return &HTTP{url: cfg.URL, key: cfg.Key, from: cfg.From, client: client}, nil
}

type gatewayRequest struct {
	To   string `json:"to"`
	Text string `json:"text"`
	From string `json:"from,omitempty"`
}

// Send posts one message. The error names the gateway's status but never
// the message text (it holds a code).
func (h *HTTP) Send(ctx context.Context, to, text string) error {
	body, err := json.Marshal(gatewayRequest{To: to, Text: text, From: h.from})
	if err != nil {
		return fmt.Errorf("sms: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, h.url, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("sms: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("Authorization", "Bearer "+h.key)
	res, err := h.client.Do(req)
	if err != nil {
		return fmt.Errorf("sms: gateway: %w", err)
	}
	defer res.Body.Close()
	// Drain a little so the connection can be reused; a gateway's body is
	// never needed beyond its status.
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64*1024))
	if res.StatusCode < 200 || res.StatusCode > 299 {
		return fmt.Errorf("sms: gateway answered %s", res.Status)
	}
	return nil
}
