package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"maps"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"topup/api"
	"topup/store/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

// envOf builds a getenv over a map, so tests never read the real environment.
func envOf(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

func testEnv(vars map[string]string, stdin string) (env, *bytes.Buffer) {
	out := &bytes.Buffer{}
	return env{getenv: envOf(vars), stdin: strings.NewReader(stdin), stdout: out, stderr: io.Discard}, out
}

func TestProductionRefusesDefaultSecrets(t *testing.T) {
	strong := strings.Repeat("k", 40)
	appsFile := filepath.Join(t.TempDir(), "apps.json")
	if err := os.WriteFile(appsFile, []byte(`[{"id":"shop","key":"shop-key","secret":"too-short"}]`), 0o600); err != nil {
		t.Fatal(err)
	}
	// prod is a production environment that passes, changed by with.
	prod := map[string]string{"APP_ENV": "production", "DATABASE_URL": "postgres://x", "APP_KEY": strong,
		"PUSHER_APP_SECRET": strong, "SMS_PROVIDER": "http"}
	with := func(kv ...string) map[string]string {
		m := maps.Clone(prod)
		for i := 0; i < len(kv); i += 2 {
			if kv[i+1] == "" {
				delete(m, kv[i])
			} else {
				m[kv[i]] = kv[i+1]
			}
		}
		return m
	}
	tests := []struct {
		name    string
		vars    map[string]string
		wantErr []string // every phrase must appear; none means start is allowed
	}{
		{"local mode allows defaults", map[string]string{}, nil},
		{"local mode on a loopback address allows defaults", map[string]string{"PUBLIC_URL": "http://127.0.0.1:9000"}, nil},
		{"production with defaults names both", map[string]string{"APP_ENV": "production", "DATABASE_URL": "postgres://x", "SMS_PROVIDER": "http"},
			[]string{"APP_KEY is the local default", "PUSHER_APP_SECRET is the local default", "openssl rand"}},
		{"production with default pusher secret", with("PUSHER_APP_SECRET", ""), []string{"PUSHER_APP_SECRET is the local default"}},
		{"production with default app key", with("APP_KEY", ""), []string{"APP_KEY is the local default"}},
		{"production with a short app key", with("APP_KEY", "short"), []string{"APP_KEY is shorter than 32"}},
		{"production with a short pusher secret", with("PUSHER_APP_SECRET", "s3cr3t-from-vault"),
			[]string{"PUSHER_APP_SECRET is shorter than 32 characters", "at least 32 random characters"}},
		{"production with a short secret in the apps file", with("PUSHER_APPS_FILE", appsFile, "PUSHER_APP_SECRET", ""),
			[]string{`the secret of app "shop" in PUSHER_APPS_FILE is shorter than 32`}},
		{"production without a database", with("DATABASE_URL", ""), []string{"DATABASE_URL is not set"}},
		{"production with the log SMS sender", with("SMS_PROVIDER", ""),
			[]string{"SMS_PROVIDER is log", "set SMS_PROVIDER=http with SMS_HTTP_URL and SMS_HTTP_KEY"}},
		{"production with an easy captcha", with("CAPTCHA_MAX_NUMBER", "50"),
			[]string{"CAPTCHA_MAX_NUMBER is 50, too easy", "at least 10000"}},
		{"a captcha difficulty that is not a number", map[string]string{"CAPTCHA_MAX_NUMBER": "lots"},
			[]string{"CAPTCHA_MAX_NUMBER must be a whole number from 1 to 10000000"}},
		{"local mode allows an easy captcha", map[string]string{"CAPTCHA_MAX_NUMBER": "50"}, nil},
		{"production with real secrets", prod, nil},
		{"no APP_ENV on a public address refuses the default secrets", map[string]string{"PUBLIC_URL": "https://shop.example"},
			[]string{"refusing to start on https://shop.example", "APP_KEY is the local default", "PUSHER_APP_SECRET is the local default"}},
		{"no APP_ENV on a public address with own secrets starts", map[string]string{"PUBLIC_URL": "https://shop.example",
			"APP_KEY": strong, "PUSHER_APP_SECRET": "dev-secret"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, _ := testEnv(tt.vars, "")
			_, _, err := serverConfig(e)
			if len(tt.wantErr) == 0 {
				if err != nil {
					t.Fatalf("unexpected refusal: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatal("started with default secrets in production")
			}
			for _, phrase := range tt.wantErr {
				if !strings.Contains(err.Error(), phrase) {
					t.Errorf("error %q does not say %q", err, phrase)
				}
			}
		})
	}
}

func TestServeRefusesInProductionBeforeTouchingAnything(t *testing.T) {
	e, _ := testEnv(map[string]string{"APP_ENV": "production", "DATABASE_URL": "postgres://127.0.0.1:1/none"}, "")
	err := run(context.Background(), []string{"serve"}, e)
	if err == nil || !strings.Contains(err.Error(), "refusing to start in production") {
		t.Fatalf("serve = %v, want a refusal", err)
	}
	err = run(context.Background(), []string{"pusher"}, e)
	if err == nil || !strings.Contains(err.Error(), "PUSHER_APP_SECRET") {
		t.Fatalf("pusher = %v, want a refusal naming PUSHER_APP_SECRET", err)
	}
}

func TestConfigRejectsBadValues(t *testing.T) {
	tests := map[string]map[string]string{
		"public url":       {"PUBLIC_URL": "localhost:8080"},
		"log format":       {"LOG_FORMAT": "xml"},
		"shutdown timeout": {"SHUTDOWN_TIMEOUT": "soon"},
		"pusher port":      {"PUSHER_HOST": "api.pusherapp.com", "PUSHER_PORT": "http"},
		"sms country":      {"SMS_COUNTRIES": "MM,Myanmar"},
		"sms hourly":       {"SMS_BUDGET_HOURLY": "0"},
		"sms daily":        {"SMS_BUDGET_DAILY": "lots"},
		"sms day < hour":   {"SMS_BUDGET_HOURLY": "100", "SMS_BUDGET_DAILY": "50"},
		"proxy header":     {"PROXY_HEADER": "X-Forwarded-For"},
	}
	for name, vars := range tests {
		t.Run(name, func(t *testing.T) {
			if _, err := loadConfig(envOf(vars)); err == nil {
				t.Fatalf("loadConfig(%v) accepted a bad value", vars)
			}
		})
	}
}

func TestPublicConfigFollowsPublicURL(t *testing.T) {
	tests := []struct {
		url      string
		host     string
		port     int
		forceTLS bool
	}{
		{"http://localhost:8080", "localhost", 8080, false},
		{"https://shop.example.com", "shop.example.com", 443, true},
		{"https://shop.example.com:8443/", "shop.example.com", 8443, true},
	}
	for _, tt := range tests {
		t.Run(tt.url, func(t *testing.T) {
			e, _ := testEnv(map[string]string{"PUBLIC_URL": tt.url, "APP_KEY": strings.Repeat("k", 40), "PUSHER_APP_SECRET": "own"}, "")
			cfg, rt, err := serverConfig(e)
			if err != nil {
				t.Fatal(err)
			}
			p := publicConfig(cfg, rt).Pusher
			if p.WSHost != tt.host || p.WSPort != tt.port || p.ForceTLS != tt.forceTLS || p.Cluster != "mt1" {
				t.Fatalf("got %+v", p)
			}
		})
	}
}

func freeAddr(t testing.TB) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// TestServeMigrateSeedAndShutDown runs the commands as an operator would,
// against a real database: migrate, seed twice, create an admin, serve,
// answer a request, then stop on the signal (context) and return nil.
func TestServeMigrateSeedAndShutDown(t *testing.T) {
	addr := freeAddr(t)
	vars := map[string]string{"DATABASE_URL": storetest.EmptyDSN(t), "LISTEN_ADDR": addr, "SHUTDOWN_TIMEOUT": "5", "UPLOAD_DIR": t.TempDir()}
	ctx := context.Background()

	e, out := testEnv(vars, "")
	if err := run(ctx, []string{"migrate"}, e); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	for i := 0; i < 2; i++ {
		if err := run(ctx, []string{"seed"}, e); err != nil {
			t.Fatalf("seed #%d: %v", i+1, err)
		}
	}
	if !strings.Contains(out.String(), "09123456789") {
		t.Fatalf("seed did not print the demo logins: %s", out)
	}

	e, out = testEnv(vars, "root\n09777777777\nsecret123\nsecret123\n")
	if err := run(ctx, []string{"admin", "create"}, e); err != nil {
		t.Fatalf("admin create: %v", err)
	}
	if !strings.Contains(out.String(), `admin "root" created`) || !strings.Contains(out.String(), "+959777777777") {
		t.Fatalf("admin create said: %s", out)
	}
	e, _ = testEnv(vars, "")
	if err := run(ctx, []string{"admin", "create", "-username", "root2", "-phone", "09777777777", "-password", "secret123"}, e); err == nil {
		t.Fatal("a second admin with the same phone was created")
	}

	serveCtx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- run(serveCtx, []string{"serve"}, e) }()

	var res *http.Response
	var err error
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if res, err = http.Get(fmt.Sprintf("http://%s/readyz", addr)); err == nil {
			break
		}
	}
	if err != nil {
		t.Fatalf("server never answered: %v", err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("/readyz = %d", res.StatusCode)
	}
	if err := run(ctx, []string{"healthcheck"}, e); err != nil {
		t.Fatalf("healthcheck against the running server: %v", err)
	}
	// Operators alert on a spent SMS budget and on saturated password
	// hashing through /metrics.
	if res, err = http.Get(fmt.Sprintf("http://%s/metrics", addr)); err != nil {
		t.Fatal(err)
	}
	metrics, _ := io.ReadAll(res.Body)
	res.Body.Close()
	for _, name := range []string{"topup_sms_budget_refusals_total 0", "realtime_connections ",
		"topup_password_hash_refusals_total 0", "topup_password_hashes_in_flight 0", "topup_password_hashes_total "} {
		if !strings.Contains(string(metrics), name) {
			t.Fatalf("/metrics lacks %q", name)
		}
	}
	// A declared 20 MB body is refused from its headers, before any of it
	// is read, in the API's error shape.
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(conn, "POST /api/uploads HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: %d\r\n\r\n", 20<<20)
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	big, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("no answer to a 20 MB upload before its body: %v", err)
	}
	body, _ := io.ReadAll(big.Body)
	conn.Close()
	if big.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(string(body), "File size must be less than 10MB") {
		t.Fatalf("20 MB body: %d %s", big.StatusCode, body)
	}

	stop()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve returned %v after the stop signal, want nil", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("serve did not stop")
	}
	if _, err := http.Get(fmt.Sprintf("http://%s/healthz", addr)); err == nil {
		t.Fatal("still accepting after shutdown")
	}
	if err := run(ctx, []string{"healthcheck"}, e); err == nil {
		t.Fatal("healthcheck passed with no server running")
	}
}

