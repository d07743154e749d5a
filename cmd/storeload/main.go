// Command storeload drives a running `topup serve` the way customers'
// phones do, over HTTP with keep-alive: buyers with funded wallets place
// orders with bearer tokens and idempotency keys, visitors read the
// catalogue (/api/games, /api/products?…, /api/banner). Each phase has a
// warm-up and a fixed measured duration and reports requests/s, p50/p90/p99
// and errors by cause. After the orders it checks the money: every wallet
// equals the sum of its ledger (store.CheckLedger) and the database holds
// exactly the orders that were answered 201.
//
// The catalogue is also measured against its ceiling in the same run: a
// child process of this binary (-role ceiling) serving, from a bare Fiber
// handler, the very bytes the store answered for the same paths.
//
// Buyers are made through the store package as the seed makes users
// (users row, wallet funded by a ledger adjustment) with a session token
// written straight into api_tokens, so a run neither signs up nor logs in
// (both are rate-limited and password hashing would dominate).
//
//	go build -o /tmp/storeload ./cmd/storeload
//	/tmp/storeload -url http://127.0.0.1:8080 -db "$DATABASE_URL" -buyers 50 -visitors 100
//
// docs/benchmarks.md has the whole run (scripts/bench-store.sh).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"
)

func main() {
	role := flag.String("role", "load", "load, or ceiling (the bare handler child)")
	base := flag.String("url", "http://127.0.0.1:8080", "the store")
	dsn := flag.String("db", os.Getenv("DATABASE_URL"), "the store's database: buyers are made and the ledger checked there")
	buyers := flag.Int("buyers", 50, "concurrent buyers placing orders")
	visitors := flag.Int("visitors", 100, "concurrent visitors reading the catalogue")
	warm := flag.Duration("warmup", 3*time.Second, "warm-up before each measured phase")
	dur := flag.Duration("for", 15*time.Second, "measured duration of each phase")
	phases := flag.String("phases", "orders,catalogue,ceiling", "which phases, in order")
	sku := flag.String("sku", "pubg-coin-60", "the coin product buyers buy")
	pprofURL := flag.String("pprof", "", "the store's profiler (PPROF_ADDR), e.g. http://127.0.0.1:6060: CPU and allocation profiles of each measured phase")
	profDir := flag.String("profiles", ".", "where -pprof writes <phase>.cpu.pprof and <phase>.allocs.pprof")
	revalidate := flag.Bool("revalidate", false, "visitors send If-None-Match with the last ETag, as a browser does")
	ceilingFile := flag.String("bodies", "", "ceiling role: the file of answers to serve")
	ceilingAddr := flag.String("addr", "127.0.0.1:0", "ceiling role: where to listen")
	flag.Parse()

	if *role == "ceiling" {
		if err := serveCeiling(*ceilingAddr, *ceilingFile); err != nil {
			fail("ceiling: %v", err)
		}
		return
	}
	ctx := context.Background()
	r := runner{base: strings.TrimRight(*base, "/"), warm: *warm, dur: *dur, pprof: *pprofURL, profDir: *profDir}
	fmt.Printf("storeload %s  warm-up %s, measured %s per phase\n", r.base, *warm, *dur)
	printLoad()
	var setup *buyerSetup
	for _, phase := range strings.Split(*phases, ",") {
		switch strings.TrimSpace(phase) {
		case "orders":
			if *dsn == "" {
				fail("orders need -db (or DATABASE_URL): buyers are funded in the database and the ledger is checked there")
			}
			var err error
			if setup, err = newBuyers(ctx, *dsn, *buyers, *sku); err != nil {
				fail("buyers: %v", err)
			}
			res := r.orders(setup)
			res.print("orders", *buyers)
			if err := setup.check(ctx, res); err != nil {
				fail("after the orders: %v", err)
			}
		case "catalogue":
			paths, err := cataloguePaths(r.base)
			if err != nil {
				fail("catalogue: %v", err)
			}
			r.visit("catalogue", r.base, paths, *visitors, *revalidate).print("catalogue (store)", *visitors)
		case "ceiling":
			paths, err := cataloguePaths(r.base)
			if err != nil {
				fail("ceiling: %v", err)
			}
			addr, stop, err := startCeiling(r.base, paths)
			if err != nil {
				fail("ceiling: %v", err)
			}
			r.visit("", "http://"+addr, paths, *visitors, false).print("catalogue (bare Fiber ceiling)", *visitors)
			stop()
		case "":
		default:
			fail("unknown phase %q", phase)
		}
	}
	if setup != nil {
		setup.close()
	}
	printLoad()
}

// printLoad notes the machine's load average beside the figures: the two
// cores are shared, and a figure taken on a busy machine says so.
func printLoad() {
	b, err := os.ReadFile("/proc/loadavg")
	if err == nil {
		fmt.Printf("load average: %s", b)
	}
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "storeload: "+format+"\n", args...)
	os.Exit(1)
}
