package i18n

import (
	"encoding/json"
	"fmt"
)

// Params are a text's named values: Kyat for money, Count or an integer
// for numbers, strings as they are.
type Params map[string]any

// Text is a code with its parameters: what is stored for a message and
// what an error carries until it is written in the reader's language.
type Text struct {
	Code   Code
	Params Params
}

// T makes a text from a code and name, value pairs: T(c, "amount", Kyat(5000)).
func T(code Code, kv ...any) Text {
	if len(kv)%2 != 0 {
		panic("i18n: T takes name, value pairs")
	}
	var p Params
	if len(kv) > 0 {
		p = make(Params, len(kv)/2)
		for i := 0; i < len(kv); i += 2 {
			p[kv[i].(string)] = kv[i+1]
		}
	}
	return Text{Code: code, Params: p}
}

// String is the text in English (logs, and callers with no reader).
func (t Text) String() string { return t.In(In(En)) }

// In writes the text for loc. A parameter the template names but t does
// not carry is left as {name}, so a mistake shows instead of vanishing.
func (t Text) In(loc Locale) string {
	e, ok := catalogue[t.Code.key]
	if !ok {
		return t.Code.key
	}
	tmpl, ok := e.texts[loc.Lang]
	if !ok {
		tmpl = e.texts[En]
	}
	// Templates write their own numbers ("6 characters") in Latin digits;
	// a reader of Myanmar digits gets them so, like the amounts. Only the
	// template's: parameters (ids, game ids) are written as they are.
	if loc.Lang == My && loc.MyanmarDigits {
		tmpl = myanmarNumbers(tmpl)
	}
	return paramRE.ReplaceAllStringFunc(tmpl, func(m string) string {
		sub := paramRE.FindStringSubmatch(m)
		v, ok := t.Params[sub[1]]
		if !ok {
			return m
		}
		return formatParam(loc, sub[2], v)
	})
}

// formatParam writes one value: as the template's kind says when it is a
// number, else by its Go type.
func formatParam(loc Locale, kind string, v any) string {
	if n, ok := integer(v); ok && kind == "kyat" {
		return Amount(loc, n)
	} else if ok && kind == "number" {
		return Number(loc, n)
	}
	switch n := v.(type) {
	case Kyat:
		return Amount(loc, int64(n))
	case Count:
		return Number(loc, int64(n))
	case int:
		return Number(loc, int64(n))
	case int64:
		return Number(loc, n)
	case string:
		return n
	case Text:
		return n.In(loc)
	default:
		return fmt.Sprint(v)
	}
}

// storedParam is a parameter as stored in JSON: the kind keeps an amount
// an amount when a message is read back years later.
type storedParam struct {
	Kind  string          `json:"k"`
	Value json.RawMessage `json:"v"`
}

// Marshal stores t's parameters as JSON (messages.params).
func (p Params) Marshal() ([]byte, error) {
	out := make(map[string]storedParam, len(p))
	for name, v := range p {
		kind := "s"
		switch v.(type) {
		case Kyat:
			kind = "kyat"
		case Count, int, int64:
			kind = "n"
		}
		raw, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		out[name] = storedParam{Kind: kind, Value: raw}
	}
	return json.Marshal(out)
}

// UnmarshalParams reads what Marshal stored.
func UnmarshalParams(data []byte) (Params, error) {
	if len(data) == 0 {
		return nil, nil
	}
	var in map[string]storedParam
	if err := json.Unmarshal(data, &in); err != nil {
		return nil, err
	}
	p := make(Params, len(in))
	for name, sp := range in {
		switch sp.Kind {
		case "kyat", "n":
			var n int64
			if err := json.Unmarshal(sp.Value, &n); err != nil {
				return nil, err
			}
			if sp.Kind == "kyat" {
				p[name] = Kyat(n)
			} else {
				p[name] = Count(n)
			}
		default:
			var s string
			if err := json.Unmarshal(sp.Value, &s); err != nil {
				return nil, err
			}
			p[name] = s
		}
	}
	return p, nil
}

// Wire is params as clients get them: numbers stay numbers, so the web
// app formats them itself (docs/architecture.md#the-api-contract).
func (p Params) Wire() map[string]any {
	if len(p) == 0 {
		return nil
	}
	out := make(map[string]any, len(p))
	for k, v := range p {
		switch n := v.(type) {
		case Kyat:
			out[k] = int64(n)
		case Count:
			out[k] = int64(n)
		case Text:
			out[k] = n.String()
		default:
			out[k] = v
		}
	}
	return out
}

func integer(v any) (int64, bool) {
	switch n := v.(type) {
	case Kyat:
		return int64(n), true
	case Count:
		return int64(n), true
	case int:
		return int64(n), true
	case int64:
		return n, true
	}
	return 0, false
}
