package store_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"

	"topup/sql/seed"
	"topup/store"
	"topup/store/storetest"
)

// shop is a migrated store with the demo catalogue and helpers to find
// products and make funded buyers.
type shop struct {
	t  *testing.T
	db *store.DB
	n  int
}

func newShop(t *testing.T) *shop {
	t.Helper()
	db := storetest.New(t)
	if err := db.SeedDemo(context.Background(), seed.Demo(), storetest.PasswordHash); err != nil {
		t.Fatal(err)
	}
	return &shop{t: t, db: db}
}

var buyerHash = func() string {
	h, err := storetest.PasswordHash("buyer-password")
	if err != nil {
		panic(err)
	}
	return h
}()

// buyer creates a user with wallet Ks, credited through the ledger.
func (s *shop) buyer(wallet int64) store.User {
	s.t.Helper()
	s.n++
	u, err := s.db.CreateUser(context.Background(), store.NewUser{
		Username: fmt.Sprintf("buyer%d", s.n), Phone: fmt.Sprintf("0943%07d", s.n), PasswordHash: buyerHash,
	})
	if err != nil {
		s.t.Fatal(err)
	}
	if wallet > 0 {
		if _, err := s.db.AdjustWallet(context.Background(), u.ID, wallet, 0, "test funds", fmt.Sprintf("test:%d", u.ID)); err != nil {
			s.t.Fatal(err)
		}
	}
	return u
}

// product returns the product with the SKU.
func (s *shop) product(sku string) store.Product {
	s.t.Helper()
	var id int64
	if err := s.db.SQL().Get(&id, `SELECT id FROM products WHERE sku = $1`, sku); err != nil {
		s.t.Fatalf("product %s: %v", sku, err)
	}
	p, err := s.db.ProductByID(context.Background(), id)
	if err != nil {
		s.t.Fatal(err)
	}
	return p
}

func (s *shop) wallet(userID int64) int64 {
	s.t.Helper()
	u, err := s.db.UserByID(context.Background(), userID)
	if err != nil {
		s.t.Fatal(err)
	}
	return u.WalletAmount
}

