package api_test

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lib/pq"
	"github.com/rs/zerolog"

	"topup/api"
	"topup/internal/password"
	"topup/store"
	"topup/store/storetest"
)

// statementEntries and statementReaders are docs/benchmarks.md's
// "statement" case: one customer with 10,000 ledger entries, read by 20
// clients at once.
const (
	statementEntries = 10_000
	statementReaders = 20
)

// BenchmarkStatementFirstPage serves GET /api/wallet/ledger (first page,
// and the first page of a kind and of a month) over real HTTP from the real
// server on a real PostgreSQL, bearer auth included, to 20 concurrent
// readers of one customer with 10,000 entries, and reports each request's
// latency as p50/p99 ms (figures in docs/benchmarks.md; never a timed
// assertion). Every answer is checked: 30 entries, newest first.
//
//	TEST_DATABASE_URL=… go test ./api -run '^$' -bench StatementFirstPage -benchtime 4000x
func BenchmarkStatementFirstPage(b *testing.B) {
	ctx := context.Background()
	db := storetest.New(b)
	userID := seedStatement(b, db)
	srv := api.New(api.Options{Store: db, Log: zerolog.Nop()})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	go func() { _ = srv.App().Listener(ln) }()
	b.Cleanup(func() { _ = srv.App().Shutdown() })
	base := "http://" + ln.Addr().String()

	tok := strings.Repeat("b", 43) // the shape of a real token
	hash := sha256.Sum256([]byte(tok))
	now := time.Now()
	if _, err := db.CreateToken(ctx, userID, hash[:], "bench", now, now.Add(time.Hour)); err != nil {
		b.Fatal(err)
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: statementReaders}}
	month := time.Now().In(store.Zone).AddDate(0, -6, 0).Format("2006-01")
	for _, q := range []struct{ name, query string }{
		{"all", ""},
		{"kind=refund", "?kind=refund"},
		{"month=6-months-ago", "?month=" + month},
	} {
		b.Run(q.name, func(b *testing.B) {
			explainStatement(b, db, userID, q.query)
			url := base + "/api/wallet/ledger" + q.query
			readStatement(b, client, url, tok) // warm the pool and the plan
			lat := make([]time.Duration, b.N)
			var wg sync.WaitGroup
			b.ResetTimer()
			for w := range statementReaders {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for i := w; i < b.N; i += statementReaders {
						start := time.Now()
						readStatement(b, client, url, tok)
						lat[i] = time.Since(start)
					}
				}()
			}
			wg.Wait()
			b.StopTimer()
			slices.Sort(lat)
			ms := func(p float64) float64 { return float64(lat[int(p*float64(len(lat)-1))]) / float64(time.Millisecond) }
			b.ReportMetric(ms(0.50), "p50_ms")
			b.ReportMetric(ms(0.99), "p99_ms")
			b.ReportMetric(ms(1), "max_ms")
		})
	}
}

// explainStatement logs the plan of the page's query (go test -v shows
// it), as docs/benchmarks.md quotes it.
func explainStatement(b *testing.B, db *store.DB, userID int64, query string) {
	f := store.StatementFilter{}
	switch {
	case strings.HasPrefix(query, "?kind="):
		f.Kind = strings.TrimPrefix(query, "?kind=")
	case strings.HasPrefix(query, "?month="):
		m, err := time.ParseInLocation("2006-01", strings.TrimPrefix(query, "?month="), store.Zone)
		if err != nil {
			b.Fatal(err)
		}
		f.Month = m.AddDate(0, 0, 14)
	}
	plan, err := db.ExplainStatement(context.Background(), userID, f, 31)
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("EXPLAIN %s\n%s", query, strings.Join(plan, "\n"))
}

// readStatement fetches one page and checks it is a full page.
func readStatement(b *testing.B, client *http.Client, url, tok string) {
	req, _ := http.NewRequest("GET", url, nil)
	req.Header.Set("Authorization", "Bearer "+tok)
	res, err := client.Do(req)
	if err != nil {
		b.Error(err)
		return
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	var page struct {
		Data []struct {
			ID int64 `json:"id"`
		} `json:"data"`
	}
	if err := json.Unmarshal(body, &page); err != nil || res.StatusCode != 200 || len(page.Data) != 30 ||
		page.Data[0].ID < page.Data[29].ID {
		b.Errorf("status %d, %d entries: %.200s", res.StatusCode, len(page.Data), body)
	}
}

// seedStatement creates a customer with statementEntries ledger entries
// over the past year (top-ups, orders, refunds and adjustments, a running
// balance that never goes below zero) in one transaction, as the ledger's
// commit-time check requires, and answers the customer's id.
func seedStatement(b *testing.B, db *store.DB) int64 {
	ctx := context.Background()
	hash, err := password.Hash("bench-password")
	if err != nil {
		b.Fatal(err)
	}
	u, err := db.CreateUser(ctx, store.NewUser{Username: "reader", Phone: "09791239999", PasswordHash: hash})
	if err != nil {
		b.Fatal(err)
	}
	// 2,000 other customers with 50 entries each (100,000) interleave with
	// the reader's over the year, as in a live shop: the reader's are 9 %
	// of the table.
	var ids []int64
	err = db.SQL().Select(&ids, `
		INSERT INTO users (username, phone, password_hash)
		SELECT 'other' || g, '+9597920' || lpad(g::text, 5, '0'), $1 FROM generate_series(1, 2000) AS g
		RETURNING id`, hash)
	if err != nil {
		b.Fatal(err)
	}
	ids = append([]int64{u.ID}, ids...)
	tx := db.SQL().MustBegin()
	// i % 10: 0–4 top-ups of 5,000, 5–8 orders of 3,000, 9 a refund of 100
	// (every 50th) or an adjustment of 100 with a reason.
	tx.MustExec(`
		WITH moves AS (
			SELECT u.id AS user_id, i,
				CASE WHEN i % 10 < 5 THEN 'topup' WHEN i % 10 < 9 THEN 'order'
				     WHEN i % 50 = 9 THEN 'refund' ELSE 'adjustment' END AS kind,
				CASE WHEN i % 10 < 5 THEN 5000 WHEN i % 10 < 9 THEN -3000 ELSE 100 END AS amount,
				now() - interval '365 days' + i * (interval '365 days' / c.entries) AS at
			FROM unnest($1::bigint[]) WITH ORDINALITY AS u(id, n),
				LATERAL (SELECT CASE WHEN u.n = 1 THEN $2::int ELSE 50 END AS entries) AS c,
				generate_series(1, c.entries) AS i
		)
		INSERT INTO wallet_ledger (user_id, amount, balance_after, kind, reference, reason, created_at)
		SELECT user_id, amount, sum(amount) OVER (PARTITION BY user_id ORDER BY i), kind,
			kind || ':' || user_id || '-' || i, CASE WHEN kind = 'adjustment' THEN 'loyalty bonus' END, at
		FROM moves ORDER BY at, user_id`, pq.Array(ids), statementEntries)
	tx.MustExec(`UPDATE users SET wallet_amount = (SELECT balance_after FROM wallet_ledger l
		WHERE l.user_id = users.id ORDER BY l.id DESC LIMIT 1) WHERE id = ANY($1)`, pq.Array(ids))
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	db.SQL().MustExec(`ANALYZE wallet_ledger`)
	return u.ID
}
