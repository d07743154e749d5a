package push

import (
	"errors"
	"net"
	"net/http"
	"net/netip"
	"syscall"
	"time"
)

// SendTimeout bounds one post to a push service, connection included: a
// slow service costs one outbox slot this long, then the event is retried.
const SendTimeout = 10 * time.Second

// SafeClient is the client production posts with. The endpoint comes
// from a browser, that is from anyone signed in, so it must not become a
// way to reach the store's own network: connections to loopback, private,
// link-local and other non-public addresses are refused at dial time
// (after DNS, so a name resolving to such an address is refused too).
func SafeClient() *http.Client {
	dialer := &net.Dialer{Timeout: 5 * time.Second, Control: publicOnly}
	return &http.Client{
		Timeout: SendTimeout,
		Transport: &http.Transport{
			DialContext:         dialer.DialContext,
			TLSHandshakeTimeout: 5 * time.Second,
			MaxIdleConnsPerHost: 8,
			IdleConnTimeout:     90 * time.Second,
			ForceAttemptHTTP2:   true,
		},
		// A push service answers; it does not redirect.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

var errNotPublic = errors.New("push: endpoint address is not public")

// notPublic are ranges IsGlobalUnicast lets through that still reach
// someone's internal network (RFC 6890's special-purpose registries):
// shared address space (cloud metadata such as 100.100.100.200, pod and
// VPN networks), IETF protocol assignments, benchmarking, documentation,
// reserved, and the IPv6 forms that carry an IPv4 address inside (NAT64,
// 6to4, Teredo, IPv4-compatible).
var notPublic = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),
	netip.MustParsePrefix("100.64.0.0/10"),
	netip.MustParsePrefix("192.0.0.0/24"),
	netip.MustParsePrefix("192.0.2.0/24"),
	netip.MustParsePrefix("198.18.0.0/15"),
	netip.MustParsePrefix("198.51.100.0/24"),
	netip.MustParsePrefix("203.0.113.0/24"),
	netip.MustParsePrefix("240.0.0.0/4"),
	netip.MustParsePrefix("::/96"),
	netip.MustParsePrefix("64:ff9b::/96"),
	netip.MustParsePrefix("64:ff9b:1::/48"),
	netip.MustParsePrefix("2001::/32"),
	netip.MustParsePrefix("2001:db8::/32"),
	netip.MustParsePrefix("2002::/16"),
}

// publicOnly allows a connection to a public address on 443 only: every
// push service (FCM, Mozilla's, Apple's, Microsoft's) listens there, and
// any other port would let an endpoint knock on a service that is not one.
func publicOnly(_, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return err
	}
	if ap.Port() != 443 {
		return errNotPublic
	}
	ip := ap.Addr().Unmap()
	if !ip.IsGlobalUnicast() || ip.IsPrivate() || ip.IsLoopback() || ip.IsLinkLocalUnicast() {
		return errNotPublic
	}
	for _, p := range notPublic {
		if p.Contains(ip) {
			return errNotPublic
		}
	}
	return nil
}
