package clientip

import (
	"strings"
	"testing"
)

func TestResolve(t *testing.T) {
	r, err := New("X-Forwarded-For", "10.0.0.0/8, 192.168.1.7, 2001:db8::/32")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		peer   string
		values []string
		want   string
	}{
		{"no header: the peer", "203.0.113.9", nil, "203.0.113.9"},
		{"untrusted peer: its spoofed header is ignored", "203.0.113.9", []string{"1.2.3.4"}, "203.0.113.9"},
		{"untrusted peer with garbage header: still the peer", "203.0.113.9", []string{"x"}, "203.0.113.9"},
		{"trusted proxy appended the client", "10.0.0.2", []string{"198.51.100.4"}, "198.51.100.4"},
		{"client-chosen left entries are skipped", "10.0.0.2", []string{"1.2.3.4, 5.6.7.8, 198.51.100.4"}, "198.51.100.4"},
		{"chained trusted proxies are skipped", "10.0.0.2", []string{"1.2.3.4, 198.51.100.4, 192.168.1.7, 10.9.9.9"}, "198.51.100.4"},
		{"several header lines read in order", "10.0.0.2", []string{"1.2.3.4", "198.51.100.4"}, "198.51.100.4"},
		{"garbage left of the client does not matter", "10.0.0.2", []string{"x, 198.51.100.4"}, "198.51.100.4"},
		{"garbage where the client belongs: unknown", "10.0.0.2", []string{"198.51.100.4, x"}, ""},
		{"a port on the entry", "10.0.0.2", []string{"198.51.100.4:5555"}, "198.51.100.4"},
		{"IPv6 with port", "10.0.0.2", []string{"[2a00:1450::1]:443"}, "2a00:1450::1"},
		{"IPv4-mapped peer is trusted", "::ffff:10.0.0.2", []string{"198.51.100.4"}, "198.51.100.4"},
		{"trusted IPv6 proxy", "2001:db8::5", []string{"198.51.100.4"}, "198.51.100.4"},
		{"trusted proxy without the header: the proxy itself", "10.0.0.2", nil, "10.0.0.2"},
		{"only trusted hops: the left-most", "10.0.0.2", []string{"10.1.1.1, 10.2.2.2"}, "10.1.1.1"},
		{"unparsable peer", "", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := r.Resolve(tt.peer, tt.values); got != tt.want {
				t.Errorf("Resolve(%q, %q) = %q, want %q", tt.peer, tt.values, got, tt.want)
			}
		})
	}
}

func TestNoHeaderTrustsNobody(t *testing.T) {
	var nilResolver *Resolver
	for _, r := range []*Resolver{nilResolver, {}} {
		if got := r.Resolve("203.0.113.9", []string{"1.2.3.4"}); got != "203.0.113.9" {
			t.Errorf("Resolve = %q, want the peer", got)
		}
	}
}

func TestNewRefusesUnsafeOrBrokenSettings(t *testing.T) {
	tests := []struct {
		header, cidrs, wantErr string
	}{
		{"X-Forwarded-For", "", "needs TRUSTED_PROXIES"},
		{"", "10.0.0.0/8", "PROXY_HEADER is not"},
		{"X-Forwarded-For", "10.0.0.0/33", `"10.0.0.0/33"`},
		{"X-Forwarded-For", "proxy.internal", `"proxy.internal"`},
	}
	for _, tt := range tests {
		_, err := New(tt.header, tt.cidrs)
		if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("New(%q, %q) = %v, want an error naming %s", tt.header, tt.cidrs, err, tt.wantErr)
		}
	}
	if _, err := New("", ""); err != nil {
		t.Errorf("no proxy at all: %v", err)
	}
}
