package i18n

import "testing"

func TestFromAcceptLanguage(t *testing.T) {
	cases := []struct {
		header string
		want   Locale
		ok     bool
	}{
		{"my", Locale{Lang: My}, true},
		{"my-MM,en;q=0.5", Locale{Lang: My}, true},
		{"en-US,en;q=0.9,my;q=0.8", Locale{Lang: En}, true},
		{"fr,my;q=0.3", Locale{Lang: My}, true},
		{"en;q=0.2,my;q=0.9", Locale{Lang: My}, true},
		{"my-u-nu-mymr", Locale{Lang: My, MyanmarDigits: true}, true},
		{"fr,de", Locale{}, false},
		{"", Locale{}, false},
		{"my;q=0", Locale{}, false},
		{"my;q=abc,en", Locale{Lang: En}, true},
	}
	for _, tc := range cases {
		got, ok := FromAcceptLanguage(tc.header)
		if got != tc.want || ok != tc.ok {
			t.Errorf("FromAcceptLanguage(%q) = %+v, %v; want %+v, %v", tc.header, got, ok, tc.want, tc.ok)
		}
	}
}

func TestAmountsHaveSeparatorsAndCurrency(t *testing.T) {
	cases := []struct {
		loc  Locale
		n    int64
		want string
	}{
		{In(En), 5137, "5,137 Ks"},
		{In(My), 5137, "5,137 ကျပ်"},
		{Locale{Lang: My, MyanmarDigits: true}, 1234567, "၁,၂၃၄,၅၆၇ ကျပ်"},
		{Locale{Lang: En, MyanmarDigits: true}, 1234567, "1,234,567 Ks"},
		{In(En), 999, "999 Ks"},
		{In(En), -12050, "-12,050 Ks"},
		{In(En), 0, "0 Ks"},
	}
	for _, tc := range cases {
		if got := Amount(tc.loc, tc.n); got != tc.want {
			t.Errorf("Amount(%+v, %d) = %q, want %q", tc.loc, tc.n, got, tc.want)
		}
	}
}
