package store_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"golang.org/x/text/unicode/norm"

	"topup/internal/i18n"
	"topup/store"
)

// Messages the store wrote before the catalogue (plain English, in the
// formats of the time) get their codes and parameters and read in Burmese;
// an admin's own words are left; a second run changes nothing.
func TestTemplateOldMessagesReadInBurmese(t *testing.T) {
	ctx := context.Background()
	s := newShop(t)
	u := s.buyer(0)
	db := s.db.SQL()
	insert := func(title, body string, sealed bool) int64 {
		t.Helper()
		var id int64
		var seal any
		if sealed {
			b, err := s.db.Seal([]byte("CODE-1234"))
			if err != nil {
				t.Fatal(err)
			}
			seal = b
		}
		if err := db.Get(&id, `INSERT INTO messages (user_id, title, body, title_sealed) VALUES ($1, $2, $3, $4) RETURNING id`, u.ID, title, body, seal); err != nil {
			t.Fatal(err)
		}
		return id
	}
	cases := []struct {
		title, body         string
		sealed              bool
		titleMy, bodyMy     string // what the Burmese reader sees ("" = no code)
		titleCode, bodyCode string
	}{
		{"Order #12 delivered", "660 UC has been delivered to game ID 51234567. Thank you for shopping with us.", false,
			"အော်ဒါ #12 ပို့ပြီးပါပြီ", "660 UC ကို ဂိမ်း ID 51234567 သို့ ပို့ပြီးပါပြီ။ ဝယ်ယူအားပေးမှုအတွက် ကျေးဇူးတင်ပါသည်။", "order_delivered_title", "order_delivered_body"},
		{"Order #13 delivered", "86 Diamonds has been delivered to game ID 123 (server 4567). Thank you for shopping with us.", false,
			"အော်ဒါ #13 ပို့ပြီးပါပြီ", "(ဆာဗာ 4567)", "order_delivered_title", "order_delivered_server_body"},
		{"Order #14 could not be delivered", "660 UC could not be delivered: wrong id. Try again. 12050 Ks has been returned to your wallet.", false,
			"အော်ဒါ #14 ကို ပို့ပေး၍ မရပါ", "wrong id. Try again။ 12,050 ကျပ် ကို", "order_failed_title", "order_failed_body"},
		{"Redeem code: Steam 5", "Your Steam 5 code (order for Steam Wallet). Tap the code to copy it and redeem it in Steam Wallet. Codes are single-use.", true,
			"", "သင်၏ Steam 5 ကုဒ် (Steam Wallet အတွက် အော်ဒါ)", "", "code_delivered_body"},
		{"Top-up #7 confirmed", "10300 Ks from your KBZPay transfer has been added to your wallet.", false,
			"ငွေဖြည့်မှု #7 အတည်ပြုပြီးပါပြီ", "သင်၏ KBZPay ငွေလွှဲမှုမှ 10,300 ကျပ်", "topup_confirmed_title", "topup_confirmed_body"},
		{"Top-up #8 was not accepted", "Your 5000 Ks AYA Pay top-up was not accepted: no transfer arrived. Contact support if you think this is a mistake.", false,
			"ငွေဖြည့်မှု #8 ကို လက်မခံပါ", "သင်၏ 5,000 ကျပ် AYA Pay ငွေဖြည့်မှုကို လက်မခံပါ- no transfer arrived။", "topup_rejected_title", "topup_rejected_body"},
		{"Your wallet was adjusted", "12,050 Ks was added to your wallet: bonus", false,
			"သင့်ပိုက်ဆံအိတ်ကို ချိန်ညှိထားပါသည်", "12,050 ကျပ် ကို သင့်ပိုက်ဆံအိတ်ထဲသို့ ထည့်ပေးပြီးပါပြီ- bonus", "wallet_adjusted_title", "wallet_credited_body"},
		{"Your wallet was adjusted", "1,000 Ks was taken from your wallet: fee", false,
			"သင့်ပိုက်ဆံအိတ်ကို ချိန်ညှိထားပါသည်", "1,000 ကျပ် ကို သင့်ပိုက်ဆံအိတ်မှ နုတ်ယူပြီးပါပြီ- fee", "wallet_adjusted_title", "wallet_debited_body"},
		{"Refund approved: order #15", "3,050 Ks for 660 UC was returned to your wallet.", false,
			"ငွေပြန်အမ်းမှု အတည်ပြုပြီး- အော်ဒါ #15", "660 UC အတွက် 3,050 ကျပ်", "refund_approved_title", "refund_approved_body"},
		{"Refund approved: order #16", "3,050 Ks for 660 UC was returned to your wallet. Sorry for the wait.", false,
			"ငွေပြန်အမ်းမှု အတည်ပြုပြီး- အော်ဒါ #16", "ပြန်ထည့်ပေးပြီးပါပြီ။ Sorry for the wait.", "refund_approved_title", "refund_approved_note_body"},
		{"Refund declined: order #17", "Your refund request for 660 UC was declined: delivered in game", false,
			"ငွေပြန်အမ်းမှု ငြင်းပယ်ခံရသည်- အော်ဒါ #17", "ငြင်းပယ်လိုက်ပါသည်- delivered in game", "refund_declined_title", "refund_declined_body"},
		// An admin's own message: no codes, as written.
		{"Holiday hours", "We are closed on Thadingyut. Order #12 delivered", false, "", "", "", ""},
	}
	ids := make([]int64, len(cases))
	for i, c := range cases {
		ids[i] = insert(c.title, c.body, c.sealed)
	}

	var seen []store.Backfill
	got, err := s.db.TemplateOldMessages(ctx, 5, func(b store.Backfill) { seen = append(seen, b) })
	if err != nil {
		t.Fatal(err)
	}
	// The buyer may have older messages of its own (left as they are): count only ours.
	if got.Changed != len(cases)-1 || got.Scanned < len(cases) || got.Left != got.Scanned-got.Changed || len(seen) != (got.Scanned+4)/5 {
		t.Errorf("first run %+v in batches %v", got, seen)
	}

	list, err := s.db.MessagesOfUser(ctx, u.ID)
	if err != nil {
		t.Fatal(err)
	}
	byID := map[int64]store.Message{}
	for _, m := range list {
		byID[m.ID] = m
	}
	my := i18n.In(i18n.My)
	for i, c := range cases {
		m, ok := byID[ids[i]]
		if !ok {
			t.Fatalf("message %d missing", ids[i])
		}
		code := func(p *string) string {
			if p == nil {
				return ""
			}
			return *p
		}
		if code(m.TitleCode) != c.titleCode || code(m.BodyCode) != c.bodyCode {
			t.Errorf("%q: codes %q %q, want %q %q", c.title, code(m.TitleCode), code(m.BodyCode), c.titleCode, c.bodyCode)
			continue
		}
		in := m.In(my)
		if c.bodyCode == "" {
			if in.Title != c.title || in.Body != c.body {
				t.Errorf("admin message changed: %q / %q", in.Title, in.Body)
			}
			continue
		}
		if c.titleMy != "" && in.Title != c.titleMy {
			t.Errorf("%q in Burmese: title %q, want %q", c.title, in.Title, c.titleMy)
		}
		if !strings.Contains(in.Body, c.bodyMy) {
			t.Errorf("%q in Burmese: body %q, want it to contain %q", c.title, in.Body, c.bodyMy)
		}
	}

	again, err := s.db.TemplateOldMessages(ctx, 100, nil)
	if err != nil {
		t.Fatal(err)
	}
	if again.Changed != 0 || again.Scanned != got.Left {
		t.Errorf("second run %+v, want only the admin's message read and nothing changed", again)
	}
}

