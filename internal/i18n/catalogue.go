package i18n

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
)

// Code names one text of the catalogue. Only this package makes codes
// (def), so every code a caller can pass is in the catalogue in every
// language: a typo does not compile.
type Code struct{ key string }

// String is the code as clients see it: snake_case, never renamed.
func (c Code) String() string { return c.key }

// IsZero reports an unset code.
func (c Code) IsZero() bool { return c.key == "" }

// MarshalJSON refuses: a code put in an answer as it is would show
// people its key instead of words. Write it for the reader (Text.In), or
// send its String() where a code is meant.
func (c Code) MarshalJSON() ([]byte, error) {
	return nil, fmt.Errorf("i18n: code %q marshalled as JSON: write it with In or send String()", c.key)
}

type entry struct {
	code  Code
	texts map[Lang]string
}

var (
	catalogue = map[string]entry{}
	keyRE     = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)
	// A placeholder is {name}, or {name:kyat} for an amount of money and
	// {name:number} for a count, so clients know how to write it.
	paramRE = regexp.MustCompile(`\{([a-z_]+)(?::(kyat|number))?\}`)
)

// def adds a text to the catalogue. A malformed or repeated key, or a
// Burmese template whose parameters differ from the English one, stops the
// program at start (and every test).
func def(key, en, my string) Code {
	if !keyRE.MatchString(key) {
		panic("i18n: bad code " + key)
	}
	if _, dup := catalogue[key]; dup {
		panic("i18n: code defined twice: " + key)
	}
	if !slices.Equal(paramsOf(en), paramsOf(my)) {
		panic(fmt.Sprintf("i18n: %s: en and my templates name different parameters", key))
	}
	c := Code{key}
	catalogue[key] = entry{code: c, texts: map[Lang]string{En: en, My: my}}
	return c
}

// paramsOf lists the parameters a template names with their kinds
// ("name" or "name:kyat"), sorted, once each.
func paramsOf(template string) []string {
	var out []string
	for _, m := range paramRE.FindAllStringSubmatch(template, -1) {
		p := m[1]
		if m[2] != "" {
			p += ":" + m[2]
		}
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

// Lookup finds a code by its key (a stored message's template).
func Lookup(key string) (Code, bool) {
	e, ok := catalogue[key]
	return e.code, ok
}

// Entry is one code as the generated list shows it: its parameters as
// "name" or "name:kind" (kyat, number).
type Entry struct {
	Code   string   `json:"code"`
	Params []string `json:"params"`
}

// All lists every code in the catalogue, sorted, with the parameters its
// templates take: the list clients translate (web/src/locales/server-codes.json).
func All() []Entry {
	out := make([]Entry, 0, len(catalogue))
	for key, e := range catalogue {
		params := paramsOf(e.texts[En])
		if params == nil {
			params = []string{}
		}
		out = append(out, Entry{Code: key, Params: params})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out
}

// Template is a code's template in lang ("" for an unknown key).
func Template(key string, lang Lang) string { return catalogue[key].texts[lang] }
