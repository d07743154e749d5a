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

func publicOnly(_, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return err
	}
	ip := ap.Addr().Unmap()
	if !ip.IsGlobalUnicast() || ip.IsPrivate() || ip.IsLoopback() || ip.IsLinkLocalUnicast() {
		return errNotPublic
	}
	return nil
}
