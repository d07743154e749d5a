package receiptcorpus

import (
	"fmt"
	"strings"
	"time"
)

// view is what one receipt template shows, already formatted.
type view struct {
	Lang, Theme, App string
	Layout           string // hero, rows or card
	Brand, Title     string
	Amount           string // the large amount of hero and card layouts
	Rows             []row
	Clock            string // the phone's status bar
}

type row struct{ Label, Value string }

// labels are the words the apps use, by language.
var labels = map[string]map[string]string{
	"en": {
		"success": "Transfer Successful", "paid": "Payment Successful", "amount": "Amount",
		"time": "Transaction Time", "date": "Date & Time", "txno": "Transaction No.", "txid": "Transaction ID",
		"ref": "Reference No.", "to": "Transfer To", "type": "Transaction Type", "transfer": "Transfer",
		"fee": "Fee", "total": "Total", "notes": "Notes", "charges": "Charges", "from": "From Account",
		"fund": "Fund Transfer",
	},
	"my": {
		"success": "ငွေလွှဲခြင်း အောင်မြင်ပါသည်", "paid": "ငွေပေးချေမှု အောင်မြင်ပါသည်", "amount": "ငွေပမာဏ",
		"time": "ငွေလွှဲချိန်", "date": "ရက်စွဲနှင့်အချိန်", "txno": "လုပ်ငန်းစဉ်အမှတ်", "txid": "ငွေလွှဲအမှတ်",
		"ref": "အမှတ်စဉ်", "to": "လက်ခံသူ", "type": "အမျိုးအစား", "transfer": "ငွေလွှဲ",
		"fee": "ဝန်ဆောင်ခ", "total": "စုစုပေါင်း", "notes": "မှတ်ချက်", "charges": "ကုန်ကျစရိတ်", "from": "ပေးပို့သူအကောင့်",
		"fund": "ငွေလွှဲပြောင်းခြင်း",
	},
}

var burmeseMonths = []string{"ဇန်နဝါရီ", "ဖေဖော်ဝါရီ", "မတ်", "ဧပြီ", "မေ", "ဇွန်", "ဇူလိုင်", "ဩဂုတ်",
	"စက်တင်ဘာ", "အောက်တိုဘာ", "နိုဝင်ဘာ", "ဒီဇင်ဘာ"}

// viewOf lays a receipt out the way its app does.
func viewOf(rc Receipt) view {
	l := labels[rc.Lang]
	d := func(s string) string { return localDigits(s, rc.Digits) }
	t := rc.Time.In(Yangon)
	cur := map[string]string{"en": "Ks", "my": "ကျပ်"}[rc.Lang]
	v := view{Lang: rc.Lang, Theme: rc.Theme, App: rc.App, Clock: d(t.Add(-3 * time.Minute).Format("15:04"))}
	switch rc.App {
	case "kbzpay":
		v.Layout, v.Brand, v.Title = "hero", "KBZPay", l["success"]
		v.Amount = d("-"+grouped(rc.Amount)+".00") + " " + cur
		v.Rows = []row{
			{l["time"], d(t.Format("2006/01/02 15:04:05"))},
			{l["txno"], rc.TransactionID},
			{l["type"], l["transfer"]},
			{l["to"], "Shwe Top-Up (******1234)"},
			{l["notes"], "-"},
		}
	case "wavepay":
		v.Layout, v.Brand, v.Title = "rows", "WavePay", l["paid"]
		when := t.Format("02 Jan 2006, 03:04 PM")
		if rc.Lang == "my" {
			when = fmt.Sprintf("%02d %s %d, %s", t.Day(), burmeseMonths[t.Month()-1], t.Year(), t.Format("15:04"))
		}
		v.Rows = []row{
			{l["txid"], rc.TransactionID},
			{l["date"], d(when)},
			{l["to"], "09*****1234 Shwe Top-Up"},
			{l["amount"], d(grouped(rc.Amount)) + " " + cur},
			{l["fee"], d("0") + " " + cur},
			{l["total"], d(grouped(rc.Amount)) + " " + cur},
		}
	case "ayapay":
		v.Layout, v.Brand, v.Title = "card", "AYA Pay", l["success"]
		v.Amount = d(grouped(rc.Amount)+".00") + " MMK"
		v.Rows = []row{
			{l["txid"], rc.TransactionID},
			{l["date"], d(t.Format("02-01-2006 15:04:05"))},
			{l["to"], "SHWE TOP-UP"},
			{l["notes"], "Top-up"},
		}
	case "cbpay":
		v.Layout, v.Brand, v.Title = "hero", "CB Pay", l["success"]
		v.Amount = "MMK " + d(grouped(rc.Amount)+".00")
		when := t.Format("Jan 02, 2006 03:04:05 PM")
		if rc.Lang == "my" {
			when = t.Format("2006-01-02 15:04:05")
		}
		v.Rows = []row{
			{l["ref"], rc.TransactionID},
			{l["time"], d(when)},
			{l["to"], "Shwe Top-Up"},
		}
	default:
		v.Layout, v.Brand, v.Title = "rows", "MAB mBanking", l["fund"]
		v.Rows = []row{
			{l["from"], "0010 **** **** 5521"},
			{l["to"], "0020 1234 5678 9012"},
			{l["amount"], d(fmt.Sprintf("%d.00", rc.Amount)) + " MMK"},
			{l["charges"], d(fmt.Sprintf("%d.00", rc.Fee)) + " MMK"},
			{l["ref"], rc.TransactionID},
			{l["date"], d(t.Format("02/01/2006 15:04"))},
		}
	}
	return v
}

// grouped writes n with thousands separators: 10037 → 10,037.
func grouped(n int64) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// localDigits writes Latin digits as Myanmar digits (U+1040–1049) when the
// receipt uses them.
func localDigits(s, digits string) string {
	if digits != "myanmar" {
		return s
	}
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r - '0' + '၀'
		}
		return r
	}, s)
}
