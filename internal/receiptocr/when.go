package receiptocr

import (
	"regexp"
	"strconv"
	"strings"
	"time"
)

var timeLabels = []string{"date", "time", "ရက်စွဲ", "အချိန်", "ချိန်"}

// Dates as the apps print them, after normalize(): 2024/05/12, 12-05-2024,
// 12/05/2024 (day first, as in Myanmar), 12 May 2024, May 12, 2024, and
// 12 မေ 2024; OCR reads some dashes as '='.
var (
	dateYMD   = regexp.MustCompile(`(\d{4})[/.=\-](\d{1,2})[/.=\-](\d{1,2})`)
	dateDMY   = regexp.MustCompile(`(\d{1,2})[/.=\-](\d{1,2})[/.=\-](\d{4})`)
	dateDMonY = regexp.MustCompile(`(\d{1,2})\s*([^\d\s,.]+)[.,]?\s*(\d{4})`)
	dateMonDY = regexp.MustCompile(`([A-Za-z]{3,9})\.?\s*(\d{1,2})(?:st|nd|rd|th)?,?\s*(\d{4})`)
	clock     = regexp.MustCompile(`(\d{1,2})[:.](\d{2})(?:[:.](\d{2}))?\s*(?i:([ap])\.?m\.?)?`)
)

// burmeseMonthNames has each month's spellings: August is written with
// the letter ဩ or as သြ, and OCR reads either.
var burmeseMonthNames = [][]string{{"ဇန်နဝါရီ"}, {"ဖေဖော်ဝါရီ"}, {"မတ်"}, {"ဧပြီ"}, {"မေ"}, {"ဇွန်"},
	{"ဇူလိုင်"}, {"ဩဂုတ်", "သြဂုတ်"}, {"စက်တင်ဘာ"}, {"အောက်တိုဘာ"}, {"နိုဝင်ဘာ"}, {"ဒီဇင်ဘာ"}}

// Burmese words for the afternoon and evening: a 12-hour clock after them
// is PM.
var burmesePM = []string{"ညနေ", "မွန်းလွဲ"}

// monthOf reads an English month name or abbreviation, or a Burmese month
// name (compared without its marks, which OCR often gets wrong).
func monthOf(s string) int {
	if len(s) >= 3 && s[0] < 0x80 {
		p := strings.ToLower(s[:3])
		for m := time.January; m <= time.December; m++ {
			if strings.ToLower(m.String()[:3]) == p {
				return int(m)
			}
		}
		return 0
	}
	f := fold(s)
	for i, names := range burmeseMonthNames {
		for _, name := range names {
			if f != "" && f == fold(name) {
				return i + 1
			}
		}
	}
	return 0
}

// findTime returns the receipt's date and time: the best-labelled date that
// has a time of day, read in Yangon time.
func findTime(rs []readLine) Field[time.Time] {
	var best Field[time.Time]
	for i, r := range rs {
		y, mo, d, rest, ok := findDate(r.norm)
		if !ok {
			continue
		}
		score := 0.55
		h, mi, s, hasClock := findClock(rest)
		if !hasClock && i+1 < len(rs) {
			if _, _, _, _, nextIsDate := findDate(rs[i+1].norm); !nextIsDate {
				h, mi, s, hasClock = findClock(rs[i+1].norm)
			}
		}
		if hasClock {
			score += 0.3
		}
		if hasAny(r.folded, timeLabels) {
			score += 0.15
		}
		t := time.Date(y, time.Month(mo), d, h, mi, s, 0, Yangon)
		if t.Day() != d || t.Month() != time.Month(mo) { // 31 February
			continue
		}
		if c := score * r.conf(0, len(r.tokens)); c > best.Confidence {
			best = Field[time.Time]{Value: t, Confidence: c}
		}
	}
	return best
}

// findDate finds a date in a normalized line and returns what follows it.
func findDate(s string) (y, m, d int, rest string, ok bool) {
	if g := dateYMD.FindStringSubmatchIndex(s); g != nil {
		y, m, d = atoi(s, g, 1), atoi(s, g, 2), atoi(s, g, 3)
		return y, m, d, s[g[1]:], plausible(y, m, d)
	}
	if g := dateDMY.FindStringSubmatchIndex(s); g != nil {
		d, m, y = atoi(s, g, 1), atoi(s, g, 2), atoi(s, g, 3)
		if m > 12 && d <= 12 { // a month-first date after all
			d, m = m, d
		}
		return y, m, d, s[g[1]:], plausible(y, m, d)
	}
	for _, g := range dateDMonY.FindAllStringSubmatchIndex(s, -1) {
		if m = monthOf(s[g[4]:g[5]]); m != 0 {
			d, y = atoi(s, g, 1), atoi(s, g, 3)
			return y, m, d, s[g[1]:], plausible(y, m, d)
		}
	}
	for _, g := range dateMonDY.FindAllStringSubmatchIndex(s, -1) {
		if m = monthOf(s[g[2]:g[3]]); m != 0 {
			d, y = atoi(s, g, 2), atoi(s, g, 3)
			return y, m, d, s[g[1]:], plausible(y, m, d)
		}
	}
	return 0, 0, 0, "", false
}

func plausible(y, m, d int) bool {
	return y >= 2015 && y <= 2100 && m >= 1 && m <= 12 && d >= 1 && d <= 31
}

// findClock reads the first time of day in s, with AM/PM or a Burmese word
// for the afternoon before it.
func findClock(s string) (h, m, sec int, ok bool) {
	g := clock.FindStringSubmatchIndex(s)
	if g == nil {
		return 0, 0, 0, false
	}
	h, m = atoi(s, g, 1), atoi(s, g, 2)
	if g[6] >= 0 {
		sec = atoi(s, g, 3)
	}
	pm := g[8] >= 0 && strings.EqualFold(s[g[8]:g[9]], "p")
	am := g[8] >= 0 && !pm
	if !pm && !am && hasAny(fold(s[:g[0]]), burmesePM) {
		pm = true
	}
	switch {
	case pm && h < 12:
		h += 12
	case am && h == 12:
		h = 0
	}
	if h > 23 || m > 59 || sec > 59 {
		return 0, 0, 0, false
	}
	return h, m, sec, true
}

// atoi reads submatch n of a FindStringSubmatchIndex result.
func atoi(s string, g []int, n int) int {
	v, _ := strconv.Atoi(s[g[2*n]:g[2*n+1]])
	return v
}
