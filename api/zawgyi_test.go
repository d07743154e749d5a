package api_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
)

// Burmese typed on a Zawgyi keyboard is stored as Unicode (names, messages)
// and searched as Unicode, so it finds what Unicode typing finds
// (docs/spec.md §9).
func TestZawgyiInputIsStoredAndSearchedAsUnicode(t *testing.T) {
	h := newShopHarness(t)

	t.Run("a username", func(t *testing.T) {
		r := h.do(t, authReq{method: "POST", path: "/api/register", body: map[string]any{
			"username": "ေအာင္ေအာင္", "phone_number": "09420000088", "password": "secret123",
			"password_confirmation": "secret123", "captcha_token": h.solve(t)}}).want(t, 201)
		if got := obj(r.json, "data")["username"]; got != "အောင်အောင်" {
			t.Fatalf("username stored as %q", got)
		}
	})

	t.Run("an admin's message", func(t *testing.T) {
		admin, b := h.admin(t), h.buyer(t, 0)
		h.do(t, authReq{method: "POST", path: fmt.Sprintf("/api/messages/user/%d", b.ID), token: admin.token,
			body: map[string]any{"title": "ေငြျပန္အမ္းေပးပါ", "body": "ကုဒ္အလုပ္မလုပ္ပါ\r\nေက်းဇူးတင္ပါတယ္"}}).want(t, 201)
		r := h.do(t, authReq{method: "GET", path: fmt.Sprintf("/api/message/%d", b.ID), token: b.token}).want(t, 200)
		list, _ := r.json["messages"].([]any)
		m, _ := list[0].(map[string]any)
		if m["title"] != "ငွေပြန်အမ်းပေးပါ" || m["body"] != "ကုဒ်အလုပ်မလုပ်ပါ\nကျေးဇူးတင်ပါတယ်" {
			t.Fatalf("stored %q / %q", m["title"], m["body"])
		}
	})

	t.Run("search", func(t *testing.T) {
		names := func(q string) (string, []string) {
			r := h.do(t, authReq{method: "GET", path: "/api/search?q=" + url.QueryEscape(q)}).want(t, 200)
			d := r.data()
			var out []string
			for _, p := range pageData(authResult{json: map[string]any{"data": d["products"]}}) {
				out = append(out, p.(map[string]any)["name"].(string))
			}
			query, _ := d["query"].(string)
			return query, out
		}
		for _, tc := range []struct{ zawgyi, unicode string }{{"ပါ့ဘ္ဂ်ီ", "ပါ့ဘ်ဂျီ"}, {"စိန္", "စိန်"}} {
			uq, want := names(tc.unicode)
			zq, got := names(tc.zawgyi)
			if len(want) == 0 || strings.Join(got, "|") != strings.Join(want, "|") {
				t.Errorf("%s found %v, %s found %v", tc.zawgyi, got, tc.unicode, want)
			}
			if zq != uq {
				t.Errorf("the Zawgyi query was searched as %q, want %q", zq, uq)
			}
		}
	})
}