// checkLedger fails the test if any wallet disagrees with its ledger.
func checkLedger(t *testing.T, db *store.DB) {
	t.Helper()
	bad, err := db.CheckLedger(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(bad) > 0 {
		t.Fatalf("ledger invariant broken: %+v", bad)
	}
}

func count(t *testing.T, db *store.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := db.SQL().Get(&n, query, args...); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestPlaceOrderByKind(t *testing.T) {
	ctx := context.Background()
	s := newShop(t)
	mlbb := s.product("mobile-legends-86")
	uc := s.product("pubg-coin-60")
	code := s.product("steam-wallet-5")
	account := s.product("mlbb-acc-legend")
	sold := s.product("mlbb-acc-epic")

	tests := []struct {
		name          string
		product       store.Product
		uid, server   string
		want          error
		status        string
		wantUID       string
		wantServer    string
		wantCreds     bool
		wantCode      bool
		wantGameField string
	}{
		{name: "coin with zone", product: mlbb, uid: " 12345678 ", server: "2001", status: store.OrderPending, wantUID: "12345678", wantServer: "2001"},
		{name: "coin in Burmese digits", product: mlbb, uid: "၁၂၃၄၅", server: "၉၉", status: store.OrderPending, wantUID: "12345", wantServer: "99"},
		{name: "coin without server id", product: uc, uid: "5551234", server: "ignored", status: store.OrderPending, wantUID: "5551234"},
		{name: "coin missing uid", product: mlbb, uid: "  ", server: "1", want: store.ErrInvalid, wantGameField: "game_uid"},
		{name: "coin letters in uid", product: mlbb, uid: "12ab", server: "1", want: store.ErrInvalid, wantGameField: "game_uid"},
		{name: "coin missing server", product: mlbb, uid: "123", server: "", want: store.ErrInvalid, wantGameField: "server_id"},
		{name: "code", product: code, uid: "whatever", status: store.OrderCompleted, wantCode: true},
		{name: "account", product: account, status: store.OrderCompleted, wantCreds: true},
		{name: "account already sold", product: sold, want: store.ErrSoldOut},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u := s.buyer(1_000_000)
			o, replayed, err := s.db.PlaceOrder(ctx, u.ID, tt.product.ID, tt.uid, tt.server, "")
			if !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
			if tt.wantGameField != "" {
				var ge *store.GameInfoError
				if !errors.As(err, &ge) || ge.Field != tt.wantGameField {
					t.Fatalf("err = %#v, want a GameInfoError on %s", err, tt.wantGameField)
				}
			}
			if err != nil {
				if w := s.wallet(u.ID); w != 1_000_000 {
					t.Fatalf("failed order charged: wallet %d", w)
				}
				return
			}
			if replayed {
				t.Fatal("first order reported as replayed")
			}
			total := tt.product.Price + store.ServiceCharge
			if o.Status != tt.status || o.TotalPrice != total || o.ServiceCharge != 50 || o.ProductName != tt.product.Name ||
				o.ProductKind != tt.product.Kind || o.GameUID != tt.wantUID || o.ServerID != tt.wantServer {
				t.Fatalf("order %+v", o)
			}
			if w := s.wallet(u.ID); w != 1_000_000-total {
				t.Fatalf("wallet %d, want %d", w, 1_000_000-total)
			}
			if (o.Credentials != nil) != tt.wantCreds || (o.Code != "") != tt.wantCode {
				t.Fatalf("delivered creds=%v code=%q", o.Credentials, o.Code)
			}
			if tt.wantCreds && o.Credentials.Email != "legend.96@mail.example" {
				t.Fatalf("credentials %+v", o.Credentials)
			}

			// History shows the same delivery, opened for the buyer.
			page, err := s.db.OrdersOfUser(ctx, u.ID, store.Paging{})
			if err != nil || page.Total != 1 || page.Items[0].ID != o.ID {
				t.Fatalf("history %+v %v", page, err)
			}
			if h := page.Items[0]; (h.Credentials != nil) != tt.wantCreds || h.Code != o.Code {
				t.Fatalf("history delivery %+v", h)
			}

			msgs, err := s.db.MessagesOfUser(ctx, u.ID)
			if err != nil {
				t.Fatal(err)
			}
			if tt.wantCode {
				if len(msgs) != 1 || msgs[0].Title != o.Code || msgs[0].ServiceName != "Code" {
					t.Fatalf("code message %+v", msgs)
				}
				// The code is sealed at rest in the message and the outbox.
				if n := count(t, s.db, `SELECT count(*) FROM messages WHERE title = $1`, o.Code); n != 0 {
					t.Fatal("code stored in the clear in messages")
				}
				if n := count(t, s.db, `SELECT count(*) FROM outbox WHERE payload::text LIKE '%' || $1 || '%'`, o.Code); n != 0 {
					t.Fatal("code stored in the clear in the outbox")
				}
			} else if len(msgs) != 0 {
				t.Fatalf("unexpected messages %+v", msgs)
			}
			checkLedger(t, s.db)
		})
	}
}

