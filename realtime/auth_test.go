package realtime

import (
	"strings"
	"testing"
)

// Vectors from Pusher's auth-signatures documentation, recomputed with an
// independent HMAC-SHA256 (the documented presence example only matches
// with "Mr. Pusher", so the vector here is for the data shown).
func TestSignatureVectors(t *testing.T) {
	const key, secret, sock = "278d425bdf160c739803", "7ad3773142a6692b25b8", "1234.1234"
	cases := []struct{ got, want string }{
		{SignChannel(secret, key, sock, "private-foobar", ""), "58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4"},
		{SignChannel(secret, key, sock, "presence-foobar", `{"user_id":10,"user_info":{"name":"Mr. Channels"}}`), "31935e7d86dba64c2a90aed31fdc61869f9b22ba9d8863bba239c03ca481bc80"},
		{SignUser(secret, key, sock, `{"id":"12345"}`), "4708d583dada6a56435fb8bc611c77c359a31eebde13337c16ab43aa6de336ba"},
	}
	for _, c := range cases {
		if c.got != key+":"+c.want {
			t.Errorf("got %s want %s", c.got, c.want)
		}
	}
	app := &App{Key: key, Secret: secret}
	if !verifyChannelAuth(app, cases[0].got, sock, "private-foobar", "") {
		t.Fatal("valid private signature refused")
	}
	if !verifyUserAuth(app, cases[2].got, sock, `{"id":"12345"}`) {
		t.Fatal("valid user signature refused")
	}
	if verifyChannelAuth(app, strings.ToUpper(cases[0].got), sock, "private-foobar", "") {
		t.Fatal("key must match exactly")
	}
}

func TestValidSocketID(t *testing.T) {
	for _, s := range []string{"1.2", "123.456", newSocketID()} {
		if !ValidSocketID(s) {
			t.Errorf("%q refused", s)
		}
	}
	for _, s := range []string{"", ".", "1.", ".1", "1.2.3", "a.1", "1", " 1.2"} {
		if ValidSocketID(s) {
			t.Errorf("%q accepted", s)
		}
	}
}

func TestConfigFromEnv(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	cfg, err := ConfigFromEnv(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	a := cfg.Apps[0]
	if len(cfg.Apps) != 1 || a.ID != DefaultAppID || a.Key != DefaultAppKey || a.Secret != DefaultAppSecret || !a.ClientEvents || !a.Enabled {
		t.Fatalf("defaults %+v", cfg.Apps)
	}
	if cfg.ActivityTimeout.Seconds() != 120 || cfg.PongTimeout.Seconds() != 30 {
		t.Fatalf("timeouts %v %v", cfg.ActivityTimeout, cfg.PongTimeout)
	}
	cfg, err = ConfigFromEnv(env(map[string]string{"PUSHER_APP_ID": "9", "PUSHER_APP_KEY": "k", "PUSHER_APP_SECRET": "s",
		"PUSHER_CLIENT_EVENTS": "false", "PUSHER_ACTIVITY_TIMEOUT": "30", "PUSHER_PONG_TIMEOUT": "5"}))
	if err != nil {
		t.Fatal(err)
	}
	if a := cfg.Apps[0]; a.ID != "9" || a.ClientEvents || cfg.ActivityTimeout.Seconds() != 30 || cfg.PongTimeout.Seconds() != 5 {
		t.Fatalf("%+v %v", cfg.Apps, cfg.ActivityTimeout)
	}
	// The per-IP cap: a number, 0 turns it off (negative in Config).
	for v, want := range map[string]int{"": 0, "7": 7, "0": -1} {
		cfg, err = ConfigFromEnv(env(map[string]string{"PUSHER_MAX_CONNECTIONS_PER_IP": v}))
		if err != nil || cfg.MaxConnectionsPerIP != want {
			t.Errorf("PUSHER_MAX_CONNECTIONS_PER_IP=%q: %d, %v; want %d", v, cfg.MaxConnectionsPerIP, err, want)
		}
	}
	for _, bad := range []map[string]string{
		{"PUSHER_ACTIVITY_TIMEOUT": "x"},
		{"PUSHER_PONG_TIMEOUT": "0"},
		{"PUSHER_CLIENT_EVENTS": "maybe"},
		{"PUSHER_MAX_CONNECTIONS_PER_IP": "-1"},
		{"PUSHER_MAX_CONNECTIONS_PER_IP": "many"},
		{"PUSHER_APPS_FILE": "/does/not/exist"},
	} {
		if _, err := ConfigFromEnv(env(bad)); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
	path := t.TempDir() + "/apps.json"
	writeFile(t, path, `[{"id":"a","key":"ka","secret":"sa"},{"id":"b","key":"kb","secret":"sb","enabled":false,"client_events":false,"max_connections":5}]`)
	cfg, err = ConfigFromEnv(env(map[string]string{"PUSHER_APPS_FILE": path}))
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Apps) != 2 || !cfg.Apps[0].Enabled || !cfg.Apps[0].ClientEvents || cfg.Apps[1].Enabled || cfg.Apps[1].MaxConnections != 5 {
		t.Fatalf("%+v", cfg.Apps)
	}
	cfg, err = ConfigFromEnv(env(map[string]string{"PUSHER_APPS_FILE": path, "PUSHER_APP_KEY": "kc"}))
	if err != nil || len(cfg.Apps) != 3 {
		t.Fatalf("env app beside the file: %v %+v", err, cfg.Apps)
	}
	writeFile(t, path, `[{"id":"a","key":"ka","secret":"sa"},{"id":"a","key":"kb","secret":"sb"}]`)
	if _, err := ConfigFromEnv(env(map[string]string{"PUSHER_APPS_FILE": path})); err == nil {
		t.Fatal("duplicate id accepted")
	}
}