// zawgyiSamples are real Zawgyi lines (a news text from the state
// counsellor's Zawgyi site, myanmar-tools' test corpus) and their Unicode.
func zawgyiSamples(t *testing.T) (zg, uni []string) {
	t.Helper()
	read := func(name string) []string {
		data, err := os.ReadFile("../internal/zawgyi/testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, line := range strings.Split(string(data), "\n") {
			out = append(out, strings.TrimSpace(line))
		}
		return out
	}
	src, want := read("mmgov_zawgyi_src.txt"), read("mmgov_unicode_out.txt")
	for i := range src {
		// Long lines of real text (the header lines are ASCII).
		if len([]rune(src[i])) > 40 && !strings.HasPrefix(src[i], "#") && src[i] != want[i] {
			zg, uni = append(zg, src[i]), append(uni, norm.NFC.String(want[i]))
		}
	}
	if len(zg) < 4 {
		t.Fatalf("only %d samples", len(zg))
	}
	return zg, uni
}

// Zawgyi stored before the API converted input (a review, a failure
// reason, a refund request, an admin's reason inside a message) becomes
// Unicode; Unicode and English stay as they are; a second run changes
// nothing.
func TestConvertZawgyiStoredText(t *testing.T) {
	ctx := context.Background()
	s := newShop(t)
	db := s.db.SQL()
	zg, uni := zawgyiSamples(t)
	u := s.buyer(50000)
	p := s.product("pubg-coin-60")
	// Rows as an older server stored them: straight in SQL, unconverted.
	o, _, err := s.db.PlaceOrder(ctx, u.ID, p.ID, "5550001", "", "")
	if err != nil {
		t.Fatal(err)
	}
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := db.Exec(q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	exec(`UPDATE orders SET fail_reason = $2 WHERE id = $1`, o.ID, zg[0])
	exec(`INSERT INTO reviews (user_id, order_id, product_id, rating, comment) VALUES ($1, $2, $3, 5, $4)`, u.ID, o.ID, p.ID, zg[1])
	exec(`UPDATE products SET description = $2 WHERE id = $1`, p.ID, uni[2]) // already Unicode
	exec(`UPDATE games SET description = $2 WHERE id = $1`, p.GameID, "Plain English stays English.")
	params := fmt.Sprintf(`{"order":{"k":"s","v":"%d"},"reason":{"k":"s","v":%q},"amount":{"k":"kyat","v":1050}}`, o.ID, zg[3])
	exec(`INSERT INTO messages (user_id, title, body, title_code, body_code, params) VALUES ($1, 't', 'b', 'order_failed_title', 'order_failed_body', $2)`, u.ID, params)

	counts, refused, err := s.db.ConvertZawgyi(ctx, 2, nil)
	if err != nil || len(refused) > 0 {
		t.Fatal(err, refused)
	}
	var got struct {
		Reason  string `db:"fail_reason"`
		Comment string `db:"comment"`
		Desc    string `db:"description"`
		Game    string `db:"game"`
		Param   string `db:"param"`
	}
	if err := db.Get(&got, `
		SELECT o.fail_reason, r.comment, p.description, g.description AS game, m.params->'reason'->>'v' AS param
		FROM orders o, reviews r, products p, games g, messages m
		WHERE o.id = $1 AND r.user_id = $2 AND p.id = $3 AND g.id = p.game_id AND m.user_id = $2 AND m.params ? 'reason'`, o.ID, u.ID, p.ID); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ what, got, want string }{
		{"fail reason", got.Reason, uni[0]}, {"review", got.Comment, uni[1]}, {"description (Unicode already)", got.Desc, uni[2]},
		{"game description (English)", got.Game, "Plain English stays English."}, {"message parameter", got.Param, uni[3]},
	} {
		if c.got != c.want {
			t.Errorf("%s:\n got  %q\n want %q", c.what, c.got, c.want)
		}
	}
	if counts["orders.fail_reason"].Changed != 1 || counts["reviews.comment"].Changed != 1 || counts["messages.params"].Changed != 1 || counts["products.description"].Changed != 0 {
		t.Errorf("counts %+v", counts)
	}

	again, _, err := s.db.ConvertZawgyi(ctx, 100, nil)
	if err != nil {
		t.Fatal(err)
	}
	for what, b := range again {
		if b.Changed != 0 {
			t.Errorf("second run changed %d of %s", b.Changed, what)
		}
	}
}
