package api_test

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// failure checks an error answer's contract shape: the status, success
// false, the stable code, a message, and (when field is not "") a message
// under that field.
func (r authResult) failure(t *testing.T, status int, code, field string) authResult {
	t.Helper()
	r.want(t, status)
	if r.json["success"] != false || r.str("code") != code || r.str("message") == "" {
		t.Fatalf("want success:false code %q with a message; got %s", code, r.body)
	}
	if field != "" && r.fieldError(field) == "" {
		t.Fatalf("want an error under %q; got %s", field, r.body)
	}
	return r
}

func TestAccountPassword(t *testing.T) {
	h := newAuthHarness(t)
	u := h.user(t, "pat", "09791234001", "old-secret", false)
	phone := "09791234001"
	here := h.login(t, phone, "old-secret")
	there := h.login(t, phone, "old-secret")
	change := func(body map[string]string) authResult {
		return h.do(t, authReq{method: "PUT", path: "/api/account/password", token: here, body: body})
	}

	change(map[string]string{"current_password": "wrong-one", "password": "new-secret", "password_confirmation": "new-secret"}).
		failure(t, 422, "wrong_password", "current_password")
	change(map[string]string{"current_password": "old-secret", "password": "abc", "password_confirmation": "abc"}).
		failure(t, 422, "weak_password", "password")
	change(map[string]string{"current_password": "old-secret", "password": "new-secret", "password_confirmation": "new-secreT"}).
		failure(t, 422, "invalid", "password_confirmation")
	change(map[string]string{"password": "new-secret", "password_confirmation": "new-secret"}).
		failure(t, 422, "invalid", "current_password")
	h.do(t, authReq{method: "PUT", path: "/api/account/password", body: map[string]string{}}).failure(t, 401, "unauthenticated", "")
	// Nothing was changed by the refusals.
	h.do(t, authReq{method: "GET", path: fmt.Sprintf("/api/user/%d", u.ID), token: there}).want(t, 200)

	r := change(map[string]string{"current_password": "old-secret", "password": "new-secret", "password_confirmation": "new-secret"}).want(t, 200)
	if r.data()["revoked"] != float64(1) {
		t.Fatalf("revoked %v", r.body)
	}
	// The other session fails at once; this one goes on; the new password
	// signs in and the old does not.
	h.do(t, authReq{method: "GET", path: fmt.Sprintf("/api/user/%d", u.ID), token: there}).failure(t, 401, "unauthenticated", "")
	h.do(t, authReq{method: "GET", path: fmt.Sprintf("/api/user/%d", u.ID), token: here}).want(t, 200)
	h.clock.Advance(time.Minute)
	h.do(t, authReq{method: "POST", path: "/api/login", ip: "10.9.9.9",
		body: map[string]string{"phone_number": phone, "password": "old-secret"}}).want(t, 401)
	h.login(t, phone, "new-secret")
}

func TestAccountSessions(t *testing.T) {
	h := newAuthHarness(t)
	h.user(t, "alice", "09791234002", "secret-a", false)
	h.user(t, "bob", "09791234003", "secret-b", false)
	iphone := "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"
	h.clock.Advance(time.Minute)
	r := h.do(t, authReq{method: "POST", path: "/api/login", ip: "203.0.113.9", header: map[string]string{"User-Agent": iphone},
		body: map[string]string{"phone_number": "09791234002", "password": "secret-a"}}).want(t, 200)
	phoneTok := r.str("token")
	desk := h.login(t, "09791234002", "secret-a")
	bobTok := h.login(t, "09791234003", "secret-b")

	list := func(tok string) []any {
		r := h.do(t, authReq{method: "GET", path: "/api/account/sessions", token: tok}).want(t, 200)
		items, _ := r.json["data"].([]any)
		return items
	}
	items := list(desk)
	if len(items) != 2 {
		t.Fatalf("sessions %v", items)
	}
	var phoneID, deskID float64
	for _, it := range items {
		s := it.(map[string]any)
		if s["current"] == true {
			deskID = s["id"].(float64)
			continue
		}
		phoneID = s["id"].(float64)
		if s["browser"] != "Safari 17" || s["os"] != "iOS 17.4" || s["device"] != "phone" || s["ip"] != "203.0.113.9" || s["last_used_at"] == nil {
			t.Fatalf("iPhone session %v", s)
		}
	}
	if deskID == 0 || phoneID == 0 {
		t.Fatalf("this device not marked: %v", items)
	}

	bobSessions := list(bobTok)
	bobID := bobSessions[0].(map[string]any)["id"].(float64)
	revoke := func(tok string, id any) authResult {
		return h.do(t, authReq{method: "DELETE", path: fmt.Sprintf("/api/account/sessions/%v", id), token: tok})
	}
	revoke(desk, int64(bobID)).failure(t, 404, "not_found", "")
	revoke(desk, "abc").failure(t, 404, "not_found", "")
	revoke(desk, 99999999).failure(t, 404, "not_found", "")
	h.do(t, authReq{method: "GET", path: "/api/account/sessions", token: bobTok}).want(t, 200)

	// The phone's session is in the server's cache now; revoking it must
	// still refuse its very next request.
	h.do(t, authReq{method: "GET", path: "/api/account/sessions", token: phoneTok}).want(t, 200)
	revoke(desk, int64(phoneID)).want(t, 200)
	h.do(t, authReq{method: "GET", path: "/api/account/sessions", token: phoneTok}).failure(t, 401, "unauthenticated", "")
	revoke(desk, int64(phoneID)).failure(t, 404, "not_found", "")
	if n := len(list(desk)); n != 1 {
		t.Fatalf("%d sessions left", n)
	}

	other := h.login(t, "09791234002", "secret-a")
	r = h.do(t, authReq{method: "POST", path: "/api/account/sessions/revoke-others", token: desk}).want(t, 200)
	if r.data()["revoked"] != float64(1) {
		t.Fatalf("revoke others %s", r.body)
	}
	h.do(t, authReq{method: "GET", path: "/api/account/sessions", token: other}).want(t, 401)
}

