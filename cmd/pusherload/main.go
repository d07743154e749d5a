// Command pusherload measures the realtime server: it opens N websocket
// connections subscribed to one channel, publishes events and reports
// publish-to-delivery latency, deliveries per second, server CPU per
// delivery and server memory per idle subscribed connection — next to a
// bare broadcast loop over the same websocket library in the same run.
// Loopback only: the servers are child processes of this command.
//
//	go run ./cmd/pusherload -subs 1000,10000 -rate 20 -events 200 -size 100
//
// -soak holds connections for a long time with churn and plots the server's
// memory, goroutines, descriptors and latency over time:
//
//	nice -n 10 /tmp/pusherload -soak 30m -conns 15000 -churn 200 -out docs/soak
//
// Modes redis1 and cluster run one and -nodes pusher nodes over
// the Redis adapter (-redis, or a redis-server started on a free port):
//
//	go build -o /tmp/pusherload ./cmd/pusherload && /tmp/pusherload -modes pusher,redis1,cluster
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/fasthttp/websocket"
)

func main() {
	role := flag.String("role", "", "internal: run a server (pusher or bare) instead of the load")
	subsFlag := flag.String("subs", "1000,10000", "comma-separated subscriber counts")
	modes := flag.String("modes", "bare,pusher", "servers to measure, in order")
	rate := flag.Int("rate", 20, "events per second (0 = back to back)")
	events := flag.Int("events", 200, "events per run")
	size := flag.Int("size", 100, "payload bytes per event")
	verbose = flag.Bool("v", false, "print the servers' heap and stack per connection")
	via = flag.String("via", "server", "publish inside the server process (server) or through the signed HTTP API with pusher-http-go (api; pusher mode only)")
	triggerFor := flag.Duration("trigger-for", 0, "instead: send signed HTTP API triggers back to back for this long and report requests per second")
	conc := flag.Int("conc", 16, "concurrent HTTP API clients for -trigger-for")
	clusterNodes = flag.Int("nodes", 3, "nodes of the cluster mode")
	redisFlag = flag.String("redis", os.Getenv("TEST_REDIS_URL"), "Redis for the redis1 and cluster modes (empty: start a redis-server on a free loopback port)")
	var sk soakConfig
	flag.DurationVar(&sk.duration, "soak", 0, "instead: hold -conns connections this long with churn and events, sampling the server (see soak.go)")
	flag.IntVar(&sk.conns, "conns", 15000, "soak: connections held")
	flag.IntVar(&sk.churn, "churn", 200, "soak: disconnects (and as many connects) per second")
	flag.IntVar(&sk.channels, "channels", 200, "soak: channels, half private, half presence; one event per second each")
	flag.DurationVar(&sk.sample, "sample", 10*time.Second, "soak: sampling period")
	flag.DurationVar(&sk.warmup, "warmup", 2*time.Minute, "soak: the first sample at or after this is the steady baseline")
	flag.IntVar(&sk.srcs, "srcs", 4, "soak: loopback source addresses for the clients (127.0.0.1 up)")
	flag.StringVar(&sk.out, "out", "soak-out", "soak: directory for samples.csv, samples.json and the SVG plots")
	replotDir := flag.String("replot", "", "instead: redraw the plots and the verdict of the soak whose samples.json is in this directory")
	flag.Parse()
	if *role != "" {
		if err := serve(*role); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	if *replotDir != "" {
		if err := replot(*replotDir); err != nil {
			fatal(err)
		}
		return
	}
	if sk.duration > 0 {
		sk.size = *size
		if err := runSoak(sk); err != nil {
			fatal(err)
		}
		return
	}
	if *triggerFor > 0 {
		triggerRate(*subsFlag, *triggerFor, *conc, *size)
		return
	}
	fmt.Printf("pusherload: events=%d rate=%d/s size=%dB via=%s\n", *events, *rate, *size, *via)
	fmt.Printf("%-7s %6s %9s %9s %9s %9s %12s %10s %10s %10s %8s\n",
		"server", "subs", "delivered", "lost", "p50_ms", "p99_ms", "deliv/s", "cpu_us/dl", "KB/conn", "KB/connGC", "slowcut")
	if strings.Contains(*modes, "redis1") || strings.Contains(*modes, "cluster") {
		stopRedis, err := ensureRedis()
		if err != nil {
			fatal(err)
		}
		defer stopRedis()
		fmt.Printf("(redis1: one node through Redis; cluster: %d nodes through Redis, subscribers spread evenly, events published on node 0)\n", *clusterNodes)
	}
	for _, s := range strings.Split(*subsFlag, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			fatal(err)
		}
		for _, mode := range strings.Split(*modes, ",") {
			r, err := runOne(mode, n, *events, *rate, *size)
			if err != nil {
				stopOwnRedis()
				fatal(fmt.Errorf("%s %d: %w", mode, n, err))
			}
			fmt.Printf("%-7s %6d %9d %9d %9.2f %9.2f %12.0f %10.2f %10.2f %10.2f %8d\n",
				mode, n, r.delivered, r.lost, r.p50, r.p99, r.perSec, r.cpuPerDelivery, r.kbPerConn, r.kbPerConnGC, r.slowCut)
		}
	}
}

