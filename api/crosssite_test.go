package api_test

import (
	"encoding/json"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
)

// A page on another site can make a visitor's browser POST without CORS
// consent only with a "simple" body: text/plain, a form, multipart, or no
// Content-Type at all (fetch with an untyped Blob). JSON endpoints refuse
// every one of them with 415 before doing anything, so such a page cannot
// send codes from its visitors' addresses or sign them up.
func TestCrossSiteSimpleBodiesAreRefused(t *testing.T) {
	h := newAuthHarness(t)
	bodies := map[string]string{
		"/api/otp/send": `{"phone_number":"09791234567"}`,
		"/api/login":    `{"phone_number":"09791234567","password":"secret123"}`,
		"/api/register": `{"username":"csrf","phone_number":"09791234567","password":"secret123","password_confirmation":"secret123"}`,
	}
	for path, body := range bodies {
		for _, ctype := range []string{"", "text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"} {
			send := body
			if strings.HasPrefix(ctype, "multipart/") { // what an HTML form would send
				send = "--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n" + body + "\r\n--x--\r\n"
			}
			req := httptest.NewRequest("POST", path, strings.NewReader(send))
			if ctype != "" {
				req.Header.Set("Content-Type", ctype)
			}
			req.Header.Set("X-Real-IP", "10.3.0.1")
			res, err := h.srv.App().Test(req, -1)
			if err != nil {
				t.Fatal(err)
			}
			raw, _ := io.ReadAll(res.Body)
			res.Body.Close()
			var out struct{ Code string }
			_ = json.Unmarshal(raw, &out)
			if res.StatusCode != 415 || out.Code != "unsupported_media_type" {
				t.Errorf("POST %s with Content-Type %q: %d %s, want 415 unsupported_media_type", path, ctype, res.StatusCode, raw)
			}
		}
	}
	if n := len(h.sms.sent); n != 0 {
		t.Fatalf("%d texts sent", n)
	}
}
