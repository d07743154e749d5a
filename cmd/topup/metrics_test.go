package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"topup/store"
	"topup/store/storetest"
)

// startServe runs `topup serve` with vars until the test ends and waits
// for /readyz. stop ends it and returns what serve returned.
func startServe(t *testing.T, vars map[string]string) (stop func() error) {
	t.Helper()
	e, _ := testEnv(vars, "")
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"serve"}, e) }()
	stopped := false
	stop = func() error {
		if stopped {
			return nil
		}
		stopped = true
		cancel()
		select {
		case err := <-done:
			return err
		case <-time.After(15 * time.Second):
			return fmt.Errorf("serve did not stop")
		}
	}
	t.Cleanup(func() { _ = stop() })
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if res, err := http.Get("http://" + vars["LISTEN_ADDR"] + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return stop
			}
		}
	}
	t.Fatal("serve never became ready")
	return nil
}

// An operator sees the whole store from /metrics: requests by route
// pattern (not by path), refusals by code, orders by kind, the outbox and
// the SMS budget, and the database pool.
func TestStoreMetrics(t *testing.T) {
	addr := freeAddr(t)
	vars := map[string]string{"DATABASE_URL": storetest.NewDSN(t), "LISTEN_ADDR": addr, "UPLOAD_DIR": t.TempDir(), "SMS_BUDGET_HOURLY": "7"}
	e, _ := testEnv(vars, "")
	if err := run(context.Background(), []string{"seed"}, e); err != nil {
		t.Fatal(err)
	}
	startServe(t, vars)
	base := "http://" + addr

	for _, id := range []string{"1", "2", "3", "999999"} {
		res, err := http.Get(base + "/api/products/" + id)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
	}
	res, err := http.Post(base+"/api/login", "application/json", strings.NewReader(`{"phone_number":"09123456789","password":"wrong-password"}`))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode < 400 {
		t.Fatalf("a wrong password logged in: %d", res.StatusCode)
	}

	// The demo customer buys a redeem code, then retries with the same key.
	db, err := store.Open(context.Background(), vars["DATABASE_URL"])
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var product int64
	if err := db.SQL().QueryRow(`SELECT p.id FROM products p JOIN services s ON s.id = p.service_id
		JOIN redeem_codes c ON c.product_id = p.id
		WHERE s.kind = 'code' AND p.is_active AND c.claimed_by_order_id IS NULL ORDER BY p.price LIMIT 1`).Scan(&product); err != nil {
		t.Fatal(err)
	}
	res, err = http.Post(base+"/api/login", "application/json", strings.NewReader(`{"phone_number":"09123456789","password":"customer123"}`))
	if err != nil {
		t.Fatal(err)
	}
	var login struct{ Token string }
	_ = json.NewDecoder(res.Body).Decode(&login)
	res.Body.Close()
	for i := 0; i < 2; i++ {
		req, _ := http.NewRequest(http.MethodPost, base+"/api/order", strings.NewReader(fmt.Sprintf(`{"product_id":%d}`, product)))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+login.Token)
		req.Header.Set("Idempotency-Key", "metrics-test-order")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusCreated {
			t.Fatalf("order #%d: %d", i+1, res.StatusCode)
		}
	}

	res, err = http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	metrics := string(body)
	for _, want := range []string{
		`topup_http_requests_total{method="GET",route="/api/products/:id",status="200"} 3`,
		`topup_http_request_duration_seconds_count{method="GET",route="/api/products/:id"} 4`,
		`topup_http_requests_total{method="GET",route="/api/products/:id",status="404"} 1`,
		`topup_api_errors_total{code="not_found"} 1`,
		`topup_http_requests_total{method="POST",route="/api/login",status="401"} 1`,
		`topup_orders_total{kind="code",result="placed"} 1`,
		`topup_orders_total{kind="code",result="replayed"} 1`,
		`topup_orders_total{kind="coin",result="placed"} 0`,
		`topup_outbox_pending `,
		`topup_outbox_oldest_seconds `,
		`topup_sms_budget_remaining{period="hour"} 7`,
		`topup_sms_budget_limit{period="day"} 500`,
		`topup_database_up 1`,
		`topup_ready{check="database"} 1`,
		`go_sql_max_open_connections{db_name="topup"} `,
		`realtime_connections `,
	} {
		if !strings.Contains(metrics, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	if strings.Contains(metrics, `route="/api/products/1"`) {
		t.Error("/metrics labels a series by path instead of route pattern")
	}

	// The alert rules and the dashboard read only series a node exposes.
	files, _ := filepath.Glob("../../deploy/*/*")
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(f, "_test.yml") {
			continue // promtool's own fixtures
		}
		for _, name := range seriesName.FindAllString(string(text), -1) {
			family := histogramSuffix.ReplaceAllString(name, "")
			if !strings.Contains(metrics, "# TYPE "+family+" ") {
				t.Errorf("%s reads %s, which /metrics does not expose", f, name)
			}
		}
	}
}

var (
	seriesName      = regexp.MustCompile(`\b(?:topup|go_sql|realtime)_[a-z_]+\b`)
	histogramSuffix = regexp.MustCompile(`_(bucket|count|sum)$`)
)