var (
	verbose *bool
	via     *string
)

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "pusherload:", err)
	os.Exit(1)
}

type result struct {
	delivered, lost int
	p50, p99        float64 // ms
	perSec          float64
	cpuPerDelivery  float64 // µs of server user+system CPU
	kbPerConn       float64 // resident, as the OS sees it, 2 s after connecting
	kbPerConnGC     float64 // resident after forced collections
	slowCut         int64
}

type child struct {
	cmd  *exec.Cmd
	addr string
}

func startChild(role string) (*child, error) { return startChildEnv(role, nil) }

func startChildEnv(role string, env []string) (*child, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(self, "-role", role)
	if env != nil {
		cmd.Env = append(os.Environ(), env...)
	}
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		_ = cmd.Process.Kill()
		return nil, err
	}
	go func() { _, _ = io.Copy(io.Discard, out) }()
	return &child{cmd: cmd, addr: strings.TrimSpace(strings.TrimPrefix(line, "listening "))}, nil
}

func (c *child) stop() {
	_ = c.cmd.Process.Kill()
	_ = c.cmd.Wait()
}

// cpuTicks is the child's user+system time in clock ticks (100 Hz).
func (c *child) cpuTicks() int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", c.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+2:]))
	u, _ := strconv.ParseInt(f[11], 10, 64)
	s, _ := strconv.ParseInt(f[12], 10, 64)
	return u + s
}

func (c *child) rss() int64 { return rssOf(strconv.Itoa(c.cmd.Process.Pid)) }

func (c *child) getJSON(path string, v any) error {
	resp, err := http.Get("http://" + c.addr + path)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	return json.NewDecoder(resp.Body).Decode(v)
}

type sub struct {
	ws   *websocket.Conn
	lat  []int32 // µs
	got  atomic.Int64
	done atomic.Bool
}

