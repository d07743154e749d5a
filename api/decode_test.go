package api

import (
	"encoding/json"
	"errors"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v2"
)

type decodeItem struct {
	SKU string `json:"sku"`
	Qty int    `json:"qty"`
}

type decodeBase struct {
	ID int64 `json:"id"`
}

type decodeTarget struct {
	decodeBase
	Name    string            `json:"name"`
	Email   *string           `json:"email,omitempty"`
	Items   []decodeItem      `json:"items"`
	Labels  map[string]string `json:"labels"`
	Raw     json.RawMessage   `json:"raw"`
	Skipped string            `json:"-"`
	NoTag   string
}

func TestDecodeJSONBytes(t *testing.T) {
	tests := []struct {
		name   string
		body   string
		status int    // 0: accepted
		field  string // for 422
		msg    string // part of the message
	}{
		{"all fields", `{"id":7,"name":"မောင်","email":"a@b.c","items":[{"sku":"x","qty":2}],"labels":{"Any":"x"},"raw":{"Free":1,"free":2},"NoTag":"n"}`, 0, "", ""},
		{"null values", `{"name":null,"email":null,"items":null}`, 0, "", ""},
		{"empty object", `{}`, 0, "", ""},
		{"unknown field", `{"name":"a","admin":true}`, 422, "admin", "not allowed"},
		{"case-variant field", `{"Name":"a"}`, 422, "Name", "not allowed"},
		{"skipped field is unknown", `{"Skipped":"a"}`, 422, "Skipped", "not allowed"},
		{"unknown nested field", `{"items":[{"sku":"x","price":1}]}`, 422, "items.price", "not allowed"},
		{"duplicate key", `{"name":"a","name":"b"}`, 400, "", `repeats the field "name"`},
		{"duplicate by case", `{"name":"a","NAME":"b"}`, 400, "", "repeats"},
		{"duplicate nested", `{"items":[{"sku":"a","sku":"b"}]}`, 400, "", "repeats"},
		{"duplicate in a map", `{"labels":{"a":"1","a":"2"}}`, 400, "", "repeats"},
		{"wrong type string", `{"name":5}`, 422, "name", "must be a string"},
		{"wrong type number", `{"id":"7"}`, 422, "id", "whole number"},
		{"fraction for integer", `{"items":[{"qty":1.5}]}`, 422, "items.qty", "whole number"},
		{"wrong type list", `{"items":{}}`, 422, "items", "must be a list"},
		{"array body", `[{"name":"a"}]`, 400, "", "JSON object"},
		{"string body", `"name"`, 400, "", "JSON object"},
		{"empty", ``, 400, "", "JSON object"},
		{"whitespace", "  \n", 400, "", "JSON object"},
		{"syntax error", `{"name":}`, 400, "", "JSON object"},
		{"truncated", `{"name":"a"`, 400, "", "JSON object"},
		{"trailing data", `{"name":"a"} {"name":"b"}`, 400, "", "JSON object"},
		{"invalid UTF-8", "{\"name\":\"\xff\"}", 400, "", "UTF-8"},
		{"too deep", `{"raw":` + strings.Repeat("[", 40) + strings.Repeat("]", 40) + `}`, 400, "", "nested too deeply"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var dst decodeTarget
			err := decodeJSONBytes([]byte(tt.body), &dst)
			if tt.status == 0 {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			var e *Error
			if !errors.As(err, &e) || e.Status != tt.status {
				t.Fatalf("err = %#v, want status %d", err, tt.status)
			}
			if tt.field != "" && (len(e.Fields[tt.field]) == 0 || !strings.Contains(e.Fields[tt.field][0].String(), tt.msg)) {
				t.Fatalf("fields = %v, want %s: …%s…", e.Fields, tt.field, tt.msg)
			}
			if tt.field == "" && !strings.Contains(e.Text.String(), tt.msg) {
				t.Fatalf("message = %q, want …%s…", e.Text, tt.msg)
			}
		})
	}

	t.Run("values land", func(t *testing.T) {
		var dst decodeTarget
		if err := decodeJSONBytes([]byte(`{"id":7,"name":"n","items":[{"sku":"x","qty":2}]}`), &dst); err != nil {
			t.Fatal(err)
		}
		if dst.ID != 7 || dst.Name != "n" || len(dst.Items) != 1 || dst.Items[0].Qty != 2 {
			t.Fatalf("%+v", dst)
		}
	})
}

func TestDecodeJSONContentType(t *testing.T) {
	tests := []struct {
		ctype  string
		status int
	}{
		{"application/json", 0},
		{"application/json; charset=utf-8", 0},
		{"application/merge-patch+json", 0},
		{"", 415}, // what a cross-site fetch with an untyped Blob sends
		{"text/plain", 415},
		{"application/x-www-form-urlencoded", 415},
	}
	for _, tt := range tests {
		t.Run(tt.ctype, func(t *testing.T) {
			app := fiber.New()
			var got error
			app.Post("/", func(c *fiber.Ctx) error {
				var dst decodeTarget
				got = decodeJSON(c, &dst)
				return nil
			})
			r := httptest.NewRequest("POST", "/", strings.NewReader(`{"name":"a"}`))
			if tt.ctype != "" {
				r.Header.Set("Content-Type", tt.ctype)
			}
			if _, err := app.Test(r, -1); err != nil {
				t.Fatal(err)
			}
			var e *Error
			if tt.status == 0 && got != nil || tt.status != 0 && (!errors.As(got, &e) || e.Status != tt.status) {
				t.Fatalf("err = %v, want status %d", got, tt.status)
			}
		})
	}
}

// FuzzStrictJSONDecode: never panics, and whatever is accepted has no key
// that encoding/json would have folded onto another.
func FuzzStrictJSONDecode(f *testing.F) {
	for _, s := range []string{`{"name":"a"}`, `{"name":"a","NAME":"b"}`, `{"items":[{"sku":"x"}]}`, `[]`, `{"raw":[[[]]]}`, "{\"name\":\"\\u0000\"}"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		var dst decodeTarget
		if err := decodeJSONBytes(body, &dst); err != nil {
			var e *Error
			if !errors.As(err, &e) || (e.Status != 400 && e.Status != 422) {
				t.Fatalf("unexpected error %v", err)
			}
			return
		}
		var generic map[string]any
		if err := json.Unmarshal(body, &generic); err != nil {
			t.Fatalf("accepted what encoding/json cannot read: %v", err)
		}
		for k := range generic {
			if _, ok := jsonFields(reflect.TypeOf(dst))[k]; !ok {
				t.Fatalf("accepted unknown key %q", k)
			}
		}
	})
}
