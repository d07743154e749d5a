package zawgyi

import (
	"bufio"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
)

func lines(t *testing.T, name string) []string {
	t.Helper()
	data, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(string(data), "\n")
}

// The detector gives the probabilities myanmar-tools publishes for its
// own clients (testdata/compatibility.tsv), to within float32 rounding.
func TestProbabilityMatchesUpstreamVectors(t *testing.T) {
	f, err := os.Open("testdata/compatibility.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		want, text, ok := strings.Cut(sc.Text(), "\t")
		if !ok {
			continue
		}
		n++
		got := Probability(text)
		if want == "-Infinity" {
			if !math.IsInf(got, -1) {
				t.Errorf("%q: %v, want -Inf", text, got)
			}
			continue
		}
		w, err := strconv.ParseFloat(want, 64)
		if err != nil {
			t.Fatal(err)
		}
		if got != w && math.Abs((got-w)/w) > 1e-4 {
			t.Errorf("%q: %v, want %v", text, got, w)
		}
	}
	if n < 20 {
		t.Fatalf("only %d vectors", n)
	}
}

// Converting the Myanmar government's Zawgyi texts gives exactly the
// Unicode myanmar-tools publishes for them, line by line.
func TestToUnicodeMatchesUpstreamTexts(t *testing.T) {
	src, want := lines(t, "mmgov_zawgyi_src.txt"), lines(t, "mmgov_unicode_out.txt")
	if len(src) != len(want) || len(src) < 50 {
		t.Fatalf("%d source lines, %d expected", len(src), len(want))
	}
	for i := range src {
		if got := ToUnicode(src[i]); got != want[i] {
			t.Errorf("line %d:\n got %q\nwant %q", i+1, got, want[i])
		}
	}
}

// The Universal Declaration of Human Rights in both encodings: every
// Zawgyi line with a Burmese sentence is recognised and comes back as the
// Unicode original, every Unicode line is left alone.
func TestNormalizeUDHR(t *testing.T) {
	zg, uni := lines(t, "udhr_mya_zawgyi_out.txt"), lines(t, "udhr_mya_unicode_src.txt")
	if len(zg) != len(uni) {
		t.Fatalf("%d zawgyi lines, %d unicode", len(zg), len(uni))
	}
	converted, burmese := 0, 0
	for i := range zg {
		if strings.HasPrefix(uni[i], "#") || len([]rune(uni[i])) < 20 || math.IsInf(Probability(uni[i]), -1) {
			continue
		}
		burmese++
		if IsZawgyi(uni[i]) {
			t.Errorf("line %d: Unicode taken for Zawgyi: %q", i+1, uni[i])
		}
		if !IsZawgyi(zg[i]) {
			t.Errorf("line %d: Zawgyi not recognised (p=%v): %q", i+1, Probability(zg[i]), zg[i])
			continue
		}
		if Normalize(zg[i]) == Normalize(uni[i]) {
			converted++
		}
	}
	if burmese < 50 {
		t.Fatalf("only %d Burmese lines", burmese)
	}
	// Zawgyi cannot tell some spellings apart that Unicode does, so a few
	// lines come back spelled differently; nearly all must round-trip.
	if converted < burmese*9/10 {
		t.Errorf("%d of %d lines round-trip", converted, burmese)
	}
	t.Logf("%d of %d UDHR lines round-trip exactly", converted, burmese)
}

func TestNormalizeLeavesOtherTextAlone(t *testing.T) {
	for _, s := range []string{"", "Mobile Legends 86 Diamonds", "123456789", "မင်္ဂလာပါ", "ကျေးဇူးတင်ပါတယ်", "Aung Aung 😀"} {
		if got := Normalize(s); got != s {
			t.Errorf("Normalize(%q) = %q", s, got)
		}
	}
	// Typical customer input typed on a Zawgyi keyboard.
	cases := map[string]string{
		"ေက်းဇူးတင္ပါတယ္": "ကျေးဇူးတင်ပါတယ်",
		"ေငြျဖည့္ျခင္း":   "ငွေဖြည့်ခြင်း",
	}
	for zg, want := range cases {
		if got := Normalize(zg); got != want {
			t.Errorf("Normalize(%q) = %q, want %q (p=%v)", zg, got, want, Probability(zg))
		}
	}
}

// A word too short to tell (p near 0.5) is stored as typed: converting a
// Unicode word by mistake would damage it. Search still finds it in either
// encoding (Variants).
func TestAmbiguousWordIsKeptAndSearchedBothWays(t *testing.T) {
	zg := "မဂၤလာပါ"
	if p := Probability(zg); p > Threshold || p < 0.05 {
		t.Fatalf("p = %v: no longer ambiguous, pick another sample", p)
	}
	if Normalize(zg) != zg {
		t.Errorf("ambiguous %q was converted", zg)
	}
	v := Variants(zg)
	if len(v) != 2 || v[0] != zg || v[1] != "မင်္ဂလာပါ" {
		t.Errorf("Variants(%q) = %q", zg, v)
	}
	if v := Variants("Mobile Legends"); len(v) != 1 {
		t.Errorf("Variants of Latin text = %q", v)
	}
}
