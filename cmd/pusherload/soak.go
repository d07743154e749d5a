package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/fasthttp/websocket"

	"topup/realtime"
)

// Soak: one pusher server process holds -conns connections for -soak while
// -churn of them per second disconnect and as many new ones connect; each
// connection subscribes to one channel (half private, half presence), and
// every channel gets one event per second through the signed HTTP API.
// Every -sample the server's RSS, goroutines and open descriptors and the
// clients' delivery latency are recorded; samples.csv, samples.json and SVG
// plots go to -out, and the verdict says whether the curves stayed flat.

type soakConfig struct {
	duration, sample, warmup time.Duration
	conns, churn, channels   int
	size, srcs               int
	out                      string
}

// soakConn is one client connection. next is the sequence number of the
// next event it must get on its channel; only its reader writes it.
type soakConn struct {
	ws      *websocket.Conn
	ch      int
	idx     int // position in soak.held, under soak.mu
	next    atomic.Int64
	closing atomic.Bool
}

type soak struct {
	cfg    soakConfig
	srv    *child
	dialer []websocket.Dialer // one per loopback source address

	// Per channel: the last sequence number whose publish request began,
	// and the last one the HTTP API accepted.
	started, accepted []atomic.Int64

	mu   sync.Mutex
	held []*soakConn

	inflight, users                               atomic.Int64
	connects, disconnects, connectErrors, dropped atomic.Int64
	delivered, lost, published, publishErrors     atomic.Int64
	latMu                                         sync.Mutex
	lat                                           []int32 // µs, since the last sample
}

func channelName(c, channels int) string {
	if c < channels/2 {
		return "private-soak-" + strconv.Itoa(c)
	}
	return "presence-soak-" + strconv.Itoa(c)
}

func runSoak(cfg soakConfig) error {
	if cfg.channels < 2 || cfg.channels%2 != 0 {
		return fmt.Errorf("-channels must be even and at least 2")
	}
	// The default presence cap is 100 members; churn adds a few in flight.
	if per := cfg.conns / cfg.channels; per > 90 {
		return fmt.Errorf("%d connections per presence channel is over the 100-member cap: raise -channels", per)
	}
	if err := os.MkdirAll(cfg.out, 0o755); err != nil {
		return err
	}
	srv, err := startChild("pusher")
	if err != nil {
		return err
	}
	defer srv.stop()
	s := &soak{cfg: cfg, srv: srv, started: make([]atomic.Int64, cfg.channels), accepted: make([]atomic.Int64, cfg.channels)}
	for i := range max(1, cfg.srcs) {
		// Client ports come from several loopback addresses: 15,000 held
		// sockets plus a minute of TIME_WAIT from churn would not fit in
		// one address's ephemeral range.
		local := &net.TCPAddr{IP: net.IPv4(127, 0, 0, byte(1+i))}
		d := &net.Dialer{LocalAddr: local, Timeout: 10 * time.Second}
		s.dialer = append(s.dialer, websocket.Dialer{HandshakeTimeout: 10 * time.Second, ReadBufferSize: 1024, WriteBufferSize: 1024,
			NetDial: func(network, addr string) (net.Conn, error) { return d.Dial(network, addr) }})
	}

	fmt.Printf("pusherload soak: %d connections, churn %d/s, %d channels (half private, half presence), 1 event/s each via the HTTP API, %s, sample every %s\n",
		cfg.conns, cfg.churn, cfg.channels, cfg.duration, cfg.sample)
	t0 := time.Now()
	s.fill(cfg.conns)
	fmt.Printf("connected %d in %.1fs (%d errors)\n", s.count(), time.Since(t0).Seconds(), s.connectErrors.Load())

	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); s.publishAll(stop) }()
	go func() { defer wg.Done(); s.churnLoop(stop) }()

	samples := s.sampleLoop(time.Now())
	close(stop)
	wg.Wait()
	// Whatever was accepted before the stop has had time to arrive.
	time.Sleep(3 * time.Second)
	tail := s.tailLost()
	s.lost.Add(tail)
	s.closeAll()

	rep := s.report(samples, tail)
	if err := writeSoak(cfg.out, rep); err != nil {
		return err
	}
	fmt.Print(rep.verdictText())
	if !rep.Pass {
		return fmt.Errorf("soak failed")
	}
	return nil
}

