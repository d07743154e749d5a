package receiptocr

import (
	"strings"
	"unicode"
)

// idLabels name the transfer's reference on the apps' receipts.
var idLabels = []string{
	"transaction no", "transaction id", "transaction number", "trans id", "txn id", "txn no",
	"reference no", "reference number", "reference id", "ref no", "receipt no",
	"လုပ်ငန်းစဉ်အမှတ်", "ငွေလွှဲအမှတ်", "အမှတ်စဉ်", "ငွေလွှဲနံပါတ်", "လုပ်ဆောင်မှုအမှတ်",
}

// findTransactionID takes the value of a labelled line (or of the line
// after a label that stands alone); failing that, the first long number or
// letters-and-digits reference on the receipt, with less confidence.
func findTransactionID(rs []readLine) Field[string] {
	for i, r := range rs {
		if !hasAny(r.folded, idLabels) {
			continue
		}
		if id, conf, ok := trailingID(r); ok {
			return Field[string]{Value: id, Confidence: 0.95 * conf}
		}
		if i+1 < len(rs) {
			if id, conf, ok := trailingID(rs[i+1]); ok && !hasAny(rs[i+1].folded, idLabels) {
				return Field[string]{Value: id, Confidence: 0.85 * conf}
			}
		}
	}
	for _, r := range rs {
		for i, t := range r.tokens {
			if id := idPart(t); id != "" && looksLikeLoneID(id) {
				return Field[string]{Value: id, Confidence: 0.5 * r.confs[i]}
			}
		}
	}
	return Field[string]{}
}

// trailingID joins the run of id-like tokens that ends the line (an app may
// print its reference in groups, or OCR may split it).
func trailingID(r readLine) (string, float64, bool) {
	start := len(r.tokens)
	for start > 0 && idPart(r.tokens[start-1]) != "" {
		start--
	}
	if start == len(r.tokens) {
		return "", 0, false
	}
	var b strings.Builder
	for _, t := range r.tokens[start:] {
		b.WriteString(idPart(t))
	}
	id := b.String()
	if !validID(id) {
		return "", 0, false
	}
	return id, r.conf(start, len(r.tokens)), true
}

// idPart is the token as a piece of a reference (letters and digits, upper
// case, a leading '#' or ':' and trailing punctuation dropped), or "" when
// it cannot be one: no digit, or a masked number (09*****1234).
func idPart(t string) string {
	t = strings.TrimLeft(t, "#:№")
	t = strings.TrimRight(t, ".,:;)")
	digits := 0
	for _, r := range t {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r < unicode.MaxASCII && unicode.IsLetter(r), r == '-':
		default:
			return ""
		}
	}
	if digits == 0 {
		return ""
	}
	return strings.ToUpper(strings.ReplaceAll(t, "-", ""))
}

func validID(id string) bool {
	if len(id) < 6 || len(id) > 40 {
		return false
	}
	digits := 0
	for _, r := range id {
		if r >= '0' && r <= '9' {
			digits++
		}
	}
	return digits >= 4
}

// looksLikeLoneID accepts, without a label, 10 or more digits that are not
// a Myanmar phone number, or 8 or more letters and digits with at least
// five digits.
func looksLikeLoneID(id string) bool {
	digits, letters := 0, 0
	for _, r := range id {
		if r >= '0' && r <= '9' {
			digits++
		} else {
			letters++
		}
	}
	switch {
	case letters == 0:
		phone := strings.HasPrefix(id, "09") && len(id) <= 11
		return digits >= 10 && !phone
	default:
		return len(id) >= 8 && digits >= 5
	}
}

// CanonicalID is the form in which two transaction ids are compared: OCR
// confuses O and 0, I, L and 1, S and 5, Z and 2, B and 8 in references
// that mix letters and digits, so a re-used id read once each way is still
// the same id.
func CanonicalID(id string) string {
	return strings.Map(func(r rune) rune {
		switch unicode.ToUpper(r) {
		case 'O':
			return '0'
		case 'I', 'L':
			return '1'
		case 'S':
			return '5'
		case 'Z':
			return '2'
		case 'B':
			return '8'
		case ' ', '-':
			return -1
		}
		return unicode.ToUpper(r)
	}, id)
}

// idShapes are the reference formats of the apps whose receipts we know
// (the corpus in testdata follows them): KBZPay and WavePay print digits
// only, AYA Pay "AYA" and CB Pay "CBP" followed by digits, and a bank's
// core system "FT", five digits of the date (YYDDD) and five letters or
// digits. digits is how many characters after the prefix are digits, 0 for
// all of them.
var idShapes = map[string]struct {
	prefix string
	digits int
}{
	AppKBZPay:       {"", 0},
	AppWavePay:      {"", 0},
	AppAYAPay:       {"AYA", 0},
	AppCBPay:        {"CBP", 0},
	AppBankTransfer: {"FT", 5},
}

// idDigitLookalikes are the letters OCR reads for digits in references.
var idDigitLookalikes = map[rune]rune{'O': '0', 'D': '0', 'I': '1', 'L': '1', 'S': '5', 'Z': '2', 'B': '8'}

// shapeID puts back the digits OCR read as letters where the app's
// reference format says only a digit can stand. An id that does not have
// the app's shape even then is returned as read.
func shapeID(app, id string) string {
	shape, ok := idShapes[app]
	if !ok || !strings.HasPrefix(id, shape.prefix) {
		return id
	}
	rest := []rune(id[len(shape.prefix):])
	n := shape.digits
	if n == 0 {
		n = len(rest)
	}
	if n == 0 || n > len(rest) {
		return id
	}
	for i, r := range rest[:n] {
		if d, ok := idDigitLookalikes[r]; ok {
			r = d
		}
		if r < '0' || r > '9' {
			return id
		}
		rest[i] = r
	}
	return shape.prefix + string(rest)
}