func TestPlaceOrderRefusals(t *testing.T) {
	ctx := context.Background()
	s := newShop(t)
	p := s.product("mobile-legends-86")

	t.Run("insufficient funds names the shortfall", func(t *testing.T) {
		u := s.buyer(5000)
		_, _, err := s.db.PlaceOrder(ctx, u.ID, p.ID, "123", "1", "")
		var ie *store.InsufficientFundsError
		if !errors.As(err, &ie) || !errors.Is(err, store.ErrInsufficientFunds) {
			t.Fatalf("err = %v", err)
		}
		if ie.Required != p.Price+50 || ie.Balance != 5000 || ie.Shortfall != p.Price+50-5000 {
			t.Fatalf("%+v", ie)
		}
		if n := count(t, s.db, `SELECT count(*) FROM orders WHERE user_id = $1`, u.ID); n != 0 {
			t.Fatal("failed order left a row")
		}
	})
	// An account is marked sold before the wallet is debited: a buyer who
	// cannot pay must hear why, and leave it for sale.
	for _, sku := range []string{"pubg-acc-ace", "steam-wallet-5"} {
		t.Run("insufficient funds for "+sku+" leaves it for sale", func(t *testing.T) {
			u := s.buyer(0)
			item := s.product(sku)
			_, _, err := s.db.PlaceOrder(ctx, u.ID, item.ID, "", "", "")
			var ie *store.InsufficientFundsError
			if !errors.As(err, &ie) || ie.Shortfall != item.Price+50 {
				t.Fatalf("err = %v, want insufficient funds short by %d", err, item.Price+50)
			}
			if n := count(t, s.db, `SELECT count(*) FROM products WHERE id = $1 AND NOT is_sold`, item.ID); n != 1 {
				t.Fatal("the product is no longer for sale")
			}
			if n := count(t, s.db, `SELECT count(*) FROM redeem_codes WHERE product_id = $1 AND claimed_by_order_id IS NOT NULL`, item.ID); n != 0 {
				t.Fatal("a code was claimed")
			}
		})
	}
	t.Run("inactive product", func(t *testing.T) {
		u := s.buyer(100000)
		off := s.product("mobile-legends-172")
		s.db.SQL().MustExec(`UPDATE products SET is_active = false WHERE id = $1`, off.ID)
		if _, _, err := s.db.PlaceOrder(ctx, u.ID, off.ID, "1", "1", ""); !errors.Is(err, store.ErrProductInactive) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("unknown product", func(t *testing.T) {
		u := s.buyer(100000)
		if _, _, err := s.db.PlaceOrder(ctx, u.ID, 999999, "1", "1", ""); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("banned", func(t *testing.T) {
		u := s.buyer(100000)
		s.db.SQL().MustExec(`UPDATE users SET is_banned = true, ban_reason = 'fraud' WHERE id = $1`, u.ID)
		if _, _, err := s.db.PlaceOrder(ctx, u.ID, p.ID, "1", "1", ""); !errors.Is(err, store.ErrBanned) {
			t.Fatalf("err = %v", err)
		}
		if w := s.wallet(u.ID); w != 100000 {
			t.Fatalf("banned user charged: %d", w)
		}
	})
	checkLedger(t, s.db)
}

// 50 concurrent orders against a wallet that pays for exactly 3.
func TestConcurrentOrdersOneWallet(t *testing.T) {
	ctx := context.Background()
	s := newShop(t)
	p := s.product("mobile-legends-86")
	total := p.Price + store.ServiceCharge
	u := s.buyer(3*total + total - 1)

	var wg sync.WaitGroup
	errs := make([]error, 50)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _, errs[i] = s.db.PlaceOrder(ctx, u.ID, p.ID, "123456", "7", "")
		}()
	}
	wg.Wait()
	ok, poor := 0, 0
	for _, err := range errs {
		switch {
		case err == nil:
			ok++
		case errors.Is(err, store.ErrInsufficientFunds):
			poor++
		default:
			t.Errorf("unexpected: %v", err)
		}
	}
	if ok != 3 || poor != 47 {
		t.Fatalf("%d succeeded, %d insufficient; want 3 and 47", ok, poor)
	}
	if w := s.wallet(u.ID); w != total-1 {
		t.Fatalf("wallet %d, want %d", w, total-1)
	}
	if n := count(t, s.db, `SELECT count(*) FROM wallet_ledger WHERE user_id = $1 AND kind = 'order'`, u.ID); n != 3 {
		t.Fatalf("%d order ledger rows", n)
	}
	checkLedger(t, s.db)
}

// 20 buyers of one account: one gets the login, 19 are told it is sold.
func TestConcurrentAccountBuyers(t *testing.T) {
	ctx := context.Background()
	s := newShop(t)
	p := s.product("mlbb-acc-mythic")
	buyers := make([]store.User, 20)
	for i := range buyers {
		buyers[i] = s.buyer(1_000_000)
	}
	type result struct {
		o   store.Order
		err error
	}
	res := make([]result, len(buyers))
	var wg sync.WaitGroup
	for i, b := range buyers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			o, _, err := s.db.PlaceOrder(ctx, b.ID, p.ID, "", "", "")
			res[i] = result{o, err}
		}()
	}
	wg.Wait()
	winners := 0
	for i, r := range res {
		switch {
		case r.err == nil:
			winners++
			if r.o.Credentials == nil || r.o.Credentials.GamePassword == "" {
				t.Fatalf("winner got no credentials: %+v", r.o)
			}
		case errors.Is(r.err, store.ErrSoldOut):
			if w := s.wallet(buyers[i].ID); w != 1_000_000 {
				t.Fatalf("loser charged: %d", w)
			}
		default:
			t.Fatalf("unexpected: %v", r.err)
		}
	}
	if winners != 1 {
		t.Fatalf("%d winners", winners)
	}
	if got := s.product("mlbb-acc-mythic"); !got.IsSold {
		t.Fatal("product not marked sold")
	}
	checkLedger(t, s.db)
}

