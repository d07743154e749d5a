package api_test

import (
	"strings"
	"testing"
)

// Every failure names its code beside its message, each field error its
// code beside its words, and the words follow the request's language:
// clients branch on codes and may show the message as it comes
// (docs/architecture.md#the-api-contract).
func TestErrorsCarryCodesInTheRequestLanguage(t *testing.T) {
	h := newAuthHarness(t)
	register := func(lang string) authResult {
		r := authReq{method: "POST", path: "/api/register", body: map[string]any{
			"username": "", "phone_number": "09", "password": "x", "password_confirmation": "y"}}
		if lang != "" {
			r.header = map[string]string{"Accept-Language": lang}
		}
		return h.do(t, r).want(t, 422)
	}
	en := register("")
	if en.str("code") != "invalid" || en.str("message") != "Username is required" {
		t.Fatalf("english answer %s", en.body)
	}
	codes, _ := en.json["codes"].(map[string]any)
	for field, want := range map[string]string{"username": "username_required", "password": "password_too_short", "password_confirmation": "password_mismatch"} {
		list, _ := codes[field].([]any)
		if len(list) == 0 || list[0] != want {
			t.Errorf("codes.%s = %v, want [%s]; body %s", field, codes[field], want, en.body)
		}
		if en.fieldError(field) == "" {
			t.Errorf("errors.%s lost its words: %s", field, en.body)
		}
	}

	my := register("my-MM,my;q=0.9,en;q=0.5")
	if my.str("code") != "invalid" || my.str("message") != "အသုံးပြုသူအမည် ထည့်ရန် လိုအပ်ပါသည်" {
		t.Fatalf("burmese answer %s", my.body)
	}
	if my.fieldError("password_confirmation") != "စကားဝှက်များ မတူညီပါ" {
		t.Errorf("burmese field error %q", my.fieldError("password_confirmation"))
	}
	if en.json["codes"] == nil || !sameJSON(en.json["codes"], my.json["codes"]) {
		t.Errorf("codes differ by language: %v vs %v", en.json["codes"], my.json["codes"])
	}

	// A language we do not speak answers in English, still coded.
	fr := h.do(t, authReq{method: "GET", path: "/api/no-such-thing", header: map[string]string{"Accept-Language": "fr-FR"}}).want(t, 404)
	if fr.str("code") != "not_found" || fr.str("message") != "No such API endpoint." {
		t.Errorf("french answer %s", fr.body)
	}
	notFoundMy := h.do(t, authReq{method: "GET", path: "/api/no-such-thing", header: map[string]string{"Accept-Language": "my"}}).want(t, 404)
	if notFoundMy.str("code") != "not_found" || !strings.Contains(notFoundMy.str("message"), "API") || strings.Contains(notFoundMy.str("message"), "No such") {
		t.Errorf("burmese 404 %s", notFoundMy.body)
	}
}

// A short wallet is told the price, the balance and the shortfall with
// thousands separators and the currency of the language, and the numbers
// come as parameters so a client can word it itself.
func TestInsufficientFundsIsCodedWithSeparatedAmounts(t *testing.T) {
	h := newShopHarness(t)
	b := h.buyer(t, 1000)
	pid := h.productID(t, "mobile-legends-86")
	body := map[string]any{"product_id": pid, "game_uid": "123456789", "server_id": "2001"}
	for _, tc := range []struct{ lang, unit string }{{"en", " Ks"}, {"my", " ကျပ်"}} {
		r := h.do(t, authReq{method: "POST", path: "/api/order", body: body, token: b.token,
			header: map[string]string{"Accept-Language": tc.lang}}).want(t, 422)
		if r.str("code") != "insufficient_funds" {
			t.Fatalf("%s: code %q; body %s", tc.lang, r.str("code"), r.body)
		}
		msg := r.str("message")
		if !strings.Contains(msg, "1,000"+tc.unit) {
			t.Errorf("%s: message %q lacks the separated balance", tc.lang, msg)
		}
		if tc.lang == "my" && strings.Contains(msg, "Ks") {
			t.Errorf("burmese message %q uses Ks", msg)
		}
		params, _ := r.json["params"].(map[string]any)
		if num(params["balance"]) != 1000 || num(params["shortfall"]) <= 0 || num(params["required"]) != 1000+num(params["shortfall"]) {
			t.Errorf("%s: params %v", tc.lang, params)
		}
		if data := obj(r.json, "data"); data["message"] != msg {
			t.Errorf("%s: data.message %v differs from message %q", tc.lang, data["message"], msg)
		}
	}
}

func sameJSON(a, b any) bool {
	am, _ := a.(map[string]any)
	bm, _ := b.(map[string]any)
	if len(am) != len(bm) {
		return false
	}
	for k, v := range am {
		al, _ := v.([]any)
		bl, _ := bm[k].([]any)
		if len(al) != len(bl) {
			return false
		}
		for i := range al {
			if al[i] != bl[i] {
				return false
			}
		}
	}
	return true
}

// A success message is words in the request's language, never a code.
func TestOrderConfirmationInTheRequestLanguage(t *testing.T) {
	h := newShopHarness(t)
	b := h.buyer(t, 100000)
	pid := h.productID(t, "mobile-legends-86")
	body := map[string]any{"product_id": pid, "game_uid": "123456789", "server_id": "2001"}
	for lang, want := range map[string]string{"en": "Order confirmed!", "my": "အော်ဒါ အတည်ပြုပြီးပါပြီ။"} {
		r := h.do(t, authReq{method: "POST", path: "/api/order", body: body, token: b.token,
			header: map[string]string{"Accept-Language": lang}}).want(t, 201)
		if !strings.HasPrefix(r.str("message"), want) {
			t.Errorf("%s: message %q", lang, r.str("message"))
		}
	}
}
