package main

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"time"

	"github.com/valyala/fasthttp"
)

// runner runs phases against one store.
type runner struct {
	base      string
	warm, dur time.Duration
	pprof     string // the store's profiler, "" for none
	profDir   string
}

// result is what one phase's clients saw in its measured window.
type result struct {
	requests  int64
	errors    map[string]int
	latencies []time.Duration
	elapsed   time.Duration
	// For the order phase's money check: every order answered 201, warm-up
	// included (the database must hold exactly these).
	created     int64
	notModified int64
}

func (r result) print(name string, clients int) {
	slices.Sort(r.latencies)
	pct := func(p float64) string {
		if len(r.latencies) == 0 {
			return "-"
		}
		i := int(float64(len(r.latencies)-1) * p)
		return fmt.Sprintf("%.2f", float64(r.latencies[i].Microseconds())/1000)
	}
	errs := 0
	for _, n := range r.errors {
		errs += n
	}
	fmt.Printf("%-32s clients %4d  requests %8d  %9.0f/s  p50 %7s ms  p90 %7s ms  p99 %7s ms  errors %d",
		name, clients, r.requests, float64(r.requests)/r.elapsed.Seconds(), pct(0.50), pct(0.90), pct(0.99), errs)
	if r.notModified > 0 {
		fmt.Printf("  (304: %d)", r.notModified)
	}
	fmt.Println()
	causes := make([]string, 0, len(r.errors))
	for c := range r.errors {
		causes = append(causes, c)
	}
	sort.Strings(causes)
	for _, c := range causes {
		fmt.Printf("    error %-24s %d\n", c, r.errors[c])
	}
}

// client is one keep-alive connection pool to host, sized for clients.
func client(base string, clients int) *fasthttp.HostClient {
	host := strings.TrimPrefix(strings.TrimPrefix(base, "http://"), "https://")
	return &fasthttp.HostClient{Addr: host, MaxConns: clients, ReadTimeout: 30 * time.Second, WriteTimeout: 30 * time.Second}
}

// clock tells each worker whether the phase is warming up, measuring or
// over.
type clock struct{ start, measure, end time.Time }

func newClock(warm, dur time.Duration) clock {
	now := time.Now()
	return clock{start: now, measure: now.Add(warm), end: now.Add(warm + dur)}
}

// collect merges what the workers saw.
type collect struct {
	mu  sync.Mutex
	res result
}

func (c *collect) add(lat []time.Duration, errs map[string]int, created, notModified int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.res.latencies = append(c.res.latencies, lat...)
	c.res.requests += int64(len(lat))
	for k, v := range errs {
		c.res.errors[k] += v
	}
	c.res.created += created
	c.res.notModified += notModified
}

// orders runs the buyers: each places orders one after another with a
// fresh idempotency key, as the web app does per purchase.
func (r runner) orders(s *buyerSetup) result {
	hc := client(r.base, len(s.tokens))
	body := []byte(fmt.Sprintf(`{"product_id":%d,"game_uid":"5123456789"}`, s.productID))
	clk := newClock(r.warm, r.dur)
	c := collect{res: result{errors: map[string]int{}}}
	var wg sync.WaitGroup
	stopProfile := r.profile("orders", clk)
	for w, tok := range s.tokens {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, res := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
			defer fasthttp.ReleaseRequest(req)
			defer fasthttp.ReleaseResponse(res)
			var lat []time.Duration
			errs := map[string]int{}
			var created int64
			auth := "Bearer " + tok
			for i := 0; ; i++ {
				t0 := time.Now()
				if t0.After(clk.end) {
					break
				}
				req.Reset()
				req.SetRequestURI(r.base + "/api/order")
				req.Header.SetMethod(http.MethodPost)
				req.Header.SetContentType("application/json")
				req.Header.Set("Authorization", auth)
				req.Header.Set("Idempotency-Key", s.runID+"-"+strconv.Itoa(w)+"-"+strconv.Itoa(i))
				req.SetBody(body)
				err := hc.Do(req, res)
				d := time.Since(t0)
				status := res.StatusCode()
				if err == nil && status == http.StatusCreated {
					created++
				}
				if t0.Before(clk.measure) {
					continue
				}
				lat = append(lat, d)
				switch {
				case err != nil:
					errs[shortErr(err)]++
				case status != http.StatusCreated:
					errs[strconv.Itoa(status)]++
				}
			}
			c.add(lat, errs, created, 0)
		}()
	}
	wg.Wait()
	stopProfile()
	c.res.elapsed = r.dur
	return c.res
}

// visit runs visitors over paths against base, round robin, each visitor
// starting at its own place.
func (r runner) visit(phase, base string, paths []string, visitors int, revalidate bool) result {
	hc := client(base, visitors)
	clk := newClock(r.warm, r.dur)
	c := collect{res: result{errors: map[string]int{}}}
	var wg sync.WaitGroup
	stopProfile := func() {}
	if phase != "" {
		stopProfile = r.profile(phase, clk)
	}
	for v := range visitors {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, res := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
			defer fasthttp.ReleaseRequest(req)
			defer fasthttp.ReleaseResponse(res)
			etags := map[string]string{}
			var lat []time.Duration
			var notModified int64
			errs := map[string]int{}
			for i := v; ; i++ {
				t0 := time.Now()
				if t0.After(clk.end) {
					break
				}
				path := paths[i%len(paths)]
				req.Reset()
				req.SetRequestURI(base + path)
				if tag := etags[path]; revalidate && tag != "" {
					req.Header.Set("If-None-Match", tag)
				}
				err := hc.Do(req, res)
				d := time.Since(t0)
				status := res.StatusCode()
				if err == nil && status == http.StatusOK {
					etags[path] = string(res.Header.Peek("ETag"))
				}
				if t0.Before(clk.measure) {
					continue
				}
				lat = append(lat, d)
				switch {
				case err != nil:
					errs[shortErr(err)]++
				case status == http.StatusNotModified:
					notModified++
				case status != http.StatusOK:
					errs[strconv.Itoa(status)]++
				}
			}
			c.add(lat, errs, 0, notModified)
		}()
	}
	wg.Wait()
	stopProfile()
	c.res.elapsed = r.dur
	return c.res
}

// profile takes the store's CPU and allocation profiles over the measured
// window of a phase (the warm-up excluded), in the background; the
// returned function waits for them.
func (r runner) profile(phase string, clk clock) func() {
	if r.pprof == "" {
		return func() {}
	}
	secs := int(r.dur.Seconds()) - 1
	if secs < 1 {
		secs = 1
	}
	var wg sync.WaitGroup
	for _, kind := range []string{"profile", "allocs"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			time.Sleep(time.Until(clk.measure))
			name := map[string]string{"profile": "cpu", "allocs": "allocs"}[kind]
			if err := fetchProfile(fmt.Sprintf("%s/debug/pprof/%s?seconds=%d", r.pprof, kind, secs),
				filepath.Join(r.profDir, phase+"."+name+".pprof")); err != nil {
				fmt.Fprintf(os.Stderr, "storeload: %s profile of %s: %v\n", name, phase, err)
			}
		}()
	}
	return wg.Wait
}

func fetchProfile(url, file string) error {
	res, err := http.Get(url)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(res.Body)
		return fmt.Errorf("%s: %d %s", url, res.StatusCode, b)
	}
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, res.Body); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// shortErr names a network error by its kind, not its addresses.
func shortErr(err error) string {
	s := err.Error()
	for _, k := range []string{"EOF", "connection refused", "connection reset", "timeout", "no free connections"} {
		if strings.Contains(s, k) {
			return k
		}
	}
	return s
}