func TestAccountEmailAndLocale(t *testing.T) {
	h := newAuthHarness(t)
	u := h.user(t, "erin", "09791234004", "secret-e", false)
	h.user(t, "frank", "09791234005", "secret-f", false)
	tok := h.login(t, "09791234004", "secret-e")
	email := func(body map[string]string) authResult {
		return h.do(t, authReq{method: "PUT", path: "/api/account/email", token: tok, body: body})
	}
	email(map[string]string{"email": "FRANK@example.com", "password": "secret-e"}).failure(t, 422, "email_taken", "email")
	email(map[string]string{"email": "not-an-address", "password": "secret-e"}).failure(t, 422, "invalid", "email")
	email(map[string]string{"email": "erin@new.example", "password": "nope"}).failure(t, 422, "wrong_password", "password")
	email(map[string]string{"email": "erin@new.example"}).failure(t, 422, "invalid", "password")
	r := email(map[string]string{"email": "erin@new.example", "password": "secret-e"}).want(t, 200)
	if r.data()["email"] != "erin@new.example" {
		t.Fatalf("email %s", r.body)
	}

	locale := func(l string) authResult {
		return h.do(t, authReq{method: "PUT", path: "/api/account/locale", token: tok, body: map[string]string{"locale": l}})
	}
	locale("fr").failure(t, 422, "invalid_locale", "locale")
	locale("").failure(t, 422, "invalid_locale", "locale")
	locale("en").want(t, 200)
	// Another device reads it with the session.
	other := h.login(t, "09791234004", "secret-e")
	r = h.do(t, authReq{method: "GET", path: fmt.Sprintf("/api/user/%d", u.ID), token: other}).want(t, 200)
	if r.data()["locale"] != "en" {
		t.Fatalf("locale %s", r.body)
	}
	r = h.do(t, authReq{method: "POST", path: "/api/login", ip: "10.9.9.9",
		body: map[string]string{"phone_number": "09791234004", "password": "secret-e"}}).want(t, 200)
	if user, _ := r.json["user"].(map[string]any); user["locale"] != "en" {
		t.Fatalf("login user %s", r.body)
	}
}

