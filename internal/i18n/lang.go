// Package i18n is the one catalogue of everything the server says to
// people: error messages, field errors, notifications and SMS texts. Each
// text has a stable code (a Code, only this package can make one) and an
// English and a Burmese template; callers pass a Code and parameters and
// render it in the reader's language at the last moment (the request's
// language for an answer, the recipient's for a message or an SMS).
// docs/architecture.md#the-api-contract describes the wire shape.
package i18n

import (
	"strconv"
	"strings"
)

// Lang is a language the store speaks.
type Lang string

const (
	En Lang = "en"
	My Lang = "my"
)

// Langs are every language the catalogue must be complete in.
var Langs = []Lang{En, My}

// Default is the language of a request that names none we speak.
const Default = En

// ParseLang reads a stored preference or a single tag ("my", "en-US");
// ok is false for anything else.
func ParseLang(s string) (Lang, bool) {
	tag := strings.ToLower(strings.TrimSpace(s))
	if i := strings.IndexAny(tag, "-_"); i >= 0 {
		tag = tag[:i]
	}
	switch tag {
	case "my":
		return My, true
	case "en":
		return En, true
	}
	return "", false
}

// FromAcceptLanguage picks the locale of an Accept-Language header: the
// highest-weighted tag we speak, the earlier one on a tie; ok is false
// when the header names none of ours. The BCP 47 extension "-u-nu-mymr"
// (my-u-nu-mymr) asks for Myanmar digits.
func FromAcceptLanguage(header string) (Locale, bool) {
	best, bestQ := Locale{}, 0.0
	for _, part := range strings.Split(header, ",") {
		tag, params, _ := strings.Cut(part, ";")
		lang, ok := ParseLang(tag)
		if !ok {
			continue
		}
		q := 1.0
		if v, found := strings.CutPrefix(strings.TrimSpace(params), "q="); found {
			parsed, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil {
				continue
			}
			q = parsed
		}
		if q > bestQ {
			best, bestQ = Locale{Lang: lang, MyanmarDigits: strings.Contains(strings.ToLower(tag), "-u-nu-mymr")}, q
		}
	}
	return best, best.Lang != ""
}

// Locale is how one reader wants text: the language, and for Burmese
// whether numbers use Myanmar digits (၁၂၃). Digits stay Latin by default:
// most customers type Latin digits for game ids and expect to read them
// back the same way (docs/spec.md §9).
type Locale struct {
	Lang          Lang
	MyanmarDigits bool
}

// In is the locale of lang with Latin digits.
func In(lang Lang) Locale { return Locale{Lang: lang} }
