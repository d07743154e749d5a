package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"unicode/utf8"

	"github.com/gofiber/fiber/v2"

	"topup/internal/i18n"
)

// Request bodies are decoded strictly (docs/architecture.md#the-api-contract). encoding/json on its own
// matches keys case-insensitively, lets the last of two duplicate keys win
// and turns invalid UTF-8 into U+FFFD, so a body can mean one thing to a
// proxy or a log reader and another to us. decodeJSON first walks the
// tokens against the target type — exact key names, no duplicates, bounded
// depth — and only then lets encoding/json fill the value.

// maxJSONDepth bounds nesting; no request of ours nests deeper than a few
// levels, and a deep [[[[ body is an attack on the decoder.
const maxJSONDepth = 32

// Messages for bodies that cannot be read; field rules are in validate.go.
const ()

// decodeJSON reads the request's JSON body into dst (a pointer to a struct)
// strictly. It answers *Error: 415 for another content type or none (a
// page on another site can POST a body without one, e.g. fetch with an
// untyped Blob, as a "simple" request that needs no CORS consent); 400 for an
// empty, malformed or ambiguous body (syntax error, duplicate key, trailing
// data, not an object); 422 naming the field for an unknown key or a value
// of the wrong type.
func decodeJSON(c *fiber.Ctx, dst any) error {
	mt, _, err := mime.ParseMediaType(c.Get(fiber.HeaderContentType))
	if err != nil || (mt != fiber.MIMEApplicationJSON && !strings.HasSuffix(mt, "+json")) {
		return &Error{Status: http.StatusUnsupportedMediaType, Code: i18n.UnsupportedMedia, Text: i18n.T(i18n.BodyContentType)}
	}
	return decodeJSONBytes(c.Body(), dst)
}

// decodeJSONBytes is decodeJSON for a body already in hand.
func decodeJSONBytes(body []byte, dst any) error {
	if len(bytes.TrimSpace(body)) == 0 {
		return Fail(http.StatusBadRequest, i18n.BodyNotJSON)
	}
	if !utf8.Valid(body) {
		return Fail(http.StatusBadRequest, i18n.BodyEncoding)
	}
	rt := reflect.TypeOf(dst)
	if rt == nil || rt.Kind() != reflect.Pointer {
		panic("decodeJSON: dst must be a pointer")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	w := walker{dec: dec}
	if err := w.value(rt.Elem(), "", 0, true); err != nil {
		return err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return Fail(http.StatusBadRequest, i18n.BodyNotJSON)
	}

	strict := json.NewDecoder(bytes.NewReader(body))
	strict.DisallowUnknownFields()
	if err := strict.Decode(dst); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) && typeErr.Field != "" {
			return Invalid(fieldsErr(jsonPath(rt.Elem(), typeErr.Field), typeMessage(typeErr.Type)))
		}
		return Fail(http.StatusBadRequest, i18n.BodyNotJSON)
	}
	return nil
}

// jsonPath turns encoding/json's error path, which names embedded structs
// by their Go type ("Base.id"), into the client's field path ("id").
func jsonPath(t reflect.Type, goPath string) string {
	var out []string
	for _, seg := range strings.Split(goPath, ".") {
		for t != nil && (t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map) {
			t = t.Elem()
		}
		if t != nil && t.Kind() == reflect.Struct {
			if f, ok := t.FieldByName(seg); ok && f.Anonymous && f.Tag.Get("json") == "" {
				t = f.Type
				continue
			}
			t = jsonFields(t)[seg]
		}
		out = append(out, seg)
	}
	return strings.Join(out, ".")
}

// typeMessage says what a field should have held.
func typeMessage(t reflect.Type) i18n.Code {
	switch t.Kind() {
	case reflect.String:
		return i18n.FieldString
	case reflect.Bool:
		return i18n.FieldBoolean
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return i18n.FieldInteger
	case reflect.Float32, reflect.Float64:
		return i18n.FieldNumber
	case reflect.Slice, reflect.Array:
		return i18n.FieldList
	default:
		return i18n.FieldType
	}
}

// walker checks a token stream against a Go type.
type walker struct{ dec *json.Decoder }

func (w walker) fail(status int, code i18n.Code, kv ...any) error { return Fail(status, code, kv...) }

