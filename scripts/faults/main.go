// Command faults is the load side of scripts/faults.sh: customers with
// their app open (a websocket on their private channel through the
// balancer), buyers placing orders with idempotency keys, and an admin
// confirming top-ups, while the script kills, rolls and restarts what is
// behind the balancer. The script names each fault on stdin ("phase
// NAME") and ends the load with "stop" (or by closing stdin). Then the
// program settles, compares what every client was told and shows with
// the database, prints a JSON report and exits 1 if anything was lost,
// doubled, stale or slow.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"topup/store"
)

func main() {
	base := flag.String("url", "http://127.0.0.1:8080", "the balancer")
	dsn := flag.String("db", os.Getenv("DATABASE_URL"), "the store's database, for fixtures and the final checks")
	nClients := flag.Int("clients", 2000, "customers with the app open (a websocket each)")
	nBuyers := flag.Int("buyers", 8, "customers placing orders back to back (among the clients)")
	nAdmins := flag.Int("admins", 2, "admin tabs confirming top-ups")
	product := flag.Int64("product", 42, "a product without a server id")
	rate := flag.Int("connect-rate", 200, "clients opening the app per second at the start")
	confirmRate := flag.Float64("confirm-rate", 0, "top-ups the admin confirms per second (default: every customer's over 40 s)")
	limit := flag.Duration("reconnect-limit", 10*time.Second, "the longest a client may take to be back with its balance")
	ready := flag.String("ready", "", "a file created once every client is connected and the load runs")
	orderRate := flag.Float64("order-rate", 0, "orders a second, all buyers together (default: each buyer back to back)")
	nReaders := flag.Int("readers", 0, "visitors reading the catalogue without signing in")
	readRate := flag.Float64("read-rate", 0, "catalogue reads a second, all readers together (default: each back to back)")
	p99Limit := flag.Duration("p99-limit", 200*time.Millisecond, "the p99 latency under load that a capacity point must keep")
	flag.Parse()
	ctx := context.Background()

	db, err := store.Open(ctx, *dsn)
	if err != nil {
		fail("database: %v", err)
	}
	defer db.Close()
	customers, err := makeCustomers(ctx, db, max(*nClients, *nBuyers))
	if err != nil {
		fail("customers: %v", err)
	}
	ph := &phase{}
	t := newTally(ph)
	httpAPI := &api{base: *base, client: &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{
		MaxIdleConns: 4096, MaxIdleConnsPerHost: 4096, IdleConnTimeout: 30 * time.Second}}, tally: t}
	adm := &admin{api: httpAPI, token: login(httpAPI, "09000000001", "admin123")}
	for _, c := range customers[:*nBuyers] {
		path := fmt.Sprintf("/api/admin/users/%d/wallet", c.id)
		if st, raw, err := httpAPI.call("funding", http.MethodPost, path, adm.token, fmt.Sprintf("fund-%d", c.id), "",
			`{"amount":100000000,"reason":"fault drill"}`, nil); err != nil || st >= 300 {
			fail("funding customer %d: %d %v %s", c.id, st, err, raw)
		}
	}
	var cfg struct {
		Data struct{ Pusher struct{ Key string } } `json:"data"`
	}
	if _, _, err := httpAPI.call("config", http.MethodGet, "/api/config", "", "", "", "", &cfg); err != nil || cfg.Data.Pusher.Key == "" {
		fail("the app key from /api/config: %v", err)
	}

	// The customers open the app, at most rate a second.
	rt := &realtime{api: httpAPI, wsURL: wsURLOf(*base, cfg.Data.Pusher.Key), phase: ph, limit: *limit}
	clients := make([]*wsClient, *nClients)
	clientsCtx, stopClients := context.WithCancel(ctx)
	var clientsWG, connected sync.WaitGroup
	opened := time.Now()
	for i := range clients {
		clients[i] = &wsClient{c: customers[i]}
		clientsWG.Add(1)
		connected.Add(1)
		go func(cl *wsClient) {
			defer clientsWG.Done()
			var once sync.Once
			rt.run(clientsCtx, cl, func() { once.Do(connected.Done) })
		}(clients[i])
		if *rate > 0 {
			time.Sleep(time.Second / time.Duration(*rate))
		}
	}
	if !waitGroup(&connected, 2*time.Minute) {
		fail("%d of %d clients never connected (last error: %v)", waitAll(clients, 0), len(clients), firstErr(clients))
	}
	rampUp := time.Since(opened)

	// Buyers and the admin work until the script says stop.
	loadCtx, stopLoad := context.WithCancel(ctx)
	by := &buyers{api: httpAPI, product: *product, pace: newPacer(*orderRate)}
	rd := &readers{api: httpAPI, pace: newPacer(*readRate), pages: cataloguePages(*product)}
	queue := make(chan int64, len(customers))
	for _, i := range rand.Perm(len(customers)) {
		queue <- customers[i].topup
	}
	var loadWG sync.WaitGroup
	for w := range *nBuyers {
		loadWG.Go(func() { by.run(loadCtx, w, customers[w]) })
	}
	for n := range *nReaders {
		loadWG.Go(func() { rd.run(loadCtx, n) })
	}
	// The admin works through the queue at a pace, so confirms go on
	// through every fault instead of being over in the first seconds.
	if *confirmRate <= 0 {
		*confirmRate = max(2, float64(len(customers))/40)
	}
	paced := make(chan int64)
	loadWG.Go(func() {
		tick := time.NewTicker(time.Duration(float64(time.Second) / *confirmRate))
		defer tick.Stop()
		for len(queue) > 0 {
			select {
			case <-loadCtx.Done():
				return
			case <-tick.C:
			}
			select {
			case <-loadCtx.Done():
				return
			case paced <- <-queue:
			}
		}
	})
	for range *nAdmins {
		loadWG.Go(func() { adm.run(loadCtx, paced) })
	}
	started := time.Now()
	if *ready != "" {
		if err := os.WriteFile(*ready, []byte("ready\n"), 0o644); err != nil {
			fail("%v", err)
		}
	}
	fmt.Fprintf(os.Stderr, "faults: %d clients connected in %v; buyers and admin started\n", len(clients), rampUp.Round(100*time.Millisecond))
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		line := strings.TrimSpace(in.Text())
		if name, ok := strings.CutPrefix(line, "phase "); ok {
			ph.set(name)
		}
		if line == "stop" {
			break
		}
	}
	stopLoad()
	loadWG.Wait()
	loadFor := time.Since(started)
	ph.set(afterLoad)

	rep := &report{Final: settle(ctx, db, clients, *limit)}
	rep.Clients, rep.Buyers, rep.Admins = len(clients), *nBuyers, *nAdmins
	rep.LoadSeconds = loadFor.Round(100 * time.Millisecond).Seconds()
	rep.RampUp = rampUp.Round(100 * time.Millisecond).String()
	stopClients()
	clientsWG.Wait()

	rep.Requests, rep.FailedAttempts, rep.FailedByFault, rep.RequestsTotal, rep.slowest = t.snapshot()
	rep.SlowestFailed = rep.slowest.Round(time.Millisecond).String()
	rep.Latency = t.latencies()
	rep.CatalogueReads = by.reads.Load() + rd.reads.Load()
	rep.Orders = ordersOf(ctx, db, customers[:*nBuyers], by)
	rep.Topups = topupsOf(ctx, db, customers, adm)
	rep.Reconnects.ByFault, rep.Reconnects.All, rep.Reconnects.over = rt.reconnects.phaseSpreads()
	rep.Reconnects.OverLimit = rep.Reconnects.over(*limit)
	rep.Reconnects.Limit = limit.String()
	mism, err := db.CheckLedger(ctx)
	if err != nil {
		fail("ledger: %v", err)
	}
	for _, m := range mism {
		rep.MoneyDrift += abs(m.WalletAmount - m.LedgerSum)
	}
	rep.WalletsOffLedger = len(mism)
	rep.Load = loadFigures{TargetOrdersPerS: *orderRate, TargetReadsPerS: *readRate, Readers: *nReaders,
		OrdersPerS: perSecond(by.answered.Load(), loadFor), CatalogueReadsPerS: perSecond(rep.CatalogueReads, loadFor),
		ReaderReadsPerS: perSecond(rd.reads.Load(), loadFor), ConfirmsPerS: perSecond(int64(len(adm.confirmed)), loadFor),
		LateStarts: by.pace.lateStarts() + rd.pace.lateStarts(), Latency: t.loadedLatencies(), seconds: loadFor.Seconds()}
	rep.Load.Capacity = capacityVerdict(*p99Limit, rep.Load, rep.FailedAttempts)
	rep.judge()
	out, _ := json.MarshalIndent(rep, "", "  ")
	fmt.Println(string(out))
	if len(rep.Problems) > 0 {
		os.Exit(1)
	}
}

func waitGroup(wg *sync.WaitGroup, d time.Duration) bool {
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
		return true
	case <-time.After(d):
		return false
	}
}

func firstErr(clients []*wsClient) any {
	for _, cl := range clients {
		if e := cl.lastErr.Load(); e != nil {
			return e
		}
	}
	return nil
}

func abs(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "faults: "+format+"\n", args...)
	os.Exit(1)
}
