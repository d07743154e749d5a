package api_test

import (
	"net/http"
	"testing"
)

// Text that cannot be stored is refused in the error shape before any
// handler runs: never a 500 from PostgreSQL.
func TestRequestTextIsChecked(t *testing.T) {
	h := newAdminHarness(t)
	tests := []struct {
		name   string
		req    authReq
		status int
		field  string
	}{
		{"NUL in the search", authReq{method: "GET", path: "/api/search?q=a%00b"}, 400, "q"},
		{"bytes that are not UTF-8 in the search", authReq{method: "GET", path: "/api/search?q=%ff%fe"}, 400, "q"},
		{"NUL in a product filter", authReq{method: "GET", path: "/api/products?q=%00"}, 400, "q"},
		{"NUL in an admin user search", authReq{method: "GET", path: "/api/admin/users?q=%00", token: h.boss.token}, 400, "q"},
		{"invalid UTF-8 in an admin order search", authReq{method: "GET", path: "/api/admin/orders?q=%c3", token: h.boss.token}, 400, "q"},
		{"NUL in a parameter name", authReq{method: "GET", path: "/api/products?a%00=1"}, 400, ""},
		{"NUL in the path", authReq{method: "GET", path: "/api/products/1%00"}, 400, ""},
		{"invalid UTF-8 in the path", authReq{method: "GET", path: "/api/user/%ff", token: h.boss.token}, 400, ""},
		{"NUL in a header", authReq{method: "GET", path: "/api/products", header: map[string]string{"X-Anything": "a\x00b"}}, 400, "header:X-Anything"},
		{"Latin-1 in a header", authReq{method: "GET", path: "/api/products", header: map[string]string{"User-Agent": "caf\xe9"}}, 400, "header:User-Agent"},
		{"Burmese in the search is text", authReq{method: "GET", path: "/api/search?q=%E1%80%85%E1%80%AD%E1%80%94%E1%80%BA"}, 200, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := h.do(t, tt.req).want(t, tt.status)
			if tt.status == http.StatusOK {
				return
			}
			if r.str("code") != "invalid_encoding" || r.str("message") == "" {
				t.Fatalf("answer %s", r.body)
			}
			if tt.field != "" && r.fieldError(tt.field) == "" {
				t.Fatalf("no %s error in %s", tt.field, r.body)
			}
		})
	}
}

// JSON and form fields are checked by their decoders: an escaped NUL is
// valid JSON but no text column can hold it.
func TestBodyTextIsChecked(t *testing.T) {
	h := newAdminHarness(t)
	c := h.buyer(t, 0)
	tests := []struct {
		name   string
		req    authReq
		status int
		field  string
	}{
		{"login identifier", authReq{method: "POST", path: "/api/login", raw: `{"phone_number":"a\u0000b@x.com","password":"x"}`, contentType: "application/json"}, 422, "phone_number"},
		{"register username", authReq{method: "POST", path: "/api/register", raw: `{"username":"a\u0000","phone_number":"09420000999","password":"secret1","password_confirmation":"secret1"}`, contentType: "application/json"}, 422, "username"},
		{"OTP phone", authReq{method: "POST", path: "/api/otp/send", raw: `{"phone_number":"\u0000"}`, contentType: "application/json"}, 422, "phone_number"},
		{"a key", authReq{method: "POST", path: "/api/login", raw: `{"pass\u0000word":"x"}`, contentType: "application/json"}, 400, ""},
		{"a nested value", authReq{method: "POST", path: "/api/admin/products/1/codes", token: h.boss.token, raw: `{"codes":["ok","a\u0000"]}`, contentType: "application/json"}, 422, "codes"},
		{"a review", authReq{method: "POST", path: "/api/reviews", token: c.token, raw: `{"order_id":1,"rating":5,"comment":"\u0000"}`, contentType: "application/json"}, 422, "comment"},
		{"a form value", authReq{method: "POST", path: "/api/broadcasting/auth", token: c.token, raw: "socket_id=1.2&channel_name=a%00", contentType: "application/x-www-form-urlencoded"}, 422, "channel_name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := h.do(t, tt.req).want(t, tt.status)
			if r.str("code") != "invalid_encoding" {
				t.Fatalf("answer %s", r.body)
			}
			if tt.field != "" && r.fieldError(tt.field) == "" {
				t.Fatalf("no %s error in %s", tt.field, r.body)
			}
		})
	}
}
