package push

import (
	"strings"
	"testing"
)

func TestKeys(t *testing.T) {
	a, err := DeriveKeys("app-key-1", "mailto:ops@shwe.test")
	if err != nil {
		t.Fatal(err)
	}
	again, _ := DeriveKeys("app-key-1", "mailto:ops@shwe.test")
	other, _ := DeriveKeys("app-key-2", "mailto:ops@shwe.test")
	if a != again || a.Public == other.Public {
		t.Fatal("derived keys are not stable per secret")
	}
	if b, _ := b64.DecodeString(a.Public); len(b) != 65 || b[0] != 4 {
		t.Fatalf("public key %q is not an uncompressed P-256 point", a.Public)
	}
	gen, err := GenerateKeys("")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, public, private, subject, err string
	}{
		{"derived pair", a.Public, a.Private, "mailto:ops@shwe.test", ""},
		{"padded base64", a.Public + "=", a.Private + "=", "https://shwe.test", ""},
		{"mismatched pair", gen.Public, a.Private, "mailto:x@y", "not the public key"},
		{"bad private", a.Public, "xx", "mailto:x@y", "VAPID_PRIVATE_KEY"},
		{"bad public", "!!", a.Private, "mailto:x@y", "VAPID_PUBLIC_KEY"},
		{"http subject", a.Public, a.Private, "http://shwe.test", "VAPID_SUBJECT"},
		{"bare e-mail subject", a.Public, a.Private, "ops@shwe.test", "VAPID_SUBJECT"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			k, err := ParseKeys(tc.public, tc.private, tc.subject)
			if tc.err == "" {
				if err != nil || k.Public != a.Public || k.Private != a.Private {
					t.Fatalf("ParseKeys = %+v, %v", k, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("err = %v, want one naming %q", err, tc.err)
			}
		})
	}
}

func TestPublicOnly(t *testing.T) {
	for addr, ok := range map[string]bool{
		"127.0.0.1:443": false, "10.1.2.3:443": false, "192.168.0.1:443": false, "169.254.169.254:80": false,
		"[::1]:443": false, "[fd00::1]:443": false, "0.0.0.0:443": false,
		// Shared address space (cloud metadata at 100.100.100.200, pod
		// networks), benchmarking, IETF protocol and reserved ranges, and
		// IPv6 forms that carry an IPv4 address (NAT64, 6to4, compatible).
		"100.100.100.200:443": false, "100.64.0.1:443": false, "198.18.0.1:443": false, "192.0.0.8:443": false,
		"240.0.0.1:443": false, "[64:ff9b::a00:1]:443": false, "[2002:a00:1::1]:443": false, "[::a00:1]:443": false,
		"[2001:db8::1]:443": false,
		// Push services listen on 443 only; any other port is a way to
		// knock on a service that is not one.
		"142.250.72.10:8443": false, "142.250.72.10:22": false,
		"142.250.72.10:443": true, "[2a00:1450:4001::200e]:443": true,
	} {
		if err := publicOnly("tcp", addr, nil); (err == nil) != ok {
			t.Errorf("publicOnly(%s) = %v, want allowed %v", addr, err, ok)
		}
	}
}