// fill opens n connections, 100 at a time.
func (s *soak) fill(n int) {
	sem := make(chan struct{}, 100)
	var wg sync.WaitGroup
	for range n {
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			s.open()
		}()
	}
	wg.Wait()
}

// open connects one client, subscribes it and starts its reader.
func (s *soak) open() {
	s.inflight.Add(1)
	defer s.inflight.Add(-1)
	user := s.users.Add(1)
	sc, err := s.subscribe(user)
	if err != nil {
		s.connectErrors.Add(1)
		return
	}
	s.connects.Add(1)
	s.mu.Lock()
	sc.idx = len(s.held)
	s.held = append(s.held, sc)
	s.mu.Unlock()
	go s.read(sc)
}

func (s *soak) subscribe(user int64) (*soakConn, error) {
	d := s.dialer[int(user)%len(s.dialer)]
	ws, _, err := d.Dial("ws://"+s.srv.addr+"/app/"+benchKey+"?protocol=7&client=js&version=8.6.0", nil)
	if err != nil {
		return nil, err
	}
	fail := func(err error) (*soakConn, error) { _ = ws.Close(); return nil, err }
	_ = ws.SetReadDeadline(time.Now().Add(15 * time.Second))
	var est struct{ Event, Data string }
	if err := ws.ReadJSON(&est); err != nil {
		return fail(err)
	}
	var id struct {
		SocketID string `json:"socket_id"`
	}
	if err := json.Unmarshal([]byte(est.Data), &id); err != nil || id.SocketID == "" {
		return fail(fmt.Errorf("no socket id in %q", est.Data))
	}
	c := int(user) % s.cfg.channels
	name := channelName(c, s.cfg.channels)
	data := map[string]string{"channel": name}
	if c >= s.cfg.channels/2 {
		data["channel_data"] = fmt.Sprintf(`{"user_id":"u%d","user_info":{}}`, user)
	}
	data["auth"] = realtime.SignChannel(benchSecret, benchKey, id.SocketID, name, data["channel_data"])
	if err := ws.WriteJSON(map[string]any{"event": "pusher:subscribe", "data": data}); err != nil {
		return fail(err)
	}
	for {
		_, msg, err := ws.ReadMessage()
		if err != nil {
			return fail(err)
		}
		if bytes.Contains(msg, []byte(`"pusher_internal:subscription_succeeded"`)) {
			break
		}
		if bytes.Contains(msg, []byte(`"pusher:subscription_error"`)) || bytes.Contains(msg, []byte(`"pusher:error"`)) {
			return fail(fmt.Errorf("%s", msg))
		}
	}
	_ = ws.SetReadDeadline(time.Time{})
	sc := &soakConn{ws: ws, ch: c}
	// Subscribed: every event whose publish begins from now on is owed.
	sc.next.Store(s.started[c].Load() + 1)
	return sc, nil
}

// read consumes a connection's frames: answers pings, and for each event
// records its latency and any sequence numbers skipped since the last.
func (s *soak) read(sc *soakConn) {
	for {
		_, msg, err := sc.ws.ReadMessage()
		if err != nil {
			if !sc.closing.Load() {
				// Closed by the server or the network, not by churn.
				s.dropped.Add(1)
				s.remove(sc)
				_ = sc.ws.Close()
			}
			return
		}
		if bytes.Contains(msg, []byte(`"pusher:ping"`)) {
			_ = sc.ws.WriteMessage(websocket.TextMessage, []byte(`{"event":"pusher:pong","data":{}}`))
			continue
		}
		sent, seq, ok := parseTick(msg)
		if !ok {
			continue
		}
		now := time.Now().UnixNano()
		s.delivered.Add(1)
		s.latMu.Lock()
		s.lat = append(s.lat, int32((now-sent)/1000))
		s.latMu.Unlock()
		if next := sc.next.Load(); seq >= next {
			s.lost.Add(seq - next)
			sc.next.Store(seq + 1)
		}
	}
}

// parseTick reads the send time and sequence number out of a tick event,
// whose data is the JSON string {"t":…,"s":…,"pad":…}.
func parseTick(msg []byte) (sent, seq int64, ok bool) {
	if !bytes.Contains(msg, []byte(`"event":"tick"`)) {
		return 0, 0, false
	}
	sent, ok1 := numberAfter(msg, `t\":`)
	seq, ok2 := numberAfter(msg, `s\":`)
	return sent, seq, ok1 && ok2
}