// 40 buyers of a product with 30 codes: 30 distinct codes, 10 sold out.
func TestConcurrentCodeBuyers(t *testing.T) {
	ctx := context.Background()
	s := newShop(t)
	p := s.product("google-play-10")
	box := storetest.Box()
	have := count(t, s.db, `SELECT count(*) FROM redeem_codes WHERE product_id = $1`, p.ID)
	for i := have; i < 30; i++ {
		c := fmt.Sprintf("TEST-CODE-%03d", i)
		s.db.SQL().MustExec(`INSERT INTO redeem_codes (product_id, code, code_hash) VALUES ($1, $2, $3)`,
			p.ID, box.Seal([]byte(c)), box.Hash([]byte(c)))
	}
	buyers := make([]store.User, 40)
	for i := range buyers {
		buyers[i] = s.buyer(1_000_000)
	}
	codes := make([]string, len(buyers))
	errs := make([]error, len(buyers))
	var wg sync.WaitGroup
	for i, b := range buyers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var o store.Order
			o, _, errs[i] = s.db.PlaceOrder(ctx, b.ID, p.ID, "", "", "")
			codes[i] = o.Code
		}()
	}
	wg.Wait()
	seen := map[string]bool{}
	soldOut := 0
	for i, err := range errs {
		switch {
		case err == nil:
			if codes[i] == "" || seen[codes[i]] {
				t.Fatalf("code %q empty or delivered twice", codes[i])
			}
			seen[codes[i]] = true
		case errors.Is(err, store.ErrSoldOut):
			soldOut++
		default:
			t.Fatalf("unexpected: %v", err)
		}
	}
	if len(seen) != 30 || soldOut != 10 {
		t.Fatalf("%d codes, %d sold out; want 30 and 10", len(seen), soldOut)
	}
	if got := s.product("google-play-10"); !got.IsSold {
		t.Fatal("code product with no stock not shown as sold")
	}
	checkLedger(t, s.db)
}

