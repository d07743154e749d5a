package receiptocr

import (
	"testing"
	"time"
)

func yangon(y int, mo time.Month, d, h, mi, s int) time.Time {
	return time.Date(y, mo, d, h, mi, s, 0, Yangon)
}

func TestExtractText(t *testing.T) {
	tests := []struct {
		name   string
		text   string
		amount int64
		id     string
		when   time.Time
		app    string
	}{
		{
			name: "KBZPay in English",
			text: "09:41 4G 87%\nKBZPay\nTransfer Successful\n-10,037.00 Ks\nTransaction Time 2024/05/12 14:32:10\n" +
				"Transaction No. 01003867412598730144\nTransfer To Shwe Top-Up (******1234)",
			amount: 10037, id: "01003867412598730144", when: yangon(2024, 5, 12, 14, 32, 10), app: AppKBZPay,
		},
		{
			name: "KBZPay in Burmese with Myanmar digits, the asat of ကျပ် dropped by OCR",
			text: "KBZPay\nငွေလွှဲခြင်း အောင်မြင်ပါသည်\n-၁၀,၀၃၇.၀၀ ကျပ\nငွေလွှဲချိန် ၂၀၂၄/၀၅/၁၂ ၁၄:၃၂:၁၀\n" +
				"လုပ်ငန်းစဉ်အမှတ် 01003867412598730144",
			amount: 10037, id: "01003867412598730144", when: yangon(2024, 5, 12, 14, 32, 10), app: AppKBZPay,
		},
		{
			name:   "Myanmar letter wa read for zero inside a number",
			text:   "ငွေပမာဏ ၁ဝ,ဝ၃၇ ကျပ်\nငွေလွှဲအမှတ် 3249240288\nရက်စွဲနှင့်အချိန် ၁၃ သြဂုတ် ၂၀၂၅, ၀၈:၃၆\nWavePay",
			amount: 10037, id: "3249240288", when: yangon(2025, 8, 13, 8, 36, 0), app: AppWavePay,
		},
		{
			name: "WavePay: amount, zero fee and total; 12-hour clock",
			text: "WavePay\nPayment Successful\nTransaction ID 5682609011\nDate & Time 04 Aug 2024, 11:34 PM\n" +
				"Amount 130,748 Ks\nFee 0 Ks\nTotal 130,748 Ks",
			amount: 130748, id: "5682609011", when: yangon(2024, 8, 4, 23, 34, 0), app: AppWavePay,
		},
		{
			name: "bank transfer: the charge is not the amount, no separators, day-first date",
			text: "MAB mBanking\nFund Transfer\nFrom Account 0010 **** **** 5521\nTransfer To 0020 1234 5678 9012\n" +
				"Amount 92245.00 MMK\nCharges 500.00 MMK\nReference No. FT48239XM50E\nDate & Time 18/03/2025 21:06",
			amount: 92245, id: "FT48239XM50E", when: yangon(2025, 3, 18, 21, 6, 0), app: AppBankTransfer,
		},
		{
			name:   "CB Pay: currency before the amount, month-first date",
			text:   "CB Pay\nTransfer Successful\nMMK 213,942.00\nReference No. CBP639675075318\nTransaction Time Oct 16, 2025 01:25:04 PM",
			amount: 213942, id: "CBP639675075318", when: yangon(2025, 10, 16, 13, 25, 4), app: AppCBPay,
		},
		{
			name:   "AYA Pay: the label alone on its line, the id on the next",
			text:   "AYA Pay\n167,582.00 MMK\nTransaction ID\nAYA7417182859934\nDate & Time 03-11-2025 06:40:41",
			amount: 167582, id: "AYA7417182859934", when: yangon(2025, 11, 3, 6, 40, 41), app: AppAYAPay,
		},
		{
			name:   "brand read with one wrong letter; an id split in two by OCR",
			text:   "KBZPav\n-50,300.00 Ks\nTransaction No. 0100386741 2598730144",
			amount: 50300, id: "01003867412598730144", app: AppKBZPay,
		},
		{
			name:   "Myanmar-digit amount whose comma OCR read as a colon and a dot",
			text:   "KBZPay\n-၈၂:.၄၄၃.၀၀ ကျပ\nလုပ်ငန်းစဉ်အမှတ် 01001877373058126721",
			amount: 82443, id: "01001877373058126721", app: AppKBZPay,
		},
		{
			name:   "amount split by OCR after its first digits, the comma read as a dot",
			text:   "KBZPay\n-၁၅ ၅.၅၁၉.၀၀ ကျပ\nလုပ်ငန်းစဉ်အမှတ် 01007600719889363301",
			amount: 155519, id: "01007600719889363301", app: AppKBZPay,
		},
		{
			name:   "amount split by OCR in three pieces",
			text:   "KBZPay\n-၆၂,၂ ၆ ၆.၀၀ ကျပ\nလုပ်ငန်းစဉ်အမှတ် 01006718834300134668",
			amount: 62266, id: "01006718834300134668", app: AppKBZPay,
		},
		{
			name:   "a complete amount is not joined with the number after it",
			text:   "WavePay\nAmount 10,000.00 5 Ks\nTransaction ID 5682609011",
			amount: 10000, id: "5682609011", app: AppWavePay,
		},
		{
			name:   "AYA Pay reference with a 5 read as S after the prefix",
			text:   "AYA Pay\n58,028.00 MMK\nငွေလွှဲအမှတ် AYAS199293736318",
			amount: 58028, id: "AYA5199293736318", app: AppAYAPay,
		},
		{
			name:   "bank reference whose date digits OCR read as letters (FT + five digits)",
			text:   "MAB mBanking\nFund Transfer\nAmount 191,693.00 MMK\nReference No. FTS67921UWBF",
			amount: 191693, id: "FT567921UWBF", app: AppBankTransfer,
		},
		{
			name:   "CB Pay reference with an I for a one",
			text:   "CB Pay\nMMK 213,942.00\nReference No. CBP6396750753I8",
			amount: 213942, id: "CBP639675075318", app: AppCBPay,
		},
		{
			name: "nothing but a phone number and a clock",
			text: "09:41\nCall 09791234567",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := ExtractText(tt.text)
			if f.Amount.Value != tt.amount || f.Amount.Found() != (tt.amount != 0) {
				t.Errorf("amount = %d (%.2f), want %d", f.Amount.Value, f.Amount.Confidence, tt.amount)
			}
			if f.TransactionID.Value != tt.id || f.TransactionID.Found() != (tt.id != "") {
				t.Errorf("transaction id = %q (%.2f), want %q", f.TransactionID.Value, f.TransactionID.Confidence, tt.id)
			}
			if !f.Time.Value.Equal(tt.when) || f.Time.Found() != !tt.when.IsZero() {
				t.Errorf("time = %v (%.2f), want %v", f.Time.Value, f.Time.Confidence, tt.when)
			}
			if f.App.Value != tt.app {
				t.Errorf("app = %q, want %q", f.App.Value, tt.app)
			}
		})
	}
}

