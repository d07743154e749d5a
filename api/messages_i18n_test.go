package api_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// The same failed order reads in the language of each request, and the
// answer carries the codes and parameters the app re-words it by when the
// customer switches language.
func TestMessagesAreWrittenInTheRequestLanguage(t *testing.T) {
	h := newShopHarness(t)
	b := h.buyer(t, 50000)
	admin := h.admin(t)
	pid := h.productID(t, "pubg-coin-325")
	r := h.order(t, b, map[string]any{"product_id": pid, "game_uid": "5550001"}, "").want(t, 201)
	id := int64(num(obj(r.json, "order")["id"]))
	if _, err := h.db.FailOrder(context.Background(), id, admin.ID, "wrong player id"); err != nil {
		t.Fatal(err)
	}
	inbox := func(lang string) map[string]any {
		res := h.do(t, authReq{method: "GET", path: fmt.Sprintf("/api/message/%d", b.ID), token: b.token,
			header: map[string]string{"Accept-Language": lang}}).want(t, 200)
		list, _ := res.json["messages"].([]any)
		for _, item := range list {
			m, _ := item.(map[string]any)
			if num(m["order_id"]) == id {
				return m
			}
		}
		t.Fatalf("no message about order %d: %s", id, res.body)
		return nil
	}
	en, my := inbox("en"), inbox("my")
	if en["title"] != fmt.Sprintf("Order #%d could not be delivered", id) || !strings.Contains(en["body"].(string), " Ks has been returned") {
		t.Errorf("english %v / %v", en["title"], en["body"])
	}
	if my["title"] != fmt.Sprintf("အော်ဒါ #%d ကို ပို့ပေး၍ မရပါ", id) || !strings.Contains(my["body"].(string), " ကျပ်") || !strings.Contains(my["body"].(string), "wrong player id") {
		t.Errorf("burmese %v / %v", my["title"], my["body"])
	}
	params, _ := my["params"].(map[string]any)
	if my["title_code"] != "order_failed_title" || my["body_code"] != "order_failed_body" || num(params["amount"]) <= 1000 || params["reason"] != "wrong player id" {
		t.Errorf("codes %v %v params %v", my["title_code"], my["body_code"], params)
	}
}

// A reset code reaches the phone in the language of the person asking for
// it (the recipient's stored preference wins once users have one).
func TestResetSMSInTheRecipientsLanguage(t *testing.T) {
	h := newAuthHarness(t)
	h.user(t, "thida", "09420000077", "pw-123456", false)
	for _, tc := range []struct{ lang, ip, want string }{
		{"my", "10.30.0.1", "သင်၏ စကားဝှက် ပြန်သတ်မှတ်ရန် ကုဒ်မှာ"},
		{"en", "10.30.0.2", "your password reset code is"},
	} {
		h.clock.Advance(2 * time.Minute) // past the resend gap
		h.do(t, authReq{method: "POST", path: "/api/otp/send", ip: tc.ip,
			header: map[string]string{"Accept-Language": tc.lang},
			body:   map[string]string{"phone_number": "09420000077", "captcha_token": h.solve(t)}}).want(t, 200)
		h.sms.mu.Lock()
		text := h.sms.sent[len(h.sms.sent)-1].text
		h.sms.mu.Unlock()
		code := h.sms.lastCode(t, "+959420000077")
		if !strings.Contains(text, tc.want) || !strings.Contains(text, code) || !strings.HasPrefix(text, "Shwe Top-Up: ") {
			t.Errorf("%s SMS %q", tc.lang, text)
		}
	}
}

// A signed-in customer's stored language answers a request that names
// none (a script, an old app), and a reset code goes to the phone in the
// language its owner chose even when asked for from an English page.
func TestStoredLanguagePreference(t *testing.T) {
	h := newShopHarness(t)
	b := h.buyer(t, 0)
	if _, err := h.db.SetLocale(context.Background(), b.ID, "my"); err != nil {
		t.Fatal(err)
	}
	r := h.do(t, authReq{method: "POST", path: "/api/order", token: b.token,
		body: map[string]any{"product_id": h.productID(t, "mobile-legends-86"), "game_uid": "123456789", "server_id": "2001"}}).want(t, 422)
	if r.str("code") != "insufficient_funds" || !strings.Contains(r.str("message"), "ကျပ်") {
		t.Errorf("no Accept-Language, stored my: %s", r.body)
	}
	r = h.do(t, authReq{method: "POST", path: "/api/order", token: b.token, header: map[string]string{"Accept-Language": "en"},
		body: map[string]any{"product_id": h.productID(t, "mobile-legends-86"), "game_uid": "123456789", "server_id": "2001"}}).want(t, 422)
	if !strings.Contains(r.str("message"), " Ks") {
		t.Errorf("the page's language wins for the page: %s", r.body)
	}

	h.clock.Advance(2 * time.Minute)
	h.do(t, authReq{method: "POST", path: "/api/otp/send", ip: "10.31.0.1", header: map[string]string{"Accept-Language": "en"},
		body: map[string]string{"phone_number": b.Phone, "captcha_token": h.solve(t)}}).want(t, 200)
	h.sms.mu.Lock()
	text := h.sms.sent[len(h.sms.sent)-1].text
	h.sms.mu.Unlock()
	if !strings.Contains(text, "စကားဝှက်") {
		t.Errorf("SMS to a Burmese reader: %q", text)
	}
}