// value consumes one JSON value. t guides key checks where it is a struct
// (or a pointer, slice or map leading to one); elsewhere keys are only
// checked for duplicates. top demands an object at the top level.
func (w walker) value(t reflect.Type, path string, depth int, top bool) error {
	if depth > maxJSONDepth {
		return w.fail(http.StatusBadRequest, i18n.BodyTooDeep)
	}
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	tok, err := w.dec.Token()
	if err != nil {
		return w.fail(http.StatusBadRequest, i18n.BodyNotJSON)
	}
	delim, isDelim := tok.(json.Delim)
	if top && (!isDelim || delim != '{') && t != nil && t.Kind() == reflect.Struct {
		return w.fail(http.StatusBadRequest, i18n.BodyNotJSON)
	}
	if !isDelim {
		// A scalar; encoding/json checks its type. A string may hold an
		// escaped NUL (\u0000), which no text column can store.
		if str, ok := tok.(string); ok && !cleanString(str) {
			return fieldEncodingError(path)
		}
		return nil
	}
	switch delim {
	case '{':
		return w.object(t, path, depth)
	case '[':
		var elem reflect.Type
		if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
			elem = t.Elem()
		}
		for w.dec.More() {
			if err := w.value(elem, path, depth+1, false); err != nil {
				return err
			}
		}
		_, err := w.dec.Token() // ']'
		if err != nil {
			return w.fail(http.StatusBadRequest, i18n.BodyNotJSON)
		}
	}
	return nil
}

func (w walker) object(t reflect.Type, path string, depth int) error {
	var fields map[string]reflect.Type
	var elem reflect.Type
	if t != nil && !implementsUnmarshaler(t) {
		switch t.Kind() {
		case reflect.Struct:
			fields = jsonFields(t)
		case reflect.Map:
			elem = t.Elem()
		}
	}
	seen := map[string]bool{}
	for w.dec.More() {
		tok, err := w.dec.Token()
		if err != nil {
			return w.fail(http.StatusBadRequest, i18n.BodyNotJSON)
		}
		key, _ := tok.(string)
		if !cleanString(key) {
			return encodingError("")
		}
		// For struct fields, case-folded: encoding/json would fold
		// "Password" onto "password" and let the later one win. Map keys
		// are compared as they are.
		seenKey := key
		if fields != nil {
			seenKey = strings.ToLower(key)
		}
		if seen[seenKey] {
			return w.fail(http.StatusBadRequest, i18n.BodyRepeatsField, "field", key)
		}
		seen[seenKey] = true
		name := key
		if path != "" {
			name = path + "." + key
		}
		next := elem
		if fields != nil {
			ft, ok := fields[key]
			if !ok {
				return Invalid(fieldsErr(name, i18n.FieldUnknown))
			}
			next = ft
		}
		if err := w.value(next, name, depth+1, false); err != nil {
			return err
		}
	}
	if _, err := w.dec.Token(); err != nil { // '}'
		return w.fail(http.StatusBadRequest, i18n.BodyNotJSON)
	}
	return nil
}

var (
	jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshaler = reflect.TypeFor[interface{ UnmarshalText([]byte) error }]()
)

// implementsUnmarshaler: types that decode themselves (json.RawMessage,
// time.Time) get no key checks from us.
func implementsUnmarshaler(t reflect.Type) bool {
	pt := reflect.PointerTo(t)
	return t.Implements(jsonUnmarshaler) || pt.Implements(jsonUnmarshaler) ||
		t.Implements(textUnmarshaler) || pt.Implements(textUnmarshaler)
}

// jsonFields maps the exact JSON names of a struct's fields, as
// encoding/json sees them (embedded structs promoted), to their types.
func jsonFields(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				for k, v := range jsonFields(ft) {
					if _, ok := out[k]; !ok {
						out[k] = v
					}
				}
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out[name] = f.Type
	}
	return out
}

// decodeBody reads a JSON or a form-encoded body (what pusher-js and
// laravel-echo send to /broadcasting/auth) into dst. Form values fill
// string fields by their json names, with the same strictness: no unknown
// and no repeated fields.
func decodeBody(c *fiber.Ctx, dst any) error {
	mt, _, _ := mime.ParseMediaType(c.Get(fiber.HeaderContentType))
	if mt != fiber.MIMEApplicationForm {
		return decodeJSON(c, dst)
	}
	if !utf8.Valid(c.Body()) {
		return Fail(http.StatusBadRequest, i18n.BodyEncoding)
	}
	values, err := url.ParseQuery(string(c.Body()))
	if err != nil {
		return Fail(http.StatusBadRequest, i18n.BodyNotForm)
	}
	rv := reflect.ValueOf(dst).Elem()
	fields := formFields(rv)
	for key, list := range values {
		if !cleanString(key) {
			return encodingError("")
		}
		if len(list) == 1 && !cleanString(list[0]) {
			return fieldEncodingError(key)
		}
		f, ok := fields[key]
		if !ok {
			return Invalid(fieldsErr(key, i18n.FieldUnknown))
		}
		if len(list) > 1 {
			return Fail(http.StatusBadRequest, i18n.BodyRepeatsField, "field", key)
		}
		f.SetString(list[0])
	}
	return nil
}

// formFields maps json names to the settable string fields of a struct.
func formFields(rv reflect.Value) map[string]reflect.Value {
	out := map[string]reflect.Value{}
	rt := rv.Type()
	for i := range rt.NumField() {
		f := rt.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if !f.IsExported() || name == "" || name == "-" || f.Type.Kind() != reflect.String {
			continue
		}
		out[name] = rv.Field(i)
	}
	return out
}
