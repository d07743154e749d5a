package i18n

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"unicode"
)

// The web app's locale check reads this list; a code added here without
// `go generate ./internal/i18n` fails CI instead of reaching users
// untranslated.
func TestGeneratedCodeListIsCurrent(t *testing.T) {
	want, err := CodeList()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../web/src/locales/server-codes.json")
	if err != nil {
		t.Fatalf("%v: run go generate ./internal/i18n", err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("web/src/locales/server-codes.json is stale: run go generate ./internal/i18n")
	}
}

// Every text is written in both languages, and the Burmese one is Burmese:
// an English sentence pasted into the Burmese column would pass the
// parameter check but still show English to a Burmese reader.
func TestCatalogueIsCompleteInBothLanguages(t *testing.T) {
	if len(catalogue) < 100 {
		t.Fatalf("only %d codes: the catalogue did not load", len(catalogue))
	}
	for key, e := range catalogue {
		for _, lang := range Langs {
			if strings.TrimSpace(e.texts[lang]) == "" {
				t.Errorf("%s: no %s text", key, lang)
			}
		}
		if !hasMyanmar(e.texts[My]) {
			t.Errorf("%s: the Burmese text %q has no Burmese letters", key, e.texts[My])
		}
	}
}

func hasMyanmar(s string) bool {
	for _, r := range s {
		if unicode.In(r, unicode.Myanmar) {
			return true
		}
	}
	return false
}

func TestTextRendersParametersPerLanguage(t *testing.T) {
	text := T(InsufficientFundsBy, "required", Kyat(12050), "balance", Kyat(5137), "shortfall", Kyat(6913))
	en := text.In(In(En))
	if !strings.Contains(en, "12,050 Ks") || !strings.Contains(en, "5,137 Ks") || !strings.Contains(en, "6,913 Ks") {
		t.Errorf("en = %q", en)
	}
	my := text.In(In(My))
	if !strings.Contains(my, "12,050 ကျပ်") || !strings.Contains(my, "6,913 ကျပ်") || strings.Contains(my, "Ks") {
		t.Errorf("my = %q", my)
	}
	digits := text.In(Locale{Lang: My, MyanmarDigits: true})
	if !strings.Contains(digits, "၁၂,၀၅၀ ကျပ်") {
		t.Errorf("my with Myanmar digits = %q", digits)
	}
	if missing := T(InsufficientFundsBy).In(In(En)); !strings.Contains(missing, "{shortfall:kyat}") {
		t.Errorf("a missing parameter vanished: %q", missing)
	}
}

func TestStoredParamsKeepTheirKind(t *testing.T) {
	p := Params{"amount": Kyat(5000), "count": Count(3), "name": "Diamonds"}
	data, err := p.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	back, err := UnmarshalParams(data)
	if err != nil {
		t.Fatal(err)
	}
	if back["amount"] != Kyat(5000) || back["count"] != Count(3) || back["name"] != "Diamonds" {
		t.Fatalf("round trip = %#v", back)
	}
}

func TestDefRefusesMismatchedParameters(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("a Burmese template without the English parameter was accepted")
		}
	}()
	def("test_mismatch", "Pay {amount}", "ငွေပေးပါ")
}

// A code dropped into an answer as it is fails the answer instead of
// showing people "order_confirmed_coin".
func TestCodeRefusesToBeMarshalled(t *testing.T) {
	if _, err := json.Marshal(map[string]any{"message": SoldOut}); err == nil {
		t.Fatal("a Code was marshalled")
	}
}

// Digits consistent within Burmese (issue 25): templates write their numbers
// in Latin digits, as amounts are by default, and a reader who chose Myanmar
// digits gets the template's numbers in them too; digits inside Latin words
// and codes stay.
func TestBurmeseTemplatesFollowTheDigitsSetting(t *testing.T) {
	for _, e := range All() {
		if my := Template(e.Code, My); strings.ContainsAny(my, "၀၁၂၃၄၅၆၇၈၉") {
			t.Errorf("%s: Myanmar digits in the template %q", e.Code, my)
		}
	}
	mymr := Locale{Lang: My, MyanmarDigits: true}
	if got := T(PasswordMin).In(mymr); !strings.Contains(got, "၆") || strings.Contains(got, "6") {
		t.Errorf("password_too_short for a Myanmar-digits reader: %q", got)
	}
	if got := T(PasswordMin).In(In(My)); !strings.Contains(got, "6") {
		t.Errorf("password_too_short in Latin digits: %q", got)
	}
	if got := T(PushKeyInvalid).In(mymr); !strings.Contains(got, "P-256") || !strings.Contains(got, "base64url") || !strings.Contains(got, "၆၅") {
		t.Errorf("push_key_invalid for a Myanmar-digits reader: %q", got)
	}
}
