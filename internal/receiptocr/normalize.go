package receiptocr

import (
	"strings"
	"unicode"
)

// The characters OCR confuses with digits, by the digit they stand for
// inside a number: Myanmar letter wa (ဝ) is drawn exactly like Myanmar
// zero (၀), and Latin O/l/I are read for 0/1 in Latin numbers.
var digitLookalikes = map[rune]rune{
	'ဝ': '0', 'O': '0', 'o': '0', 'l': '1', 'I': '1', '|': '1',
}

// normalize rewrites a line for matching: Myanmar digits become Latin ones,
// Myanmar punctuation becomes its Latin counterpart, and inside a token that
// is otherwise a number, a lookalike letter becomes the digit it shows.
func normalize(s string) string {
	s = strings.Map(func(r rune) rune {
		switch {
		case r >= '၀' && r <= '၉':
			return '0' + (r - '၀')
		case r == '၊':
			return ','
		case r == '။':
			return '.'
		case r == '−' || r == '–':
			return '-'
		}
		return r
	}, s)
	tokens := strings.Fields(s)
	for i, t := range tokens {
		tokens[i] = fixNumber(t)
	}
	return strings.Join(tokens, " ")
}

// fixNumber maps lookalikes to digits when the token is a number with at
// least two real digits and nothing but digits, separators and lookalikes:
// "1ဝ,ဝ37" is 10,037, while "FT48239XM50E" and "Top-Up" stay as they are.
func fixNumber(t string) string {
	digits, fixable := 0, false
	for _, r := range t {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case strings.ContainsRune(",.:/-", r):
		case digitLookalikes[r] != 0:
			fixable = true
		default:
			return t
		}
	}
	if !fixable || digits < 2 {
		return t
	}
	return strings.Map(func(r rune) rune {
		if d := digitLookalikes[r]; d != 0 {
			return d
		}
		return r
	}, t)
}

// fold reduces text to what survives OCR of a label: lower-case Latin
// letters and digits, and Burmese consonants and independent vowels
// (U+1000–U+102A) without the marks around them, which OCR often drops or
// swaps. Spaces and punctuation go too.
func fold(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			b.WriteRune(unicode.ToLower(r))
		case r >= 'က' && r <= 'ဪ':
			b.WriteRune(r)
		}
	}
	return b.String()
}

// hasAny reports whether the folded line contains one of the folded labels.
func hasAny(folded string, labels []string) bool {
	for _, l := range labels {
		if strings.Contains(folded, fold(l)) {
			return true
		}
	}
	return false
}
