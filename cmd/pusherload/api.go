package main

import (
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	pusher "github.com/pusher/pusher-http-go/v5"
)

// The HTTP API side of the load: events published as a backend publishes
// them, signed by pusher-http-go.

func apiClient(addr string, conns int) *pusher.Client {
	tr := &http.Transport{MaxIdleConns: conns, MaxIdleConnsPerHost: conns}
	return &pusher.Client{AppID: benchAppID, Key: benchKey, Secret: benchSecret, Host: addr,
		HTTPClient: &http.Client{Timeout: 10 * time.Second, Transport: tr}}
}

// publishViaAPI sends n events at rate per second (0 = back to back) to the
// bench channel; each payload carries its send time, taken before signing.
func publishViaAPI(addr string, n, rate, size int) error {
	c := apiClient(addr, 1)
	var tick *time.Ticker
	if rate > 0 {
		tick = time.NewTicker(time.Second / time.Duration(rate))
		defer tick.Stop()
	}
	for i := 0; i < n; i++ {
		if tick != nil {
			<-tick.C
		}
		if err := c.Trigger(benchChan, "tick", payload(i, size)); err != nil {
			return err
		}
	}
	return nil
}

// triggerRate measures signed triggers per second: conc clients send back
// to back for d, with n subscribers on the channel for each n in subsList.
func triggerRate(subsList string, d time.Duration, conc, size int) {
	fmt.Printf("pusherload: signed HTTP API triggers, %d clients, %s, %d B payloads\n", conc, d, size)
	fmt.Printf("%6s %10s %10s %9s %9s %12s %8s\n", "subs", "requests", "req/s", "p50_ms", "p99_ms", "cpu_us/req", "errors")
	for _, s := range strings.Split(subsList, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			fatal(err)
		}
		ch, err := startChild("pusher")
		if err != nil {
			fatal(err)
		}
		subs, err := connectAll([]string{ch.addr}, "pusher", n)
		if err != nil {
			ch.stop()
			fatal(err)
		}
		// Subscribers read and discard, so they never fall behind.
		for _, sb := range subs {
			go func(sb *sub) {
				for {
					if _, _, err := sb.ws.ReadMessage(); err != nil {
						return
					}
				}
			}(sb)
		}
		c := apiClient(ch.addr, conc)
		body := payload(0, size)
		var (
			wg     sync.WaitGroup
			mu     sync.Mutex
			lat    []int32
			errs   atomic.Int64
			stopAt = time.Now().Add(d)
		)
		cpu0 := ch.cpuTicks()
		start := time.Now()
		for range conc {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var mine []int32
				for time.Now().Before(stopAt) {
					t0 := time.Now()
					if err := c.Trigger(benchChan, "tick", body); err != nil {
						errs.Add(1)
						continue
					}
					mine = append(mine, int32(time.Since(t0)/time.Microsecond))
				}
				mu.Lock()
				lat = append(lat, mine...)
				mu.Unlock()
			}()
		}
		wg.Wait()
		el := time.Since(start)
		cpu1 := ch.cpuTicks()
		slices.Sort(lat)
		var p50, p99 float64
		if len(lat) > 0 {
			p50 = float64(lat[len(lat)*50/100]) / 1000
			p99 = float64(lat[len(lat)*99/100]) / 1000
		}
		fmt.Printf("%6d %10d %10.0f %9.2f %9.2f %12.2f %8d\n", n, len(lat), float64(len(lat))/el.Seconds(), p50, p99,
			float64(cpu1-cpu0)*1e4/float64(max(1, len(lat))), errs.Load())
		for _, sb := range subs {
			_ = sb.ws.Close()
		}
		ch.stop()
	}
}
