package receiptocr

import "strings"

// secondLookWidth is the width of a second reading, taken only when the
// first is unsure of the amount or the transaction id: at 600 the large
// hero amounts in Myanmar digits that the first reading garbles are read
// right (docs/benchmarks.md).
const secondLookWidth = 600

// A look is a second reading at secondLookWidth: of a Burmese receipt's
// amount always, of the rest when the first reading is unsure of it (less
// than trustworthy confidence).
type look struct {
	languages string
	// digitsOnly: the Myanmar model alone reads Myanmar digits but not the
	// Latin letters of references and brands, so only the amount and the
	// time are taken from it.
	digitsOnly bool
}

func (l look) keep(f Fields) Fields {
	if l.digitsOnly {
		f.TransactionID, f.App = Field[string]{}, Field[string]{}
	}
	return f
}

// secondLooks are the readings worth a second run: the amount of a
// Burmese receipt is read again by the Myanmar model alone (with English
// beside it Tesseract turns Myanmar digits into Latin lookalikes, ၁၇ as 99
// and ၆ as J); an unsure transaction id, or an unsure amount on an English
// receipt, by the same languages as the first.
func secondLooks(languages string, rd Reading) []look {
	amount := rd.Fields.Amount.Confidence < trustworthy
	id := rd.Fields.TransactionID.Confidence < trustworthy
	burmese := strings.Contains(languages, "mya") && hasMyanmar(rd.Text)
	var looks []look
	// On a Burmese receipt the combined models misread Myanmar digits
	// even with high confidence (99,060 at 0.83 for ၁၇,၀၆၀), so the amount
	// is always read again there.
	if burmese {
		looks = append(looks, look{languages: "mya", digitsOnly: true})
	}
	if id || (amount && !burmese) {
		looks = append(looks, look{languages: languages})
	}
	return looks
}

func hasMyanmar(text string) bool {
	return strings.ContainsFunc(text, func(c rune) bool { return c >= 'က' && c <= '႟' })
}

// surer takes each field from the reading that is surer of it.
func surer(a, b Fields) Fields {
	return Fields{
		Amount:        surerField(a.Amount, b.Amount),
		TransactionID: surerField(a.TransactionID, b.TransactionID),
		Time:          surerField(a.Time, b.Time),
		App:           surerField(a.App, b.App),
	}
}

func surerField[T comparable](a, b Field[T]) Field[T] {
	if b.Confidence > a.Confidence {
		return b
	}
	return a
}