func TestAccountPhone(t *testing.T) {
	h := newAuthHarness(t)
	h.user(t, "gina", "09791234006", "secret-g", false)
	h.user(t, "hank", "09791234007", "secret-h", false)
	tok := h.login(t, "09791234006", "secret-g")
	hankTok := h.login(t, "09791234007", "secret-h")
	sendAs := func(tok, number string, body map[string]string) authResult {
		body["phone_number"] = number
		return h.do(t, authReq{method: "POST", path: "/api/account/phone/code", token: tok, body: body})
	}
	send := func(tok, number string) authResult {
		pw := map[string]string{tok: "secret-g", hankTok: "secret-h"}[tok]
		return sendAs(tok, number, map[string]string{"current_password": pw})
	}
	change := func(tok, number, code string) authResult {
		return h.do(t, authReq{method: "PUT", path: "/api/account/phone", token: tok,
			body: map[string]string{"phone_number": number, "code": code}})
	}
	// A stolen session (or an unlocked shared phone) must not move the
	// number the password reset texts: the password comes first, before an
	// SMS is spent.
	sendAs(tok, "09791234008", map[string]string{}).failure(t, 422, "wrong_password", "current_password")
	sendAs(tok, "09791234008", map[string]string{"current_password": "secret-h"}).
		failure(t, 422, "wrong_password", "current_password")
	if n := len(h.sms.sent); n != 0 {
		t.Fatalf("%d SMS sent without the password", n)
	}
	send(tok, "12ab").failure(t, 422, "invalid_phone", "phone_number")
	send(tok, "09791234006").failure(t, 422, "same_phone", "phone_number")
	send(tok, "09791234007").failure(t, 422, "phone_in_use", "phone_number")
	send(tok, "+14155550100").failure(t, 422, "phone_country_unsupported", "phone_number")
	change(tok, "09791234008", "123456").failure(t, 422, "otp_not_requested", "code")

	send(tok, "09791234008").want(t, 200)
	if n := len(h.sms.sent); n != 1 {
		t.Fatalf("%d SMS sent for one code", n)
	}
	code := h.sms.lastCode(t, "+959791234008")
	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	change(tok, "09791234008", wrong).failure(t, 422, "otp_invalid", "code")
	change(tok, "09791234008", "12").failure(t, 422, "otp_invalid", "code")
	// Another customer with the right code still cannot take the number.
	change(hankTok, "09791234008", code).failure(t, 422, "otp_not_requested", "code")
	// The gap between two codes is the reset flow's.
	send(tok, "09791234008").failure(t, 429, "too_many_requests", "")

	r := change(tok, "09791234008", code).want(t, 200)
	if r.data()["phone_number"] != "+959791234008" {
		t.Fatalf("phone %s", r.body)
	}
	change(tok, "09791234009", code).failure(t, 422, "otp_not_requested", "code")
	h.login(t, "09791234008", "secret-g")
}

func TestAccountDeletionRequest(t *testing.T) {
	h := newAuthHarness(t)
	admin := h.user(t, "boss", "09791234010", "secret-admin", true)
	u := h.user(t, "ivy", "09791234011", "secret-i", false)
	tok := h.login(t, "09791234011", "secret-i")
	adminTok := h.login(t, "09791234010", "secret-admin")
	ctx := context.Background()
	if _, err := h.db.AdjustWallet(ctx, u.ID, 1500, admin.ID, "gift", "gift-ivy"); err != nil {
		t.Fatal(err)
	}
	request := func(pw string) authResult {
		return h.do(t, authReq{method: "POST", path: "/api/account/deletion", token: tok, body: map[string]string{"password": pw}})
	}
	complete := func() authResult {
		return h.do(t, authReq{method: "POST", path: fmt.Sprintf("/api/admin/users/%d/delete", u.ID), token: adminTok})
	}
	request("").failure(t, 422, "invalid", "password")
	request("nope").failure(t, 422, "wrong_password", "password")
	r := request("secret-i").failure(t, 422, "balance_not_zero", "")
	if want := "Your wallet still holds 1,500 Ks. Spend it or ask for a refund before deleting your account."; r.str("message") != want {
		t.Fatalf("message %q", r.str("message"))
	}
	complete().failure(t, 409, "deletion_not_requested", "")
	h.do(t, authReq{method: "DELETE", path: "/api/account/deletion", token: tok}).failure(t, 409, "deletion_not_requested", "")
	h.do(t, authReq{method: "POST", path: fmt.Sprintf("/api/admin/users/%d/delete", u.ID), token: tok}).failure(t, 403, "forbidden", "")
	h.do(t, authReq{method: "POST", path: "/api/admin/users/999999/delete", token: adminTok}).failure(t, 404, "not_found", "")

	if _, err := h.db.AdjustWallet(ctx, u.ID, -1500, admin.ID, "paid out", "gift-ivy-back"); err != nil {
		t.Fatal(err)
	}
	r = request("secret-i").want(t, 200)
	if r.data()["deletion_requested_at"] == nil {
		t.Fatalf("request %s", r.body)
	}
	r = h.do(t, authReq{method: "GET", path: "/api/admin/account-deletions", token: adminTok}).want(t, 200)
	if items, _ := r.json["data"].([]any); len(items) != 1 || items[0].(map[string]any)["user_id"] != float64(u.ID) {
		t.Fatalf("queue %s", r.body)
	}
	complete().want(t, 200)
	h.do(t, authReq{method: "GET", path: "/api/account/sessions", token: tok}).failure(t, 401, "unauthenticated", "")
	h.clock.Advance(time.Minute)
	h.do(t, authReq{method: "POST", path: "/api/login", ip: "10.9.9.9",
		body: map[string]string{"phone_number": "09791234011", "password": "secret-i"}}).want(t, 401)
	got, err := h.db.UserByID(ctx, u.ID)
	if err != nil || got.Email != nil || got.Phone == u.Phone {
		t.Fatalf("not anonymised: %+v %v", got, err)
	}
	complete().failure(t, 409, "deletion_not_requested", "")
}
