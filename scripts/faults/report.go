package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"topup/store"
)

type report struct {
	Clients          int                         `json:"clients"`
	Buyers           int                         `json:"buyers"`
	Admins           int                         `json:"admins"`
	RampUp           string                      `json:"clients_connected_in"`
	LoadSeconds      float64                     `json:"load_seconds"`
	RequestsTotal    int64                       `json:"requests"`
	Requests         map[string]int64            `json:"requests_by_kind"`
	FailedAttempts   map[string]int64            `json:"failed_attempts_by_cause"`
	FailedByFault    map[string]map[string]int64 `json:"failed_attempts_by_fault"`
	Latency          map[string]spread           `json:"answered_latency_by_kind"`
	SlowestFailed    string                      `json:"slowest_failed_attempt"`
	slowest          time.Duration
	CatalogueReads   int64       `json:"catalogue_reads_answered"`
	Load             loadFigures `json:"under_load"`
	Orders           orderCheck  `json:"orders"`
	Topups           topupCheck  `json:"topups"`
	Reconnects       reconnects  `json:"reconnects"`
	Final            finalChecks `json:"clients_at_the_end"`
	MoneyDrift       int64       `json:"money_drift"`
	WalletsOffLedger int         `json:"wallets_off_their_ledger"`
	Problems         []string    `json:"problems"`
}

type reconnects struct {
	Limit     string        `json:"limit"`
	ByFault   []phaseSpread `json:"by_fault"`
	All       spread        `json:"all"`
	OverLimit int           `json:"over_limit"`
	over      func(time.Duration) int
}

type orderCheck struct {
	Answered201 int64 `json:"answered_201"`
	GaveUp      int64 `json:"given_up"`
	InDatabase  int64 `json:"in_database"`
	Lost        int64 `json:"lost"`
	Duplicates  int64 `json:"duplicates"`
}

type topupCheck struct {
	Confirmed       int   `json:"confirmed_by_the_admin"`
	Unsure          int   `json:"given_up_by_the_admin"`
	CreditedOnce    int64 `json:"confirmed_and_credited_once"`
	NotCredited     int64 `json:"confirmed_but_not_credited"`
	CreditedTwice   int64 `json:"credited_more_than_once"`
	CreditedUnasked int64 `json:"credited_without_a_confirm"`
	PendingCredited int64 `json:"pending_but_credited"`
}

type finalChecks struct {
	OutboxUnsent int64    `json:"outbox_unsent"`
	NotConnected int      `json:"not_connected"`
	Stale        int      `json:"showing_a_stale_balance"`
	StaleSample  []string `json:"stale_sample,omitempty"`
	SettledIn    string   `json:"settled_in"`
}

// settle waits for the outbox to publish what the load committed and for
// every client to be connected and show its balance as the database has
// it, for at most limit after the outbox is empty.
func settle(ctx context.Context, db *store.DB, clients []*wsClient, limit time.Duration) finalChecks {
	var f finalChecks
	t0 := time.Now()
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		err := db.SQL().GetContext(ctx, &f.OutboxUnsent, `SELECT count(*) FROM outbox WHERE sent_at IS NULL`)
		if err == nil && f.OutboxUnsent == 0 || time.Now().After(deadline) {
			break
		}
	}
	ids := make([]string, len(clients))
	for i, cl := range clients {
		ids[i] = fmt.Sprint(cl.c.id)
	}
	for deadline := time.Now().Add(limit); ; time.Sleep(250 * time.Millisecond) {
		var rows []struct {
			ID     int64 `db:"id"`
			Wallet int64 `db:"wallet_amount"`
		}
		if err := db.SQL().SelectContext(ctx, &rows, `SELECT id, wallet_amount FROM users WHERE id = ANY($1::bigint[])`,
			"{"+strings.Join(ids, ",")+"}"); err != nil {
			fail("final balances: %v", err)
		}
		wallet := make(map[int64]int64, len(rows))
		for _, r := range rows {
			wallet[r.ID] = r.Wallet
		}
		f.NotConnected, f.Stale, f.StaleSample = 0, 0, nil
		for _, cl := range clients {
			if !cl.up.Load() {
				f.NotConnected++
			}
			if got, want := cl.shown.Load(), wallet[cl.c.id]; got != want {
				f.Stale++
				if len(f.StaleSample) < 5 {
					f.StaleSample = append(f.StaleSample, fmt.Sprintf("user %d shows %d, has %d", cl.c.id, got, want))
				}
			}
		}
		if f.NotConnected == 0 && f.Stale == 0 || time.Now().After(deadline) {
			break
		}
	}
	f.SettledIn = time.Since(t0).Round(100 * time.Millisecond).String()
	return f
}

func idList(cs []customer, pick func(customer) int64) string {
	ids := make([]string, len(cs))
	for i, c := range cs {
		ids[i] = fmt.Sprint(pick(c))
	}
	return "{" + strings.Join(ids, ",") + "}"
}