func TestIdempotencyKey(t *testing.T) {
	ctx := context.Background()
	s := newShop(t)
	p := s.product("mobile-legends-86")
	acc := s.product("pubg-acc-ace")
	total := p.Price + store.ServiceCharge

	t.Run("sequential replay charges once", func(t *testing.T) {
		u := s.buyer(100000)
		first, replayed, err := s.db.PlaceOrder(ctx, u.ID, p.ID, "123", "4", "key-1")
		if err != nil || replayed {
			t.Fatalf("%v %v", err, replayed)
		}
		again, replayed, err := s.db.PlaceOrder(ctx, u.ID, p.ID, "123", "4", "key-1")
		if err != nil || !replayed || again.ID != first.ID {
			t.Fatalf("replay: %+v %v %v", again, replayed, err)
		}
		if w := s.wallet(u.ID); w != 100000-total {
			t.Fatalf("wallet %d", w)
		}
		_, _, err = s.db.PlaceOrder(ctx, u.ID, p.ID, "999", "4", "key-1")
		if !errors.Is(err, store.ErrIdempotencyMismatch) || !errors.Is(err, store.ErrConflict) {
			t.Fatalf("different payload: %v", err)
		}
	})
	t.Run("concurrent replays of an account", func(t *testing.T) {
		u := s.buyer(1_000_000)
		var wg sync.WaitGroup
		orders := make([]store.Order, 10)
		errs := make([]error, 10)
		for i := range orders {
			wg.Add(1)
			go func() {
				defer wg.Done()
				orders[i], _, errs[i] = s.db.PlaceOrder(ctx, u.ID, acc.ID, "", "", "acc-key")
			}()
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Fatalf("request %d: %v", i, err)
			}
			if orders[i].ID != orders[0].ID || orders[i].Credentials == nil ||
				*orders[i].Credentials != *orders[0].Credentials {
				t.Fatalf("request %d got another answer: %+v", i, orders[i])
			}
		}
		if w := s.wallet(u.ID); w != 1_000_000-acc.Price-50 {
			t.Fatalf("wallet %d", w)
		}
	})
	t.Run("a failed attempt can be retried with the key", func(t *testing.T) {
		u := s.buyer(10)
		if _, _, err := s.db.PlaceOrder(ctx, u.ID, p.ID, "1", "1", "retry"); !errors.Is(err, store.ErrInsufficientFunds) {
			t.Fatal(err)
		}
		if _, err := s.db.AdjustWallet(ctx, u.ID, total, 0, "top-up by hand", "retry-funds"); err != nil {
			t.Fatal(err)
		}
		if _, replayed, err := s.db.PlaceOrder(ctx, u.ID, p.ID, "1", "1", "retry"); err != nil || replayed {
			t.Fatalf("%v %v", err, replayed)
		}
	})
	checkLedger(t, s.db)
}

func TestCompleteAndFailOrder(t *testing.T) {
	ctx := context.Background()
	s := newShop(t)
	p := s.product("pubg-coin-325")
	total := p.Price + store.ServiceCharge
	admin := s.buyer(0)

	t.Run("fail refunds exactly once", func(t *testing.T) {
		u := s.buyer(100000)
		o, _, err := s.db.PlaceOrder(ctx, u.ID, p.ID, "42", "", "")
		if err != nil {
			t.Fatal(err)
		}
		failed, err := s.db.FailOrder(ctx, o.ID, admin.ID, "wrong player id")
		if err != nil || failed.Status != store.OrderFailed {
			t.Fatalf("%+v %v", failed, err)
		}
		if _, err := s.db.FailOrder(ctx, o.ID, admin.ID, "again"); !errors.Is(err, store.ErrInvalidState) {
			t.Fatalf("second fail: %v", err)
		}
		if _, err := s.db.CompleteOrder(ctx, o.ID, admin.ID); !errors.Is(err, store.ErrInvalidState) {
			t.Fatalf("complete after fail: %v", err)
		}
		if n := count(t, s.db, `SELECT count(*) FROM wallet_ledger WHERE kind = 'refund' AND user_id = $1`, u.ID); n != 1 {
			t.Fatalf("%d refunds", n)
		}
		if w := s.wallet(u.ID); w != 100000 {
			t.Fatalf("wallet %d after refund", w)
		}
	})
	t.Run("concurrent fails refund once", func(t *testing.T) {
		u := s.buyer(100000)
		o, _, err := s.db.PlaceOrder(ctx, u.ID, p.ID, "42", "", "")
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		errs := make([]error, 10)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = s.db.FailOrder(ctx, o.ID, admin.ID, "out of stock")
			}()
		}
		wg.Wait()
		okCount := 0
		for _, err := range errs {
			if err == nil {
				okCount++
			} else if !errors.Is(err, store.ErrInvalidState) {
				t.Fatal(err)
			}
		}
		if okCount != 1 || s.wallet(u.ID) != 100000 {
			t.Fatalf("%d fails succeeded, wallet %d", okCount, s.wallet(u.ID))
		}
	})
	t.Run("complete", func(t *testing.T) {
		u := s.buyer(100000)
		o, _, err := s.db.PlaceOrder(ctx, u.ID, p.ID, "42", "", "")
		if err != nil {
			t.Fatal(err)
		}
		done, err := s.db.CompleteOrder(ctx, o.ID, admin.ID)
		if err != nil || done.Status != store.OrderCompleted || done.CompletedAt == nil {
			t.Fatalf("%+v %v", done, err)
		}
		if _, err := s.db.CompleteOrder(ctx, o.ID, admin.ID); !errors.Is(err, store.ErrInvalidState) {
			t.Fatal(err)
		}
		if _, err := s.db.FailOrder(ctx, o.ID, admin.ID, "late"); !errors.Is(err, store.ErrInvalidState) {
			t.Fatal(err)
		}
		if w := s.wallet(u.ID); w != 100000-total {
			t.Fatalf("wallet %d", w)
		}
	})
	t.Run("unknown order", func(t *testing.T) {
		if _, err := s.db.CompleteOrder(ctx, 987654, admin.ID); !errors.Is(err, store.ErrNotFound) {
			t.Fatal(err)
		}
	})
	checkLedger(t, s.db)
}

