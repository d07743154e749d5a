package api_test

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"topup/internal/receipts"
)

// The bounds: 64 KB of JSON; the multipart body the upload routes take, a
// 10 MB file and 64 KB of envelope.
const (
	jsonBound   = 64 * 1024
	uploadBound = 10*1024*1024 + 64*1024
)

// paddedJSON is a JSON object of exactly n bytes (whitespace before '}').
func paddedJSON(t *testing.T, obj string, n int) string {
	t.Helper()
	if len(obj) > n {
		t.Fatalf("object %q is longer than %d", obj, n)
	}
	return obj[:len(obj)-1] + strings.Repeat(" ", n-len(obj)) + "}"
}

// paddedForm is a multipart form with a file part and a "pad" field that
// makes the whole body exactly n bytes.
func paddedForm(t *testing.T, file []byte, n int) (string, string) {
	t.Helper()
	build := func(pad int) (string, string) {
		var b bytes.Buffer
		w := multipart.NewWriter(&b)
		w.SetBoundary("bound")
		part, err := w.CreateFormFile("file", "receipt.png")
		if err != nil {
			t.Fatal(err)
		}
		part.Write(file)
		w.WriteField("pad", strings.Repeat("p", pad))
		w.Close()
		return b.String(), w.FormDataContentType()
	}
	empty, _ := build(0)
	if len(empty) > n {
		t.Fatalf("a form with the file alone is %d bytes, more than %d", len(empty), n)
	}
	body, ctype := build(n - len(empty))
	if len(body) != n {
		t.Fatalf("form is %d bytes, want %d", len(body), n)
	}
	return body, ctype
}

// Every route bounds its body: JSON calls at 64 KB, the upload routes'
// multipart forms at 10 MB (plus the envelope); one byte over is 413
// body_too_large in the error shape, up to the bound is served as usual.
func TestBodyBounds(t *testing.T) {
	h := newAdminHarness(t)
	customer := h.buyer(t, 0)
	login := `{"phone_number":"09420000999","password":"not-it-1"}`
	var serviceID int64
	if err := h.db.SQL().Get(&serviceID, `SELECT id FROM services WHERE slug = 'top-up'`); err != nil {
		t.Fatal(err)
	}
	service := fmt.Sprintf("/api/admin/services/%d", serviceID)
	bigPNG := append(receiptPNG(t), make([]byte, receipts.MaxBytes-1-len(receiptPNG(t)))...)

	tests := []struct {
		name, token, method, path string
		body, ctype               string
		status                    int
	}{
		{"login at 64 KB", "", "POST", "/api/login", paddedJSON(t, login, jsonBound), "application/json", http.StatusUnauthorized},
		{"login over 64 KB", "", "POST", "/api/login", paddedJSON(t, login, jsonBound+1), "application/json", http.StatusRequestEntityTooLarge},
		{"admin JSON at 64 KB", h.boss.token, "PATCH", service, paddedJSON(t, `{"sort":3}`, jsonBound), "application/json", http.StatusOK},
		{"admin JSON over 64 KB", h.boss.token, "PATCH", service, paddedJSON(t, `{"sort":3}`, jsonBound+1), "application/json", http.StatusRequestEntityTooLarge},
		{"a form is not an upload on a JSON route", "", "POST", "/api/login", "", "form", http.StatusRequestEntityTooLarge},
		{"JSON on an upload route over 64 KB", customer.token, "POST", "/api/uploads", paddedJSON(t, `{"file":1}`, jsonBound+1), "application/json", http.StatusRequestEntityTooLarge},
		{"receipt of 10 MB less a byte", customer.token, "POST", "/api/uploads", "", "big receipt", http.StatusCreated},
		{"receipt form at the bound", customer.token, "POST", "/api/uploads", "", "form at bound", http.StatusCreated},
		{"receipt form over the bound", customer.token, "POST", "/api/uploads", "", "form over bound", http.StatusRequestEntityTooLarge},
		{"admin image form at the bound", h.boss.token, "POST", "/api/admin/media", "", "form at bound", http.StatusCreated},
		{"admin image form over the bound", h.boss.token, "POST", "/api/admin/media", "", "form over bound", http.StatusRequestEntityTooLarge},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			body, ctype := tc.body, tc.ctype
			switch tc.ctype {
			case "form":
				body, ctype = paddedForm(t, receiptPNG(t), 100*1024)
			case "big receipt":
				body, ctype = multipartFile(t, "file", "receipt.png", "image/png", bigPNG)
			case "form at bound":
				body, ctype = paddedForm(t, receiptPNG(t), uploadBound)
			case "form over bound":
				body, ctype = paddedForm(t, receiptPNG(t), uploadBound+1)
			}
			r := h.do(t, authReq{method: tc.method, path: tc.path, raw: body, contentType: ctype, token: tc.token})
			if r.status != tc.status {
				t.Fatalf("%d-byte body: status %d, want %d; %.300s", len(body), r.status, tc.status, r.body)
			}
			if tc.status == http.StatusRequestEntityTooLarge && (r.str("code") != "body_too_large" || r.json["success"] != false) {
				t.Fatalf("413 not in the error shape with code body_too_large: %.300s", r.body)
			}
		})
	}
}