func runOne(mode string, n, events, rate, size int) (result, error) {
	var r result
	ch, err := startGroup(mode)
	if err != nil {
		return r, err
	}
	defer ch.stop()
	var mem1 struct {
		RSS        int64 `json:"rss"`
		Heap       int64 `json:"heap"`
		Stack      int64 `json:"stack"`
		Goroutines int   `json:"goroutines"`
	}
	rss0 := ch.rss()

	subs, err := connectAll(ch.addrs(), mode, n)
	defer func() {
		for _, s := range subs {
			if s != nil && s.ws != nil {
				_ = s.ws.Close()
			}
		}
	}()
	if err != nil {
		return r, err
	}
	// As the operating system sees it: resident memory after the
	// connections settled, nothing forced; then after forced collections.
	time.Sleep(2 * time.Second)
	r.kbPerConn = float64(ch.rss()-rss0) / float64(n) / 1024
	if err := ch.getJSON("/bench/mem", &mem1); err != nil {
		return r, err
	}
	r.kbPerConnGC = float64(mem1.RSS-rss0) / float64(n) / 1024
	if *verbose {
		fmt.Fprintf(os.Stderr, "%s %d: after forced GC per conn heap %.0f B, stack %.0f B; goroutines %d\n", mode, n,
			float64(mem1.Heap)/float64(n), float64(mem1.Stack)/float64(n), mem1.Goroutines)
	}

	var wg sync.WaitGroup
	var lastRecv atomic.Int64
	for _, s := range subs {
		s.lat = make([]int32, 0, events)
		wg.Add(1)
		go func(s *sub) {
			defer wg.Done()
			for int(s.got.Load()) < events {
				_ = s.ws.SetReadDeadline(time.Now().Add(15 * time.Second))
				_, msg, err := s.ws.ReadMessage()
				if err != nil {
					return
				}
				now := time.Now().UnixNano()
				i := bytes.Index(msg, []byte(`t\":`))
				if i < 0 {
					continue
				}
				j := i + 4
				for j < len(msg) && msg[j] >= '0' && msg[j] <= '9' {
					j++
				}
				sent, _ := strconv.ParseInt(string(msg[i+4:j]), 10, 64)
				s.lat = append(s.lat, int32((now-sent)/1000))
				s.got.Add(1)
				lastRecv.Store(now)
			}
		}(s)
	}

	cpu0 := ch.cpuTicks()
	start := time.Now()
	if *via == "api" && mode != "bare" {
		// The publisher is a backend: signed HTTP requests from this
		// process, so latency includes signing, HTTP and verification.
		if err := publishViaAPI(ch.first().addr, events, rate, size); err != nil {
			return r, err
		}
	} else {
		resp, err := http.Post(fmt.Sprintf("http://%s/bench/run?n=%d&rate=%d&size=%d", ch.first().addr, events, rate, size), "", nil)
		if err != nil {
			return r, err
		}
		resp.Body.Close()
	}
	wg.Wait()
	cpu1 := ch.cpuTicks()

	var all []int32
	for _, s := range subs {
		all = append(all, s.lat...)
	}
	r.delivered = len(all)
	r.lost = n*events - len(all)
	if len(all) > 0 {
		slices.Sort(all)
		r.p50 = float64(all[len(all)*50/100]) / 1000
		r.p99 = float64(all[len(all)*99/100]) / 1000
		el := time.Duration(lastRecv.Load() - start.UnixNano())
		r.perSec = float64(len(all)) / el.Seconds()
		r.cpuPerDelivery = float64(cpu1-cpu0) * 1e4 / float64(len(all)) // ticks are 10 ms
	}
	if mode != "bare" {
		var st struct{ SlowClosed int64 }
		if ch.getJSON("/bench/stats", &st) == nil {
			r.slowCut = st.SlowClosed
		}
	}
	return r, nil
}

// connectAll opens n connections, 100 at a time, spread round robin over
// addrs; on the pusher server each waits for connection_established and
// subscribes to the bench channel.
func connectAll(addrs []string, mode string, n int) ([]*sub, error) {
	subs := make([]*sub, n)
	sem := make(chan struct{}, 100)
	var firstErr atomic.Value
	var wg sync.WaitGroup
	dialer := websocket.Dialer{HandshakeTimeout: 10 * time.Second, ReadBufferSize: 1024, WriteBufferSize: 1024}
	for i := range subs {
		sem <- struct{}{}
		wg.Add(1)
		go func(i int) {
			defer func() { <-sem; wg.Done() }()
			ws, _, err := dialer.Dial("ws://"+addrs[i%len(addrs)]+"/app/"+benchKey+"?protocol=7&client=js&version=8.6.0", nil)
			if err != nil {
				firstErr.CompareAndSwap(nil, err)
				return
			}
			subs[i] = &sub{ws: ws}
			if mode == "bare" {
				return
			}
			_ = ws.SetReadDeadline(time.Now().Add(10 * time.Second))
			if _, _, err := ws.ReadMessage(); err != nil { // connection_established
				firstErr.CompareAndSwap(nil, err)
				return
			}
			if err := ws.WriteMessage(websocket.TextMessage, []byte(`{"event":"pusher:subscribe","data":{"auth":"","channel":"`+benchChan+`"}}`)); err != nil {
				firstErr.CompareAndSwap(nil, err)
				return
			}
			if _, _, err := ws.ReadMessage(); err != nil { // subscription_succeeded
				firstErr.CompareAndSwap(nil, err)
			}
		}(i)
	}
	wg.Wait()
	if e := firstErr.Load(); e != nil {
		return subs, e.(error)
	}
	return subs, nil
}