// ordersOf compares the buyers' answers with the orders table: an order
// answered 201 must be there (else lost); an order the buyer gave up on
// may be there (its answer was lost), so the table may hold at most
// answered + given up; a key is never charged twice.
func ordersOf(ctx context.Context, db *store.DB, buyerCustomers []customer, b *buyers) orderCheck {
	o := orderCheck{Answered201: b.answered.Load(), GaveUp: b.gaveUp.Load()}
	users := idList(buyerCustomers, func(c customer) int64 { return c.id })
	if err := db.SQL().GetContext(ctx, &o.InDatabase, `SELECT count(*) FROM orders WHERE user_id = ANY($1::bigint[])`, users); err != nil {
		fail("orders: %v", err)
	}
	if err := db.SQL().GetContext(ctx, &o.Duplicates, `SELECT coalesce(sum(n - 1), 0) FROM (
		SELECT count(*) AS n FROM orders WHERE user_id = ANY($1::bigint[]) GROUP BY user_id, idempotency_key) k`, users); err != nil {
		fail("orders: %v", err)
	}
	o.Lost = max(0, o.Answered201-o.InDatabase)
	return o
}

// topupsOf checks every drill top-up against the ledger: one credit for
// each the admin confirmed, none for those still pending, none doubled.
func topupsOf(ctx context.Context, db *store.DB, cs []customer, a *admin) topupCheck {
	tc := topupCheck{Confirmed: len(a.confirmed), Unsure: len(a.unsure)}
	asked := map[int64]bool{}
	for _, id := range append(append([]int64{}, a.confirmed...), a.unsure...) {
		asked[id] = true
	}
	confirmed := map[int64]bool{}
	for _, id := range a.confirmed {
		confirmed[id] = true
	}
	var rows []struct {
		ID      int64  `db:"id"`
		Status  string `db:"status"`
		Credits int64  `db:"credits"`
	}
	if err := db.SQL().SelectContext(ctx, &rows, `
		SELECT t.id, t.status, (SELECT count(*) FROM wallet_ledger l WHERE l.kind = 'topup' AND l.reference = 'topup:' || t.id) AS credits
		FROM topup_orders t WHERE t.id = ANY($1::bigint[])`, idList(cs, func(c customer) int64 { return c.topup })); err != nil {
		fail("top-ups: %v", err)
	}
	for _, r := range rows {
		switch {
		case r.Credits > 1:
			tc.CreditedTwice++
		case confirmed[r.ID] && r.Credits == 1 && r.Status == "confirmed":
			tc.CreditedOnce++
		case confirmed[r.ID]:
			tc.NotCredited++
		case r.Credits > 0 && !asked[r.ID]:
			tc.CreditedUnasked++
		case r.Status == "pending" && r.Credits > 0:
			tc.PendingCredited++
		}
	}
	return tc
}

// judge lists what the drill requires and did not get.
func (r *report) judge() {
	p := func(format string, args ...any) { r.Problems = append(r.Problems, fmt.Sprintf(format, args...)) }
	if r.Orders.Lost > 0 {
		p("%d orders answered 201 are not in the database", r.Orders.Lost)
	}
	if r.Orders.Duplicates > 0 {
		p("%d orders placed twice under one key", r.Orders.Duplicates)
	}
	if r.Orders.InDatabase > r.Orders.Answered201+r.Orders.GaveUp {
		p("%d orders in the database for %d answered and %d given up", r.Orders.InDatabase, r.Orders.Answered201, r.Orders.GaveUp)
	}
	if r.Orders.Answered201 == 0 || r.Topups.Confirmed == 0 {
		p("the load did nothing: %d orders, %d top-ups confirmed", r.Orders.Answered201, r.Topups.Confirmed)
	}
	if int64(r.Topups.Confirmed) != r.Topups.CreditedOnce {
		p("%d top-ups confirmed, %d credited once", r.Topups.Confirmed, r.Topups.CreditedOnce)
	}
	if r.Topups.CreditedTwice+r.Topups.CreditedUnasked+r.Topups.PendingCredited > 0 {
		p("top-ups credited wrongly: %+v", r.Topups)
	}
	if r.MoneyDrift != 0 || r.WalletsOffLedger != 0 {
		p("money drift %d over %d wallets", r.MoneyDrift, r.WalletsOffLedger)
	}
	if r.Reconnects.OverLimit > 0 {
		p("%d reconnects took longer than %s", r.Reconnects.OverLimit, r.Reconnects.Limit)
	}
	if r.Final.NotConnected > 0 || r.Final.Stale > 0 {
		p("at the end %d clients were not connected and %d showed a stale balance", r.Final.NotConnected, r.Final.Stale)
	}
	if r.slowest > 2*time.Second {
		p("a failed attempt took %s to fail", r.SlowestFailed)
	}
	if r.Problems == nil {
		r.Problems = []string{}
	}
}