func TestKyatValue(t *testing.T) {
	tests := []struct {
		tok  string
		want int64
		ok   bool
	}{
		{"10,037.00", 10037, true},
		{"-10,037.00", 10037, true},
		{"10037", 10037, true},
		{"10.037", 10037, true},     // a comma read as a dot
		{"82:.443.00", 82443, true}, // a comma read as a colon and a dot
		{"14:32", 14, true},         // a clock: too small to be an amount
		{"Ks10,037", 10037, true},
		{"10,037Ks", 10037, true},
		{"(10,037.00)", 10037, true},
		{"1,0037", 0, false},
		{"12345,678", 0, false},
		{"1234567890123", 0, false},
		{"2024/05/12", 0, false},
		{"abc", 0, false},
	}
	for _, tt := range tests {
		got, _, ok := kyatValue(tt.tok)
		if got != tt.want || ok != tt.ok {
			t.Errorf("kyatValue(%q) = %d, %v; want %d, %v", tt.tok, got, ok, tt.want, tt.ok)
		}
	}
}

func TestCanonicalIDMatchesOCRLookalikes(t *testing.T) {
	if CanonicalID("FT608571SCN0") != CanonicalID("ft6o857lscno") {
		t.Error("the same reference read with lookalikes compares different")
	}
	if CanonicalID("FT608571SCN0") == CanonicalID("FT608571SCN9") {
		t.Error("different references compare equal")
	}
}

func TestImpossibleDatesAreNotRead(t *testing.T) {
	for _, s := range []string{"Date 31/02/2025 10:00", "Date 2025/13/01 10:00", "Date 12/05/1999 10:00"} {
		if f := ExtractText(s); f.Time.Found() {
			t.Errorf("%q read as %v", s, f.Time.Value)
		}
	}
}
