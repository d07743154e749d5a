package store_test

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"topup/internal/i18n"
	"topup/internal/password"
	"topup/sql/seed"
	"topup/store"
	"topup/store/storetest"
)

type tableSum struct {
	Count int64
	Sum   string
}

// snapshot returns, per table, the row count and an md5 over every row's
// full text, so any changed value, not only a changed count, shows.
func snapshot(t *testing.T, db *store.DB) map[string]tableSum {
	t.Helper()
	out := map[string]tableSum{}
	for _, tbl := range wantTables {
		var s tableSum
		err := db.SQL().QueryRow(`SELECT count(*), coalesce(md5(string_agg(t::text, E'\n' ORDER BY t::text)), '') FROM `+tbl+` t`).
			Scan(&s.Count, &s.Sum)
		if err != nil {
			t.Fatal(err)
		}
		out[tbl] = s
	}
	return out
}

func TestSeedDemoTwiceChangesNothing(t *testing.T) {
	ctx := context.Background()
	db := storetest.New(t)
	data := seed.Demo()
	if err := db.SeedDemo(ctx, data, password.Hash); err != nil {
		t.Fatalf("first seed: %v", err)
	}
	first := snapshot(t, db)
	if err := db.SeedDemo(ctx, seed.Demo(), password.Hash); err != nil {
		t.Fatalf("second seed: %v", err)
	}
	second := snapshot(t, db)
	for _, tbl := range wantTables {
		if first[tbl] != second[tbl] {
			t.Errorf("%s changed: %+v -> %+v", tbl, first[tbl], second[tbl])
		}
	}

	atLeast := map[string]int64{
		"services": 3, "games": 8, "products": 60, "account_credentials": 5,
		"redeem_codes": 20, "payment_methods": 2, "banners": 1, "users": 2,
		"wallet_ledger": 1, "messages": 1,
	}
	for tbl, n := range atLeast {
		if first[tbl].Count < n {
			t.Errorf("%s: %d rows, want at least %d", tbl, first[tbl].Count, n)
		}
	}
	if got, want := first["products"].Count, int64(len(data.Products)); got != want {
		t.Errorf("products: %d rows, seed has %d", got, want)
	}

	t.Run("every kind has products", func(t *testing.T) {
		rows, err := db.SQL().Query(`
			SELECT s.kind, count(*) FROM products p JOIN services s ON s.id = p.service_id GROUP BY s.kind`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		kinds := map[string]int{}
		for rows.Next() {
			var k string
			var n int
			if err := rows.Scan(&k, &n); err != nil {
				t.Fatal(err)
			}
			kinds[k] = n
		}
		for _, k := range []string{"coin", "code", "account"} {
			if kinds[k] == 0 {
				t.Errorf("no %s products", k)
			}
		}
	})

	t.Run("demo logins", func(t *testing.T) {
		tests := []struct {
			phone, password string
			admin           bool
			wallet          int64
		}{
			{seed.AdminPhone, seed.AdminPassword, true, 0},
			{seed.CustomerPhone, seed.CustomerPassword, false, seed.CustomerWallet},
		}
		for _, tt := range tests {
			t.Run(tt.phone, func(t *testing.T) {
				u, err := db.UserByPhone(ctx, tt.phone)
				if err != nil {
					t.Fatal(err)
				}
				if ok, err := password.Verify(tt.password, u.PasswordHash); !ok || err != nil {
					t.Fatalf("password does not verify: %v %v", ok, err)
				}
				if u.IsAdmin != tt.admin || u.WalletAmount != tt.wallet {
					t.Fatalf("admin %v wallet %d", u.IsAdmin, u.WalletAmount)
				}
				var sum int64
				if err := db.SQL().Get(&sum, `SELECT coalesce(sum(amount), 0) FROM wallet_ledger WHERE user_id = $1`, u.ID); err != nil {
					t.Fatal(err)
				}
				if sum != u.WalletAmount {
					t.Fatalf("ledger sums to %d, wallet is %d", sum, u.WalletAmount)
				}
			})
		}
	})

	t.Run("secrets are sealed", func(t *testing.T) {
		var sealed []byte
		if err := db.SQL().Get(&sealed, `
			SELECT c.game_password FROM account_credentials c JOIN products p ON p.id = c.product_id
			WHERE p.sku = 'mlbb-acc-mythic'`); err != nil {
			t.Fatal(err)
		}
		plain, err := storetest.Box().Open(sealed)
		if err != nil {
			t.Fatal(err)
		}
		var want string
		for _, p := range data.Products {
			if p.SKU == "mlbb-acc-mythic" {
				want = p.Account.GamePassword
			}
		}
		if string(plain) != want {
			t.Fatalf("game password %q, want %q", plain, want)
		}

		// Codes look like printed gift cards to the customer; only the
		// stock's batch, which admins see, says demo.
		var codes []struct {
			Code  []byte `db:"code"`
			Batch string `db:"batch"`
		}
		if err := db.SQL().Select(&codes, `SELECT code, batch FROM redeem_codes`); err != nil {
			t.Fatal(err)
		}
		shape := regexp.MustCompile(`^[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$`)
		for _, c := range codes {
			p, err := storetest.Box().Open(c.Code)
			if err != nil || !shape.Match(p) || c.Batch != "demo" {
				t.Fatalf("code %q in batch %q: %v", p, c.Batch, err)
			}
		}
	})

	t.Run("product data", func(t *testing.T) {
		var raw []byte
		if err := db.SQL().Get(&raw, `SELECT data FROM products WHERE sku = 'mlbb-acc-mythic-glory'`); err != nil {
			t.Fatal(err)
		}
		var d struct {
			Rank      string `json:"rank"`
			SkinCount int    `json:"skin_count"`
			HeroCount int    `json:"hero_count"`
		}
		if err := json.Unmarshal(raw, &d); err != nil || d.Rank == "" || d.SkinCount == 0 || d.HeroCount == 0 {
			t.Fatalf("data %s: %v", raw, err)
		}
	})
}

// The demo customer's welcome reads wholly in the reader's language (issue
// 25: one language per message), says no "demo", and promises no delivery
// time (the shop's configuration does).
func TestSeedDemoWelcomeInOneLanguage(t *testing.T) {
	ctx := context.Background()
	db := storetest.New(t)
	if err := db.SeedDemo(ctx, seed.Demo(), password.Hash); err != nil {
		t.Fatal(err)
	}
	u, err := db.UserByPhone(ctx, seed.CustomerPhone)
	if err != nil {
		t.Fatal(err)
	}
	msgs, err := db.MessagesOfUser(ctx, u.ID)
	if err != nil || len(msgs) != 1 {
		t.Fatalf("%d messages: %v", len(msgs), err)
	}
	en, my := msgs[0].In(i18n.In(i18n.En)), msgs[0].In(i18n.In(i18n.My))
	if en.Title != "Welcome to Shwe Top-Up" || !strings.Contains(en.Body, "50,000 Ks") {
		t.Errorf("English: %q / %q", en.Title, en.Body)
	}
	for _, text := range []string{en.Title, en.Body} {
		if strings.IndexFunc(text, func(r rune) bool { return unicode.In(r, unicode.Myanmar) }) >= 0 {
			t.Errorf("English message has Burmese in it: %q", text)
		}
	}
	// Burmese: no Latin word but the store's name.
	for _, text := range []string{my.Title, my.Body} {
		if rest := strings.ReplaceAll(text, "Shwe Top-Up", ""); strings.IndexFunc(rest, unicode.IsUpper) >= 0 || strings.ContainsAny(rest, "abcdefghijklmnopqrstuvwxyz") {
			t.Errorf("Burmese message has English in it: %q", text)
		}
	}
	if !strings.Contains(my.Body, "ကျပ်") {
		t.Errorf("Burmese body %q: no amount in ကျပ်", my.Body)
	}
	for _, text := range []string{en.Title, en.Body} {
		if strings.Contains(strings.ToLower(text), "demo") || strings.Contains(text, "minutes") {
			t.Errorf("%q says demo or promises a delivery time", text)
		}
	}
}

// Seeding again never adds a second welcome: not when the first was
// written by an older build in plain English (no codes), nor when it was
// written from the catalogue whose English wording has changed since (the
// English beside the codes is what the seed used to compare).
func TestSeedDemoWelcomeOnceAcrossBuilds(t *testing.T) {
	ctx := context.Background()
	earlier := map[string]string{
		// What builds before the catalogue welcome wrote (git show a9d8689:sql/seed/demo.go).
		"plain English of an older build": `UPDATE messages SET
			title = 'Welcome to Shwe Top-Up',
			body = 'Your demo wallet holds 50,000 Ks. Orders are delivered within 5 minutes. ရွှေ Top-Up မှ ကြိုဆိုပါတယ်။',
			title_code = NULL, body_code = NULL, params = NULL`,
		"the catalogue's earlier wording": `UPDATE messages SET title = 'Welcome to the Shwe Top-Up store'`,
	}
	for name, rewrite := range earlier {
		t.Run(name, func(t *testing.T) {
			db := storetest.New(t)
			if err := db.SeedDemo(ctx, seed.Demo(), password.Hash); err != nil {
				t.Fatal(err)
			}
			if _, err := db.SQL().Exec(rewrite); err != nil {
				t.Fatal(err)
			}
			if err := db.SeedDemo(ctx, seed.Demo(), password.Hash); err != nil {
				t.Fatal(err)
			}
			var n int
			if err := db.SQL().Get(&n, `SELECT count(*) FROM messages`); err != nil {
				t.Fatal(err)
			}
			if n != 1 {
				t.Fatalf("%d welcome messages after seeding again, want 1", n)
			}
		})
	}
}

func TestSeedDemoNeedsBox(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, storetest.NewDSN(t))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.SeedDemo(ctx, seed.Demo(), password.Hash); err == nil {
		t.Fatal("seeding without a secret box succeeded")
	}
}