// GUEST_BROWSING is off unless set (docs/spec.md guards the shop's pages),
// reaches the app through the public config, and a value that is not a
// yes or no stops the start rather than guessing.
func TestGuestBrowsingFromEnvironment(t *testing.T) {
	for _, tt := range []struct {
		value string
		want  bool
	}{{"", false}, {"false", false}, {"0", false}, {"true", true}, {"1", true}} {
		e, _ := testEnv(map[string]string{"GUEST_BROWSING": tt.value}, "")
		cfg, rt, err := serverConfig(e)
		if err != nil {
			t.Fatalf("GUEST_BROWSING=%q: %v", tt.value, err)
		}
		if got := publicConfig(cfg, rt).GuestBrowsing; got != tt.want {
			t.Errorf("GUEST_BROWSING=%q: guest browsing %v, want %v", tt.value, got, tt.want)
		}
	}
	if _, err := loadConfig(envOf(map[string]string{"GUEST_BROWSING": "sometimes"})); err == nil {
		t.Error("GUEST_BROWSING=sometimes accepted")
	}
}

// Support channels come from the environment; none is made up (a bare
// t.me/ opens nothing), numbers are read the way customers type them, and
// production says at start when customers have no way to reach the shop.
func TestSupportFromEnvironment(t *testing.T) {
	e, _ := testEnv(map[string]string{}, "")
	cfg, rt, err := serverConfig(e)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := publicConfig(cfg, rt).Support, (api.Support{DeliveryMinutes: 5}); got != want {
		t.Fatalf("unset support = %+v, want %+v", got, want)
	}
	if msg := supportWarning(cfg); msg != "" {
		t.Fatalf("a local run warned: %q", msg)
	}
	cfg.Env = "production"
	if msg := supportWarning(cfg); !strings.Contains(msg, "SUPPORT_TELEGRAM_URL") {
		t.Fatalf("production without support channels warned %q", msg)
	}

	e, _ = testEnv(map[string]string{
		"SUPPORT_TELEGRAM_URL": "https://t.me/shwetopup", "SUPPORT_FACEBOOK_URL": "https://facebook.com/shwetopup",
		"SUPPORT_TIKTOK_URL": "https://www.tiktok.com/@shwetopup", "SUPPORT_VIBER": "09 7912 34567",
		"SUPPORT_PHONE": "09-7912-34568", "SUPPORT_HOURS": "9:00–23:00", "DELIVERY_MINUTES": "10",
	}, "")
	if cfg, rt, err = serverConfig(e); err != nil {
		t.Fatal(err)
	}
	want := api.Support{
		Telegram: "https://t.me/shwetopup", Facebook: "https://facebook.com/shwetopup", TikTok: "https://www.tiktok.com/@shwetopup",
		Viber: "viber://chat?number=%2B959791234567", Phone: "+959791234568", Hours: "9:00–23:00", DeliveryMinutes: 10,
	}
	if got := publicConfig(cfg, rt).Support; got != want {
		t.Fatalf("support = %+v, want %+v", got, want)
	}
	cfg.Env = "production"
	if msg := supportWarning(cfg); msg != "" {
		t.Fatalf("warned with support set: %q", msg)
	}

	for name, vars := range map[string]map[string]string{
		"a link without https":    {"SUPPORT_TELEGRAM_URL": "t.me/shwetopup"},
		"a script link":           {"SUPPORT_FACEBOOK_URL": "javascript:alert(1)"},
		"a phone that is not one": {"SUPPORT_PHONE": "call us"},
		"a viber that is not one": {"SUPPORT_VIBER": "shwetopup"},
		"minutes not a number":    {"DELIVERY_MINUTES": "soon"},
		"minutes out of range":    {"DELIVERY_MINUTES": "0"},
	} {
		if _, err := loadConfig(envOf(vars)); err == nil {
			t.Errorf("%s: loadConfig(%v) accepted it", name, vars)
		}
	}
}