func numberAfter(msg []byte, key string) (int64, bool) {
	i := bytes.Index(msg, []byte(key))
	if i < 0 {
		return 0, false
	}
	j := i + len(key)
	k := j
	for k < len(msg) && msg[k] >= '0' && msg[k] <= '9' {
		k++
	}
	n, err := strconv.ParseInt(string(msg[j:k]), 10, 64)
	return n, err == nil
}

func (s *soak) remove(sc *soakConn) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	i := sc.idx
	if i < 0 || i >= len(s.held) || s.held[i] != sc {
		return false
	}
	last := s.held[len(s.held)-1]
	s.held[i], last.idx = last, i
	s.held = s.held[:len(s.held)-1]
	sc.idx = -1
	return true
}

func (s *soak) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.held)
}

// closeOne disconnects a random held connection as a browser tab would:
// a close frame, then the socket.
func (s *soak) closeOne() {
	s.mu.Lock()
	if len(s.held) == 0 {
		s.mu.Unlock()
		return
	}
	sc := s.held[rand.IntN(len(s.held))]
	sc.closing.Store(true)
	s.mu.Unlock()
	if !s.remove(sc) {
		return
	}
	_ = sc.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, ""), time.Now().Add(time.Second))
	_ = sc.ws.Close()
	s.disconnects.Add(1)
}

// churnLoop disconnects -churn connections a second in ten slices, and
// opens as many as keep -conns held (also replacing any the server closed).
func (s *soak) churnLoop(stop chan struct{}) {
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	per := s.cfg.churn / 10
	carry := 0
	for {
		select {
		case <-stop:
			return
		case <-tick.C:
		}
		carry += s.cfg.churn % 10
		n := per + carry/10
		carry %= 10
		for range n {
			s.closeOne()
		}
		want := s.cfg.conns - s.count() - int(s.inflight.Load())
		for range min(want, 4*s.cfg.churn) {
			go s.open()
		}
	}
}

// publishAll sends one event per channel per second through the signed
// HTTP API. Each publisher owns 4 channels, so one channel's events are
// sent one after the other and arrive in order, and a publisher has 250 ms
// per request: on a loaded machine a publisher with more channels could
// not keep up one request after another, and the rate would sag.
func (s *soak) publishAll(stop chan struct{}) {
	publishers := (s.cfg.channels + 3) / 4
	var wg sync.WaitGroup
	for p := range publishers {
		var mine []int
		for c := p; c < s.cfg.channels; c += publishers {
			mine = append(mine, c)
		}
		if len(mine) == 0 {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			api := apiClient(s.srv.addr, 1)
			tick := time.NewTicker(time.Second / time.Duration(len(mine)))
			defer tick.Stop()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				case <-tick.C:
				}
				c := mine[i%len(mine)]
				seq := s.started[c].Add(1)
				body := soakPayload(seq, s.cfg.size)
				if err := api.Trigger(channelName(c, s.cfg.channels), "tick", body); err != nil {
					s.publishErrors.Add(1)
					continue
				}
				s.accepted[c].Store(seq)
				s.published.Add(1)
			}
		}()
	}
	wg.Wait()
}

func soakPayload(seq int64, size int) []byte {
	b := fmt.Appendf(nil, `{"t":%d,"s":%d,"pad":"`, time.Now().UnixNano(), seq)
	if pad := size - len(b) - 2; pad > 0 {
		b = append(b, bytes.Repeat([]byte("x"), pad)...)
	}
	return append(b, `"}`...)
}

// tailLost counts, after the publishers stopped and a drain, the events a
// held connection is still owed: accepted after it subscribed, not received.
func (s *soak) tailLost() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	var n int64
	for _, sc := range s.held {
		if owed := s.accepted[sc.ch].Load() - sc.next.Load() + 1; owed > 0 {
			n += owed
		}
	}
	return n
}

func (s *soak) closeAll() {
	s.mu.Lock()
	held := s.held
	s.held = nil
	s.mu.Unlock()
	for _, sc := range held {
		sc.closing.Store(true)
		_ = sc.ws.Close()
	}
}
