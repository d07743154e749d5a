package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	_ "net/http/pprof"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	fws "github.com/gofiber/contrib/websocket"
	"github.com/gofiber/fiber/v2"
	"github.com/rs/zerolog"

	"topup/realtime"
)

// The server side runs in a child process (this binary with -role), so its
// CPU time and RSS are measured apart from the clients'.

const (
	benchAppID  = "bench"
	benchKey    = "bench-key"
	benchSecret = "bench-secret"
	benchChan   = "bench"
)

// publisher sends one encoded payload to every subscriber.
type publisher func(payload []byte)

func serve(role string) error {
	app := fiber.New(fiber.Config{DisableStartupMessage: true})
	var pub publisher
	switch role {
	case "pusher":
		adapter, err := benchAdapter()
		if err != nil {
			return err
		}
		// Every client connects from 127.0.0.1: no per-address cap.
		srv := realtime.New(realtime.Config{Apps: []realtime.App{{ID: benchAppID, Key: benchKey, Secret: benchSecret, Enabled: true}}, MaxConnectionsPerIP: -1},
			zerolog.Nop(), adapter)
		srv.Mount(app)
		pub = func(p []byte) {
			_ = srv.Publish(context.Background(), benchAppID, []string{benchChan}, "tick", p, "")
		}
		app.Get("/bench/stats", func(c *fiber.Ctx) error { return c.JSON(srv.Stats()) })
		// For the soak's samples: nothing forced, unlike /bench/mem.
		app.Get("/bench/runtime", func(c *fiber.Ctx) error {
			return c.JSON(fiber.Map{"goroutines": runtime.NumGoroutine(), "connections": srv.Stats().Connections})
		})
	case "bare":
		pub = bareServer(app)
	default:
		return fmt.Errorf("unknown role %q", role)
	}
	app.Post("/bench/run", func(c *fiber.Ctx) error {
		n, _ := strconv.Atoi(c.Query("n"))
		rate, _ := strconv.Atoi(c.Query("rate"))
		size, _ := strconv.Atoi(c.Query("size"))
		start := time.Now()
		runPublisher(pub, n, rate, size)
		return c.JSON(fiber.Map{"seconds": time.Since(start).Seconds()})
	})
	app.Get("/bench/mem", func(c *fiber.Ctx) error {
		// Several collections so goroutine stacks that grew during the
		// handshake shrink back, as they would on a long-running server.
		for i := 0; i < 3; i++ {
			runtime.GC()
		}
		debug.FreeOSMemory()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return c.JSON(fiber.Map{"rss": rssBytes(), "goroutines": runtime.NumGoroutine(),
			"heap": ms.HeapInuse, "stack": ms.StackInuse})
	})
	if addr := os.Getenv("PUSHERLOAD_PPROF"); addr != "" {
		// net/http/pprof on its own port: go tool pprof http://ADDR/debug/pprof/heap
		go func() { fmt.Fprintln(os.Stderr, http.ListenAndServe(addr, nil)) }()
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	fmt.Printf("listening %s\n", ln.Addr())
	return app.Listener(ln)
}

// runPublisher publishes n events at rate per second (0 = back to back);
// each payload carries its send time for the clients' latency.
func runPublisher(pub publisher, n, rate, size int) {
	var tick *time.Ticker
	if rate > 0 {
		tick = time.NewTicker(time.Second / time.Duration(rate))
		defer tick.Stop()
	}
	for i := 0; i < n; i++ {
		if tick != nil {
			<-tick.C
		}
		pub(payload(i, size))
	}
}

func payload(seq, size int) []byte {
	b := fmt.Appendf(nil, `{"t":%d,"seq":%d,"pad":"`, time.Now().UnixNano(), seq)
	if pad := size - len(b) - 2; pad > 0 {
		b = append(b, bytes.Repeat([]byte("x"), pad)...)
	}
	return append(b, `"}`...)
}

// bareServer is the ceiling: every connection is a subscriber, and a
// publish writes the same pusher-shaped frame to each in a plain loop over
// the same websocket library, with the same buffer settings.
func bareServer(app *fiber.App) publisher {
	var mu sync.Mutex
	conns := map[*fws.Conn]struct{}{}
	app.Get("/app/:key", fws.New(func(c *fws.Conn) {
		mu.Lock()
		conns[c] = struct{}{}
		mu.Unlock()
		for {
			if _, _, err := c.ReadMessage(); err != nil {
				break
			}
		}
		mu.Lock()
		delete(conns, c)
		mu.Unlock()
	}, fws.Config{WriteBufferPool: &sync.Pool{}, ReadBufferSize: 512, WriteBufferSize: 1024}))
	return func(p []byte) {
		data, _ := json.Marshal(string(p))
		msg := fmt.Appendf(nil, `{"event":"tick","channel":"%s","data":%s}`, benchChan, data)
		mu.Lock()
		list := make([]*fws.Conn, 0, len(conns))
		for c := range conns {
			list = append(list, c)
		}
		mu.Unlock()
		for _, c := range list {
			_ = c.WriteMessage(fws.TextMessage, msg)
		}
	}
}

func rssBytes() int64 { return rssOf("self") }

// rssOf reads VmRSS of /proc/<pid>/status in bytes.
func rssOf(pid string) int64 {
	f, err := os.Open("/proc/" + pid + "/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb * 1024
		}
	}
	return 0
}
