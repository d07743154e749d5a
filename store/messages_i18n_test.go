package store_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"topup/internal/i18n"
	"topup/store"
)

// messageAbout is the user's message about an order (orderID > 0) or the
// newest one.
func messageAbout(t *testing.T, db *store.DB, userID, orderID int64) store.Message {
	t.Helper()
	list, err := db.MessagesOfUser(context.Background(), userID)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range list {
		if orderID == 0 || (m.OrderID != nil && *m.OrderID == orderID) {
			return m
		}
	}
	t.Fatalf("no message about order %d among %d", orderID, len(list))
	return store.Message{}
}

// The store writes its own messages as codes and parameters: the same
// stored message reads in English and in Burmese, amounts separated and in
// the language's currency, the reason as the admin wrote it, and the
// English is kept beside the codes for clients that cannot word them.
func TestStoreMessagesReadInEachLanguage(t *testing.T) {
	ctx := context.Background()
	s := newShop(t)
	admin := s.buyer(0)
	p := s.product("pubg-coin-325")
	total := p.Price + store.ServiceCharge
	if total < 1000 {
		t.Fatalf("pick a product over 1,000 Ks (this one costs %d) so separators show", total)
	}
	amount := i18n.Amount(i18n.In(i18n.En), total)

	t.Run("order failed", func(t *testing.T) {
		u := s.buyer(100000)
		o, _, err := s.db.PlaceOrder(ctx, u.ID, p.ID, "42", "", "")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.db.FailOrder(ctx, o.ID, admin.ID, "wrong player id"); err != nil {
			t.Fatal(err)
		}
		m := messageAbout(t, s.db, u.ID, o.ID)
		id := strconv.FormatInt(o.ID, 10)
		if m.TitleCode == nil || *m.TitleCode != "order_failed_title" || m.BodyCode == nil || *m.BodyCode != "order_failed_body" {
			t.Fatalf("codes %v %v", m.TitleCode, m.BodyCode)
		}
		if !strings.Contains(m.Body, amount) || !strings.Contains(m.Title, "#"+id) {
			t.Errorf("stored English %q / %q", m.Title, m.Body)
		}
		en, my := m.In(i18n.In(i18n.En)), m.In(i18n.In(i18n.My))
		if en.Body != m.Body || en.Title != m.Title {
			t.Errorf("English rendering %q differs from the stored %q", en.Body, m.Body)
		}
		myAmount := i18n.Amount(i18n.In(i18n.My), total)
		if !strings.Contains(my.Body, myAmount) || !strings.Contains(my.Body, "wrong player id") || !strings.Contains(my.Body, p.Name) {
			t.Errorf("burmese body %q lacks %q, the reason or the product", my.Body, myAmount)
		}
		if my.Title != "အော်ဒါ #"+id+" ကို ပို့ပေး၍ မရပါ" {
			t.Errorf("burmese title %q", my.Title)
		}
		digits := m.In(i18n.Locale{Lang: i18n.My, MyanmarDigits: true})
		if !strings.Contains(digits.Body, i18n.MyanmarDigits(i18n.Amount(i18n.In(i18n.My), total))) || !strings.Contains(digits.Title, "#"+id) {
			t.Errorf("with Myanmar digits: %q / %q (the order number stays as typed)", digits.Title, digits.Body)
		}
	})

	t.Run("order delivered", func(t *testing.T) {
		u := s.buyer(100000)
		o, _, err := s.db.PlaceOrder(ctx, u.ID, p.ID, "5550001", "", "")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.db.CompleteOrder(ctx, o.ID, admin.ID); err != nil {
			t.Fatal(err)
		}
		m := messageAbout(t, s.db, u.ID, o.ID)
		en, my := m.In(i18n.In(i18n.En)), m.In(i18n.In(i18n.My))
		if !strings.Contains(en.Body, "game ID 5550001") || !strings.Contains(my.Body, "ဂိမ်း ID 5550001") || !strings.Contains(my.Title, "ပို့ပြီးပါပြီ") {
			t.Errorf("en %q / my %q %q", en.Body, my.Title, my.Body)
		}
	})

	t.Run("top-up confirmed and rejected", func(t *testing.T) {
		u := s.buyer(0)
		kbz := newPaymentMethod(t, s.db, "Test Wallet Pay", true)
		for i, confirm := range []bool{true, false} {
			tp, _, err := s.db.CreateTopup(ctx, store.NewTopup{UserID: u.ID, Amount: 12000, VerificationAmount: int64(50 + i),
				PaymentMethodID: kbz, UploadID: newUpload(t, s.db, u.ID, "receipt-"+strconv.Itoa(i)).ID})
			if err != nil {
				t.Fatal(err)
			}
			if confirm {
				_, err = s.db.ConfirmTopup(ctx, tp.ID, admin.ID)
			} else {
				_, err = s.db.RejectTopup(ctx, tp.ID, admin.ID, "the receipt is blurred")
			}
			if err != nil {
				t.Fatal(err)
			}
			m := messageAbout(t, s.db, u.ID, 0)
			en, my := m.In(i18n.In(i18n.En)), m.In(i18n.In(i18n.My))
			want := strconv.Itoa(12050 + i)
			wantEn, wantMy := want[:2]+","+want[2:]+" Ks", want[:2]+","+want[2:]+" ကျပ်"
			if !strings.Contains(en.Body, wantEn) || !strings.Contains(my.Body, wantMy) || strings.Contains(my.Body, " Ks") {
				t.Errorf("confirm=%v: en %q / my %q", confirm, en.Body, my.Body)
			}
			if !confirm && !strings.Contains(my.Body, "the receipt is blurred") {
				t.Errorf("the reason is missing from %q", my.Body)
			}
		}
	})

	t.Run("an admin's own words stay as written", func(t *testing.T) {
		u := s.buyer(0)
		if _, err := s.db.CreateMessage(ctx, store.NewMessage{UserID: u.ID, Title: "Hello", Body: "Welcome"}); err != nil {
			t.Fatal(err)
		}
		m := messageAbout(t, s.db, u.ID, 0)
		if my := m.In(i18n.In(i18n.My)); my.Title != "Hello" || my.Body != "Welcome" || m.TitleCode != nil {
			t.Errorf("%+v", my)
		}
	})
}
