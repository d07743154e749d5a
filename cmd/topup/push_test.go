package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"topup/internal/push"
)

func TestPushKeysFromConfig(t *testing.T) {
	pair, err := push.GenerateKeys("")
	if err != nil {
		t.Fatal(err)
	}
	local := Config{Env: "local", AppKey: "k1"}
	prod := Config{Env: "production", AppKey: "k1"}
	derived, _ := push.DeriveKeys("k1", localVAPIDSubject)
	set := map[string]string{"VAPID_PUBLIC_KEY": pair.Public, "VAPID_PRIVATE_KEY": pair.Private, "VAPID_SUBJECT": "mailto:ops@shwe.test"}
	without := func(name string) map[string]string {
		m := map[string]string{}
		for k, v := range set {
			if k != name {
				m[k] = v
			}
		}
		return m
	}
	for _, tc := range []struct {
		name    string
		cfg     Config
		vars    map[string]string
		public  string // "" means push off
		warning bool
		err     bool
	}{
		{"local derives from APP_KEY", local, nil, derived.Public, false, false},
		{"production without keys is off, with a warning", prod, nil, "", true, false},
		{"configured pair", prod, set, pair.Public, false, false},
		{"half a pair", local, without("VAPID_PRIVATE_KEY"), "", false, true},
		{"production without a subject", prod, without("VAPID_SUBJECT"), "", false, true},
		{"local without a subject", local, without("VAPID_SUBJECT"), pair.Public, false, false},
		{"bad subject", local, map[string]string{"VAPID_PUBLIC_KEY": pair.Public, "VAPID_PRIVATE_KEY": pair.Private, "VAPID_SUBJECT": "ops"}, "", false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			k, warning, err := pushKeys(tc.cfg, envOf(tc.vars))
			if (err != nil) != tc.err || (warning != "") != tc.warning {
				t.Fatalf("err %v, warning %q", err, warning)
			}
			got := ""
			if k != nil {
				got = k.Public
			}
			if !tc.err && got != tc.public {
				t.Fatalf("public key %q, want %q", got, tc.public)
			}
		})
	}
}

func TestVAPIDKeysCommand(t *testing.T) {
	var out bytes.Buffer
	if err := run(context.Background(), []string{"vapid-keys"}, env{getenv: envOf(nil), stdout: &out, stderr: &out}); err != nil {
		t.Fatal(err)
	}
	vars := map[string]string{"VAPID_SUBJECT": "https://shwe.test"}
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		name, value, _ := strings.Cut(line, "=")
		vars[name] = value
	}
	if k, _, err := pushKeys(Config{Env: "production"}, envOf(vars)); err != nil || k == nil {
		t.Fatalf("the printed pair does not load: %v\n%s", err, out.String())
	}
}

// A claimed batch of the push lane ends inside its lease even when every
// send takes its whole timeout; otherwise another node claims the same
// events and the customer's phone buzzes twice.
func TestPushLaneBatchFitsItsLease(t *testing.T) {
	o := pushLaneOptions("", nil, zerolog.Nop())
	rounds := (o.Batch + o.Concurrency - 1) / o.Concurrency
	if worst := time.Duration(rounds) * o.PublishTimeout; worst*2 > o.Lease {
		t.Fatalf("a batch of %d at %d at a time may take %s, lease %s", o.Batch, o.Concurrency, worst, o.Lease)
	}
}
