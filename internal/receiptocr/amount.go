package receiptocr

import (
	"regexp"
	"strconv"
	"strings"
)

// Labels of the transferred amount, and of the lines that carry other
// money (a fee, a balance) which must never be taken for it.
var (
	amountLabels  = []string{"amount", "transfer amount", "ငွေပမာဏ", "ပမာဏ"}
	totalLabels   = []string{"total", "စုစုပေါင်း"}
	notAmountLabs = []string{"fee", "charge", "balance", "commission", "discount", "cashback",
		"ဝန်ဆောင်ခ", "ကုန်ကျစရိတ်", "လက်ကျန်"}
)

// currencies are the ways receipts write kyat; OCR often drops the final
// mark of ကျပ်.
var currencies = []string{"ks", "ks.", "(ks)", "mmk", "(mmk)", "k", "kyat", "kyats", "ကျပ်", "ကျပ", "(ကျပ်)"}

// kyatToken is a number as a token may carry it: an optional sign or
// bracket, an optional glued currency, digits with separators, optional
// decimals, an optional glued currency after.
var kyatToken = regexp.MustCompile(`^[-(+]*(?i:ks\.?|mmk|k)?(\d[\d,.':]*)(?i:ks\.?|mmk|ကျပ်?)?[),.]*$`)

// kyatValue reads "10,037.00", "10037", "10.037" (a comma read as a dot),
// "82:.443.00" (a comma read as a colon and a dot: a run of separators is
// one) or "၁၀,၀၃၇" (already normalized) as whole kyat. formatted says the
// number had separators or decimals, which amounts on receipts have and
// ids and years do not.
func kyatValue(tok string) (value int64, formatted, ok bool) {
	m := kyatToken.FindStringSubmatch(tok)
	if m == nil {
		return 0, false, false
	}
	groups := strings.FieldsFunc(m[1], func(r rune) bool { return r == ',' || r == '.' || r == '\'' || r == ':' })
	if len(groups) == 0 {
		return 0, false, false
	}
	if n := len(groups); n >= 2 && len(groups[n-1]) <= 2 {
		groups = groups[:n-1] // decimals: kyat have none worth keeping
		formatted = true
	}
	for _, g := range groups[1:] {
		if len(g) != 3 {
			return 0, false, false
		}
		formatted = true
	}
	if len(groups) > 1 && len(groups[0]) > 3 {
		return 0, false, false
	}
	digits := strings.Join(groups, "")
	if len(digits) > 9 {
		return 0, false, false
	}
	v, err := strconv.ParseInt(digits, 10, 64)
	return v, formatted, err == nil
}

// Amounts smaller than minAmount are fees and zeros; larger than
// maxAmount, an id or a misread.
const (
	minAmount = 100
	maxAmount = 100_000_000
)

type amountCandidate struct {
	value int64
	score float64
	conf  float64
}

// findAmount picks the transferred amount: numbers next to a currency or
// on an amount line score, the receipt's largest type scores (the hero
// amount of KBZPay and CB Pay), fee and balance lines are ignored, and a
// value printed twice (amount and total) gains.
func findAmount(rs []readLine, typicalHeight int) Field[int64] {
	var cands []amountCandidate
	for _, r := range rs {
		if hasAny(r.folded, notAmountLabs) {
			continue
		}
		labelled := hasAny(r.folded, amountLabels)
		total := hasAny(r.folded, totalLabels)
		for i := 0; i < len(r.tokens); i++ {
			tok := r.tokens[i]
			v, formatted, ok := kyatValue(tok)
			joined := 0 // tokens after i that are part of this number
			for j := i + 1; j < len(r.tokens) && j <= i+2 && splitNumber(strings.Join(r.tokens[i:j], ""), r.tokens[j]); j++ {
				if jv, jf, jok := kyatValue(strings.Join(r.tokens[i:j+1], "")); jok && jf {
					v, formatted, ok, joined = jv, jf, jok, j-i
				}
			}
			if !ok || v < minAmount || v > maxAmount {
				continue
			}
			score := 0.0
			if hasCurrency(r.tokens, i) || (joined > 0 && hasCurrency(r.tokens, i+joined)) {
				score += 3
			}
			if labelled {
				score += 3
			} else if total {
				score++
			}
			if formatted {
				score++
			}
			if typicalHeight > 0 && float64(r.heights[i]) >= 1.3*float64(typicalHeight) {
				score += 2
			}
			if score >= 3 {
				cands = append(cands, amountCandidate{value: v, score: score, conf: r.confs[i]})
			}
			i += joined // the rest of a split number is not an amount of its own
		}
	}
	return bestAmount(cands)
}

var decimalsEnd = regexp.MustCompile(`\.\d\d$`)

// splitNumber reports whether OCR may have split one number at a wide
// glyph: "204,9 93.00" (a separator before the break), "-၁၅ ၅.၅၁၉.၀၀"
// (one to three digits, then the rest with its separators) or, a piece at
// a time, "-၆၂,၂ ၆ ၆.၀၀".
func splitNumber(tok, next string) bool {
	if next == "" || next[0] < '0' || next[0] > '9' || decimalsEnd.MatchString(tok) {
		return false // a number that has its decimals is complete
	}
	if strings.ContainsAny(tok, ",.") {
		return true
	}
	digits := strings.TrimLeft(tok, "-(+")
	if len(digits) == 0 || len(digits) > 3 || strings.Trim(digits, "0123456789") != "" {
		return false
	}
	return strings.ContainsAny(next, ",.")
}

// bestAmount adds one point per other sighting of the same value (up to
// two) to its best sighting and takes the highest.
func bestAmount(cands []amountCandidate) Field[int64] {
	var best amountCandidate
	bestScore := 0.0
	for _, c := range cands {
		seen := -1
		for _, o := range cands {
			if o.value == c.value {
				seen++
			}
		}
		score := c.score + float64(min(seen, 2))
		if score > bestScore || (score == bestScore && c.conf > best.conf) {
			best, bestScore = c, score
		}
	}
	if bestScore == 0 {
		return Field[int64]{}
	}
	return Field[int64]{Value: best.value, Confidence: min(1, bestScore/8) * best.conf}
}

// hasCurrency reports whether token i carries a currency or stands next to
// one.
func hasCurrency(tokens []string, i int) bool {
	t := strings.ToLower(tokens[i])
	for _, c := range []string{"ks", "mmk", "ကျပ"} {
		if strings.Contains(t, c) {
			return true
		}
	}
	isCur := func(j int) bool {
		return j >= 0 && j < len(tokens) && containsFold(currencies, tokens[j])
	}
	return isCur(i-1) || isCur(i+1)
}

func containsFold(list []string, s string) bool {
	for _, c := range list {
		if strings.EqualFold(c, s) {
			return true
		}
	}
	return false
}
