package api_test

import (
	"fmt"
	"strings"
	"testing"
)

// messages lists a user's messages through the API.
func (h *shopHarness) messages(t *testing.T, b buyer) []map[string]any {
	t.Helper()
	r := h.do(t, authReq{method: "GET", path: fmt.Sprintf("/api/message/%d", b.ID), token: b.token}).want(t, 200)
	list, _ := r.json["messages"].([]any)
	out := make([]map[string]any, len(list))
	for i, m := range list {
		out[i] = m.(map[string]any)
	}
	return out
}

func TestMessagesOfAUser(t *testing.T) {
	h := newShopHarness(t)
	b := h.buyer(t, 100000)
	other := h.buyer(t, 0)
	banned := h.buyer(t, 0)
	h.ban(t, banned.User, nil)

	// A code purchase sends the code as a message about a "Code" product.
	r := h.order(t, b, map[string]any{"product_id": h.productID(t, "steam-wallet-5")}, "").want(t, 201)
	code := r.str("code")
	list := h.messages(t, b)
	if len(list) != 1 {
		t.Fatalf("messages = %v", list)
	}
	m := list[0]
	if m["title"] != code || m["is_read"] != false || m["user_id"] != float64(b.ID) || m["body"] == "" || m["created_at"] == nil {
		t.Fatalf("message = %v, want the code %s", m, code)
	}
	if obj(m, "product", "service")["name"] != "Code" {
		t.Fatalf("product.service.name = %v", obj(m, "product", "service"))
	}
	mid := int64(m["id"].(float64))

	tests := []struct {
		name   string
		method string
		path   string
		token  string
		status int
	}{
		{"list another user's messages", "GET", fmt.Sprintf("/api/message/%d", other.ID), b.token, 404},
		{"list with a bad id", "GET", "/api/message/abc", b.token, 404},
		{"list without a token", "GET", fmt.Sprintf("/api/message/%d", b.ID), "", 401},
		{"list while banned", "GET", fmt.Sprintf("/api/message/%d", banned.ID), banned.token, 403},
		{"mark another's message read", "PATCH", fmt.Sprintf("/api/messages/%d/read", mid), other.token, 404},
		{"mark a missing message read", "PATCH", "/api/messages/999999/read", b.token, 404},
		{"mark with a bad id", "PATCH", "/api/messages/x/read", b.token, 404},
		{"delete another's message", "DELETE", fmt.Sprintf("/api/messages/%d", mid), other.token, 404},
		{"delete while banned", "DELETE", fmt.Sprintf("/api/messages/%d", mid), banned.token, 403},
		{"mark read", "PATCH", fmt.Sprintf("/api/messages/%d/read", mid), b.token, 200},
		{"mark read again", "PATCH", fmt.Sprintf("/api/messages/%d/read", mid), b.token, 200},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := h.do(t, authReq{method: tc.method, path: tc.path, token: tc.token}).want(t, tc.status)
			if (r.json["success"] == true) != (tc.status == 200) {
				t.Fatalf("answer %s", r.body)
			}
		})
	}
	if list := h.messages(t, b); list[0]["is_read"] != true {
		t.Fatalf("not read: %v", list[0])
	}
	if list := h.messages(t, other); len(list) != 0 {
		t.Fatalf("other's messages = %v", list)
	}
	h.do(t, authReq{method: "DELETE", path: fmt.Sprintf("/api/messages/%d", mid), token: b.token}).want(t, 200)
	h.do(t, authReq{method: "DELETE", path: fmt.Sprintf("/api/messages/%d", mid), token: b.token}).want(t, 404)
	if list := h.messages(t, b); len(list) != 0 {
		t.Fatalf("messages after delete = %v", list)
	}
}

func TestAdminSendsMessage(t *testing.T) {
	h := newShopHarness(t)
	admin := h.admin(t)
	b := h.buyer(t, 0)
	banned := h.buyer(t, 0)
	h.ban(t, banned.User, nil)
	path := fmt.Sprintf("/api/messages/user/%d", b.ID)

	tests := []struct {
		name   string
		token  string
		path   string
		body   any
		raw    string
		status int
		field  string
	}{
		{name: "customer may not", token: b.token, path: path, body: map[string]string{"title": "Hi", "body": "x"}, status: 403},
		{name: "banned may not", token: banned.token, path: path, body: map[string]string{"title": "Hi"}, status: 403},
		{name: "no token", path: path, body: map[string]string{"title": "Hi"}, status: 401},
		{name: "bad JSON", token: admin.token, path: path, raw: `{"title":`, status: 400},
		{name: "duplicate key", token: admin.token, path: path, raw: `{"title":"a","title":"b"}`, status: 400},
		{name: "unknown field", token: admin.token, path: path, body: map[string]string{"title": "Hi", "product_id": "1"}, status: 422, field: "product_id"},
		{name: "no title", token: admin.token, path: path, body: map[string]string{"body": "text"}, status: 422, field: "title"},
		{name: "blank title", token: admin.token, path: path, body: map[string]string{"title": " \u200b "}, status: 422, field: "title"},
		{name: "long title", token: admin.token, path: path, body: map[string]string{"title": strings.Repeat("မ", 256)}, status: 422, field: "title"},
		{name: "control character", token: admin.token, path: path, body: map[string]string{"title": "a\u0000b"}, status: 422, field: "title"},
		{name: "long body", token: admin.token, path: path, body: map[string]string{"title": "Hi", "body": strings.Repeat("x", 5001)}, status: 422, field: "body"},
		{name: "unknown user", token: admin.token, path: "/api/messages/user/999999", body: map[string]string{"title": "Hi"}, status: 404},
		{name: "bad user id", token: admin.token, path: "/api/messages/user/me", body: map[string]string{"title": "Hi"}, status: 404},
		{name: "sent", token: admin.token, path: path, body: map[string]string{"title": "မင်္ဂလာပါ", "body": "Line one\r\nLine two"}, status: 201},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req := authReq{method: "POST", path: tc.path, token: tc.token, body: tc.body, raw: tc.raw}
			if tc.raw != "" {
				req.contentType = "application/json"
			}
			r := h.do(t, req).want(t, tc.status)
			if tc.field != "" && r.fieldError(tc.field) == "" {
				t.Fatalf("no error for %s: %s", tc.field, r.body)
			}
		})
	}
	list := h.messages(t, b)
	if len(list) != 1 || list[0]["title"] != "မင်္ဂလာပါ" || list[0]["body"] != "Line one\nLine two" || list[0]["product"] != nil {
		t.Fatalf("messages = %v", list)
	}
	// Delivered live: one user.message.sent waits in the outbox for the
	// customer's channel.
	var n int
	err := h.db.SQL().Get(&n, `SELECT count(*) FROM outbox WHERE event = 'user.message.sent'
		AND $1 = ANY(channels) AND payload->>'title' = 'မင်္ဂလာပါ'`, fmt.Sprintf("private-user.%d", b.ID))
	if err != nil || n != 1 {
		t.Fatalf("outbox events = %d, %v", n, err)
	}
	// Audited in the same transaction, with the admin as actor.
	err = h.db.SQL().Get(&n, `SELECT count(*) FROM audit_log WHERE action = 'message.send'
		AND actor_id = $1 AND target_id = $2 AND after->>'title' = 'မင်္ဂလာပါ'`, admin.ID, fmt.Sprint(b.ID))
	if err != nil || n != 1 {
		t.Fatalf("audit entries = %d, %v", n, err)
	}
}
