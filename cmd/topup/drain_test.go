package main

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"topup/store/storetest"
)

// On SIGTERM a node first tells the balancer it is leaving (/readyz 503
// "draining") while it keeps answering everything else for SHUTDOWN_DRAIN
// seconds, so the balancer stops sending before anything is refused; then
// it closes sockets and drains in-flight requests.
func TestShutdownDrainsBeforeClosing(t *testing.T) {
	addr := freeAddr(t)
	vars := map[string]string{"DATABASE_URL": storetest.NewDSN(t), "LISTEN_ADDR": addr, "UPLOAD_DIR": t.TempDir(), "SHUTDOWN_DRAIN": "2"}
	e, _ := testEnv(vars, "")
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"serve"}, e) }()
	get := func(path string) (int, string, error) {
		res, err := http.Get("http://" + addr + path)
		if err != nil {
			return 0, "", err
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b), nil
	}
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if status, _, _ := get("/readyz"); status == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("never ready")
		}
	}

	stopped := time.Now()
	cancel()
	time.Sleep(200 * time.Millisecond)
	status, body, err := get("/readyz")
	if err != nil || status != http.StatusServiceUnavailable || !strings.Contains(body, "draining") {
		t.Fatalf("/readyz while draining: %d %q %v", status, body, err)
	}
	if status, _, err := get("/api/games"); err != nil || status != http.StatusOK {
		t.Fatalf("a request while draining: %d %v", status, err)
	}
	// Still running until SHUTDOWN_DRAIN (2 s) has passed since the signal,
	// however long the requests above took on a busy machine.
	if wait := time.Until(stopped.Add(1500 * time.Millisecond)); wait > 0 {
		select {
		case err := <-done:
			t.Fatalf("serve ended %v after the signal, before the drain: %v", time.Since(stopped), err)
		case <-time.After(wait):
		}
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
		if took := time.Since(stopped); took < 2*time.Second {
			t.Fatalf("serve ended %v after the signal, before SHUTDOWN_DRAIN", took)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("serve did not stop")
	}
}
