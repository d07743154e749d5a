package zawgyi

import "golang.org/x/text/unicode/norm"

// Threshold is the probability above which text is taken for Zawgyi. The
// model is sure either way for all but a few syllables; a word it cannot
// tell is left as it is, since converting Unicode would damage it.
const Threshold = 0.95

// IsZawgyi reports whether s is (most likely) Zawgyi.
func IsZawgyi(s string) bool { return Probability(s) > Threshold }

// Normalize returns free text as Unicode in NFC: Zawgyi converted, anything
// else as it was. Names, messages, reviews, reasons and searches go through
// it before they are stored or compared.
func Normalize(s string) string {
	if IsZawgyi(s) {
		s = ToUnicode(s)
	}
	return norm.NFC.String(s)
}

// Variants are the forms a search for s should match: s normalized, and
// when s could be Zawgyi that the detector could not call (a short word),
// its Unicode conversion too.
func Variants(s string) []string {
	n := Normalize(s)
	p := Probability(n)
	if p < 0.05 || p > Threshold {
		return []string{n}
	}
	if u := norm.NFC.String(ToUnicode(n)); u != n {
		return []string{n, u}
	}
	return []string{n}
}
