package receiptocr

import "strings"

// brands are the payment apps' names as their receipts print them, folded.
var brands = []struct{ app, name string }{
	{AppKBZPay, "kbzpay"},
	{AppWavePay, "wavepay"},
	{AppWavePay, "wavemoney"},
	{AppAYAPay, "ayapay"},
	{AppCBPay, "cbpay"},
}

// Words of a bank's own transfer receipt (mobile or internet banking).
var (
	bankWords     = []string{"mbanking", "mobile banking", "internet banking", "bank", "ဘဏ်"}
	transferWords = []string{"transfer", "ငွေလွှဲ"}
)

// findApp names the payment app: a brand read exactly, else read with one
// wrong letter, else a bank's transfer receipt.
func findApp(rs []readLine) Field[string] {
	var all strings.Builder
	for _, r := range rs {
		all.WriteString(r.folded)
	}
	text := all.String()
	for _, b := range brands {
		if strings.Contains(text, b.name) {
			return Field[string]{Value: b.app, Confidence: 0.95}
		}
	}
	for _, b := range brands {
		if containsWithin1(text, b.name) {
			return Field[string]{Value: b.app, Confidence: 0.7}
		}
	}
	if hasAny(text, bankWords) && hasAny(text, transferWords) {
		return Field[string]{Value: AppBankTransfer, Confidence: 0.6}
	}
	return Field[string]{}
}

// containsWithin1 reports whether text has a substring that differs from
// name in at most one letter (same length), as "kbzpav" for "kbzpay".
func containsWithin1(text, name string) bool {
	t, n := []rune(text), []rune(name)
	for i := 0; i+len(n) <= len(t); i++ {
		diff := 0
		for j := range n {
			if t[i+j] != n[j] {
				diff++
				if diff > 1 {
					break
				}
			}
		}
		if diff <= 1 {
			return true
		}
	}
	return false
}
