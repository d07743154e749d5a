package i18n

// Refund requests and their decisions (api/refunds.go, api/admin_refunds.go).
var (
	RefundWindowClosed    = def("refund_window_closed", "Refunds can only be requested within 24 hours of the purchase.", "ဝယ်ယူပြီး 24 နာရီအတွင်းသာ ငွေပြန်အမ်းရန် တောင်းဆိုနိုင်ပါသည်။")
	RefundNotEligible     = def("refund_not_eligible", "This order was delivered to your game account and cannot be refunded. Contact support if something is wrong.", "ဤအော်ဒါကို သင့်ဂိမ်းအကောင့်သို့ ပို့ပြီးဖြစ်၍ ငွေပြန်အမ်း၍ မရပါ။ ပြဿနာရှိပါက အကူအညီဌာနကို ဆက်သွယ်ပါ။")
	OrderAlreadyRefunded  = def("order_already_refunded", "This order's money was already returned to your wallet.", "ဤအော်ဒါ၏ ငွေကို သင့်ပိုက်ဆံအိတ်ထဲသို့ ပြန်ထည့်ပြီးဖြစ်ပါသည်။")
	RefundAlreadyOpen     = def("refund_already_open", "A refund request for this order is already waiting for a decision.", "ဤအော်ဒါအတွက် ငွေပြန်အမ်းရန် တောင်းဆိုမှုတစ်ခု ဆုံးဖြတ်ချက်ကို စောင့်ဆိုင်းနေပါသည်။")
	RefundAlreadyDecided  = def("refund_already_decided", "This refund request was already decided. Refresh to see the decision.", "ဤငွေပြန်အမ်းရန် တောင်းဆိုမှုကို ဆုံးဖြတ်ပြီးဖြစ်ပါသည်။ ဆုံးဖြတ်ချက်ကို ကြည့်ရန် စာမျက်နှာကို ပြန်ဖွင့်ပါ။")
	RefundScreenshot      = def("refund_screenshot_invalid", "Upload the screenshot again: it must be a new image of your own.", "screenshot ကို ထပ်မံတင်ပါ။ သင်ကိုယ်တိုင်၏ ပုံအသစ် ဖြစ်ရပါမည်။")
	RefundNoRestock       = def("refund_restock_unavailable", "Only an approved code order's own, unsold code can go back to stock.", "အတည်ပြုထားသော ကုဒ်အော်ဒါ၏ မရောင်းရသေးသော ကုဒ်ကိုသာ stock သို့ ပြန်ထည့်နိုင်ပါသည်။")
	RefundOrderInDelivery = def("refund_order_in_delivery", "This order is being delivered right now; decide after its delivery ends.", "ဤအော်ဒါကို ယခု ပို့ဆောင်နေဆဲ ဖြစ်ပါသည်။ ပို့ဆောင်မှု ပြီးဆုံးမှ ဆုံးဖြတ်ပါ။")
	RefundReasonRequired  = def("refund_reason_required", "Please tell us why you want a refund.", "ငွေပြန်အမ်းစေလိုသည့် အကြောင်းရင်းကို ပြောပြပါ။")
	RefundReasonMax       = def("refund_reason_too_long", "The reason must be 1000 characters or less.", "အကြောင်းပြချက်သည် စာလုံး 1000 ထက် မပိုရပါ။")
	RefundRequested       = def("refund_requested", "Your refund request was sent. We will message you with the decision.", "သင့်ငွေပြန်အမ်းရန် တောင်းဆိုမှုကို ပို့ပြီးပါပြီ။ ဆုံးဖြတ်ချက်ကို မက်ဆေ့ချ်ဖြင့် အကြောင်းကြားပါမည်။")
	OrderNotFound         = def("order_not_found", "Order not found.", "အော်ဒါကို ရှာမတွေ့ပါ။")
	ChooseRefundStatus    = def("choose_refund_status", "Use requested, approved or denied.", "requested, approved သို့မဟုတ် denied ကို သုံးပါ။")
	RefundDeniedAdmin     = def("refund_denied_admin", "Refund denied; the customer was told why.", "ငွေပြန်အမ်းမှုကို ငြင်းပယ်ပြီး ဝယ်သူကို အကြောင်းပြချက် ပြောပြပြီးပါပြီ။")
	RefundApprovedAdmin   = def("refund_approved_admin", "Refund approved; the wallet was credited.", "ငွေပြန်အမ်းမှုကို အတည်ပြုပြီး ပိုက်ဆံအိတ်ထဲသို့ ထည့်ပြီးပါပြီ။")
)
