// Package clientip decides which address a request comes from, for rate
// limits and the audit log. Behind a reverse proxy the TCP peer is the proxy,
// and the client's address is in a header the proxy sets (X-Forwarded-For,
// X-Real-IP). That header is only believed when the peer is one of the
// operator's trusted proxies, and then read from the right: a proxy appends
// the address it saw, so everything left of its entry is whatever the client
// chose to send.
package clientip

import (
	"fmt"
	"net/netip"
	"strings"

	"github.com/gofiber/fiber/v2"
)

// Resolver finds a request's client address. The zero value (and a nil
// *Resolver) trusts no header: the client is the TCP peer.
type Resolver struct {
	header  string
	trusted []netip.Prefix
}

// New returns a resolver reading header (e.g. "X-Forwarded-For"; empty: no
// header) from peers inside trustedCIDRs, a comma-separated list of CIDRs or
// single addresses ("10.0.0.0/8, 192.168.1.7"). A header without trusted
// proxies is refused: believing it from any peer is how addresses get forged.
func New(header, trustedCIDRs string) (*Resolver, error) {
	r := &Resolver{header: strings.TrimSpace(header)}
	for _, s := range strings.Split(trustedCIDRs, ",") {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		p, err := parsePrefix(s)
		if err != nil {
			return nil, fmt.Errorf("TRUSTED_PROXIES: %q is not an address or CIDR", s)
		}
		r.trusted = append(r.trusted, p)
	}
	if r.header != "" && len(r.trusted) == 0 {
		return nil, fmt.Errorf("PROXY_HEADER=%s needs TRUSTED_PROXIES (the proxies' addresses or CIDRs); without it any client could choose its own address", r.header)
	}
	if r.header == "" && len(r.trusted) > 0 {
		return nil, fmt.Errorf("TRUSTED_PROXIES is set but PROXY_HEADER is not; set PROXY_HEADER to the header your proxy writes (e.g. X-Forwarded-For)")
	}
	return r, nil
}

func parsePrefix(s string) (netip.Prefix, error) {
	if strings.Contains(s, "/") {
		p, err := netip.ParsePrefix(s)
		return p.Masked(), err
	}
	a, err := netip.ParseAddr(s)
	if err != nil {
		return netip.Prefix{}, err
	}
	a = a.Unmap()
	return netip.PrefixFrom(a, a.BitLen()), nil
}

// Header is the header the resolver reads, or "".
func (r *Resolver) Header() string {
	if r == nil {
		return ""
	}
	return r.header
}

// Trusted reports whether a is one of the trusted proxies.
func (r *Resolver) Trusted(a netip.Addr) bool {
	if r == nil {
		return false
	}
	a = a.Unmap()
	for _, p := range r.trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// Resolve is the client address of a request from peer carrying values of
// the header (each may be a comma-separated list; later values were added
// later). It answers "" when the address cannot be known: an unparsable
// peer, or a trusted proxy that sent a malformed entry where its client's
// address belongs. Callers must never use "" as a shared key.
func (r *Resolver) Resolve(peer string, values []string) string {
	p, err := netip.ParseAddr(strings.TrimSpace(peer))
	if err != nil {
		return ""
	}
	p = p.Unmap()
	if r.Header() == "" || !r.Trusted(p) {
		return p.String()
	}
	var hops []string
	for _, v := range values {
		for _, h := range strings.Split(v, ",") {
			if h = strings.TrimSpace(h); h != "" {
				hops = append(hops, h)
			}
		}
	}
	// Right to left: skip our own proxies; the first other hop is the
	// address the outermost trusted proxy saw.
	client := p
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := parseHop(hops[i])
		if err != nil {
			return ""
		}
		client = a
		if !r.Trusted(a) {
			break
		}
	}
	return client.String()
}

// parseHop reads one header entry: an address, possibly with a port
// ("1.2.3.4:5678", "[2001:db8::1]:80"), as some proxies write them.
func parseHop(h string) (netip.Addr, error) {
	if ap, err := netip.ParseAddrPort(h); err == nil {
		return ap.Addr().Unmap(), nil
	}
	a, err := netip.ParseAddr(strings.Trim(h, "[]"))
	if err != nil {
		return netip.Addr{}, err
	}
	return a.Unmap(), nil
}

// Of is the client address of a Fiber request (see Resolve).
func (r *Resolver) Of(c *fiber.Ctx) string {
	peer := c.Context().RemoteIP().String()
	h := r.Header()
	if h == "" {
		return r.Resolve(peer, nil)
	}
	raw := c.Request().Header.PeekAll(h)
	values := make([]string, len(raw))
	for i, v := range raw {
		values[i] = string(v)
	}
	return r.Resolve(peer, values)
}
