package i18n

// The customer's journey after choosing: a price that changed before the
// order was confirmed, and top-ups taken back by their owner.
var (
	PriceChanged      = def("price_changed", "The price has changed: this order now costs {total:kyat}. Please check the new price and confirm again.", "ဈေးနှုန်း ပြောင်းသွားပါသည်။ ဤအော်ဒါသည် ယခု {total:kyat} ကျသင့်ပါသည်။ ဈေးနှုန်းအသစ်ကို စစ်ဆေးပြီး ထပ်မံ အတည်ပြုပါ။")
	OrderTotalInvalid = def("order_total_invalid", "The total must be a positive amount.", "စုစုပေါင်းငွေသည် သုညထက် ကြီးရပါမည်။")

	TopupCancelled = def("topup_cancelled", "Your top-up request was cancelled.", "သင့်ငွေဖြည့်တောင်းဆိုမှုကို ပယ်ဖျက်ပြီးပါပြီ။")
	TopupDecided   = def("topup_decided", "This top-up was already checked, so it can no longer be cancelled. Refresh to see its status.", "ဤငွေဖြည့်မှုကို စစ်ဆေးပြီးဖြစ်သဖြင့် ပယ်ဖျက်၍ မရတော့ပါ။ အခြေအနေကို ကြည့်ရန် ပြန်ဖွင့်ပါ။")
)
