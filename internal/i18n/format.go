package i18n

import (
	"strconv"
	"strings"
)

// Kyat is a parameter that is an amount of money in whole kyat: it is
// written with thousands separators and the currency of the language
// ("12,050 Ks", "12,050 ကျပ်"). On the wire it stays a JSON integer.
type Kyat int64

// Count is a parameter that is a number of things, written with
// thousands separators.
type Count int64

// Amount writes n kyat for loc.
func Amount(loc Locale, n int64) string {
	unit := " Ks"
	if loc.Lang == My {
		unit = " ကျပ်"
	}
	return Number(loc, n) + unit
}

// Number writes n with thousands separators, in Myanmar digits when loc
// asks for them.
func Number(loc Locale, n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if loc.Lang == My && loc.MyanmarDigits {
		return MyanmarDigits(b.String())
	}
	return b.String()
}

// MyanmarDigits replaces the Latin digits of s with Myanmar ones.
func MyanmarDigits(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r - '0' + '၀'
		}
		return r
	}, s)
}

// myanmarNumbers writes the numbers of a template ("6 characters", "30
// days") in Myanmar digits, leaving digits that are part of a Latin word or
// code ("P-256", "base64url", "p256dh") as they are.
func myanmarNumbers(s string) string {
	r := []rune(s)
	isLatin := func(i int) bool {
		return i >= 0 && i < len(r) && ((r[i] >= 'a' && r[i] <= 'z') || (r[i] >= 'A' && r[i] <= 'Z'))
	}
	for i := 0; i < len(r); {
		if r[i] < '0' || r[i] > '9' {
			i++
			continue
		}
		j := i
		for j < len(r) && ((r[j] >= '0' && r[j] <= '9') || (r[j] == ',' && j+1 < len(r) && r[j+1] >= '0' && r[j+1] <= '9')) {
			j++
		}
		// "P-256": a hyphen after a letter joins the number to the word.
		inWord := isLatin(i-1) || isLatin(j) || (i >= 2 && r[i-1] == '-' && isLatin(i-2))
		if !inWord {
			for k := i; k < j; k++ {
				if r[k] != ',' {
					r[k] = r[k] - '0' + '၀'
				}
			}
		}
		i = j
	}
	return string(r)
}
