package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// api is the balancer as a customer's or an admin's app reaches it.
type api struct {
	base   string
	client *http.Client
	tally  *tally
}

// call sends one request and decodes a JSON answer into out (when out is
// not nil and the answer is 2xx). xff plays the customer's own address:
// HAProxy appends its peer, and the node, trusting HAProxy, counts the
// customer by the address to the left of it.
func (a *api) call(kind, method, path, token, key, xff, body string, out any) (int, []byte, error) {
	a.tally.request(kind)
	t0 := time.Now()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, _ := http.NewRequest(method, a.base+path, rd)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	if xff != "" {
		req.Header.Set("X-Forwarded-For", xff)
	}
	res, err := a.client.Do(req)
	if err != nil {
		a.tally.failed(kind, cause(0, err), time.Since(t0))
		return 0, nil, err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		a.tally.failed(kind, cause(0, err), time.Since(t0))
		return 0, nil, err
	}
	if res.StatusCode >= 300 {
		a.tally.failed(kind, fmt.Sprint(res.StatusCode), time.Since(t0))
		return res.StatusCode, raw, nil
	}
	a.tally.ok(kind, time.Since(t0))
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			return res.StatusCode, raw, fmt.Errorf("%s %s: %w", method, path, err)
		}
	}
	return res.StatusCode, raw, nil
}

// retryable is what the web app retries with the same key: a network
// error or a 5xx.
func retryable(status int, err error) bool { return err != nil || status >= 500 }

func login(a *api, phone, password string) string {
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		var body struct{ Token string }
		_, _, err := a.call("login", http.MethodPost, "/api/login", "", "", "",
			fmt.Sprintf(`{"phone_number":%q,"password":%q}`, phone, password), &body)
		if body.Token != "" {
			return body.Token
		}
		if time.Now().After(deadline) {
			fail("login %s: %v", phone, err)
		}
	}
}