// The events of a code purchase, in the shapes docs/spec.md §3 names.
func TestOrderEvents(t *testing.T) {
	ctx := context.Background()
	s := newShop(t)
	p := s.product("valorant-points-1000")
	u := s.buyer(100000)
	s.db.SQL().MustExec(`UPDATE outbox SET sent_at = now()`)
	o, _, err := s.db.PlaceOrder(ctx, u.ID, p.ID, "", "", "")
	if err != nil {
		t.Fatal(err)
	}
	events, err := s.db.ClaimOutbox(ctx, store.LaneLive, 100, 0)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]store.OutboxEvent{}
	for _, e := range events {
		byName[e.Event] = e
	}
	if len(events) != 4 {
		t.Fatalf("%d events: %+v", len(events), byName)
	}
	var wallet struct {
		UpdateType string `json:"updateType"`
		User       struct {
			ID           int64 `json:"id"`
			WalletAmount int64 `json:"wallet_amount"`
		} `json:"user"`
	}
	e := byName[store.EventUserUpdated]
	if err := json.Unmarshal(e.Payload, &wallet); err != nil || wallet.UpdateType != "wallet" ||
		wallet.User.ID != u.ID || wallet.User.WalletAmount != 100000-o.TotalPrice ||
		e.Channels[0] != store.UserChannel(u.ID) {
		t.Fatalf("user.updated %s %v", e.Payload, err)
	}
	var msg map[string]any
	e = byName[store.EventMessageSent]
	if err := json.Unmarshal(e.Payload, &msg); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"id", "title", "body", "user_id", "created_at", "is_read"} {
		if _, ok := msg[k]; !ok {
			t.Errorf("user.message.sent lacks %s: %s", k, e.Payload)
		}
	}
	if msg["title"] != o.Code || msg["is_read"] != false {
		t.Fatalf("message %s", e.Payload)
	}
	if svc := msg["product"].(map[string]any)["service"].(map[string]any)["name"]; svc != "Code" {
		t.Fatalf("service %v", svc)
	}
	if e := byName[store.EventOrderCreated]; e.Channels[0] != store.ChannelAdmins {
		t.Fatalf("order.created on %v", e.Channels)
	}
	if e := byName[store.EventOrderUpdated]; string(e.Payload) == "" || e.Channels[0] != store.UserChannel(u.ID) {
		t.Fatalf("order.updated %+v", e)
	}
}

func TestCheckLedgerFindsDrift(t *testing.T) {
	s := newShop(t)
	u := s.buyer(1000)
	checkLedger(t, s.db)
	// Bypass the deferred trigger to simulate drift the way only a
	// superuser could.
	s.db.SQL().MustExec(`ALTER TABLE users DISABLE TRIGGER users_wallet_matches_ledger`)
	s.db.SQL().MustExec(`UPDATE users SET wallet_amount = 999 WHERE id = $1`, u.ID)
	bad, err := s.db.CheckLedger(context.Background())
	if err != nil || len(bad) != 1 || bad[0].UserID != u.ID || bad[0].LedgerSum != 1000 {
		t.Fatalf("%+v %v", bad, err)
	}
}
