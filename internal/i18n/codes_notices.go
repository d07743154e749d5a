package i18n

// The messages the store writes itself, stored as these codes and their
// parameters (messages.title_code, body_code, params) and written in the
// reader's language whenever they are read. Order and top-up numbers are
// strings: an id is copied, not read as an amount.
var (
	OrderDeliveredTitle      = def("order_delivered_title", "Order #{order} delivered", "အော်ဒါ #{order} ပို့ပြီးပါပြီ")
	OrderDeliveredBody       = def("order_delivered_body", "{product} has been delivered to game ID {game_uid}. Thank you for shopping with us.", "{product} ကို ဂိမ်း ID {game_uid} သို့ ပို့ပြီးပါပြီ။ ဝယ်ယူအားပေးမှုအတွက် ကျေးဇူးတင်ပါသည်။")
	OrderDeliveredServerBody = def("order_delivered_server_body", "{product} has been delivered to game ID {game_uid} (server {server_id}). Thank you for shopping with us.", "{product} ကို ဂိမ်း ID {game_uid} (ဆာဗာ {server_id}) သို့ ပို့ပြီးပါပြီ။ ဝယ်ယူအားပေးမှုအတွက် ကျေးဇူးတင်ပါသည်။")
	OrderFailedTitle         = def("order_failed_title", "Order #{order} could not be delivered", "အော်ဒါ #{order} ကို ပို့ပေး၍ မရပါ")
	OrderFailedBody          = def("order_failed_body", "{product} could not be delivered: {reason}. {amount:kyat} has been returned to your wallet.", "{product} ကို ပို့ပေး၍ မရပါ- {reason}။ {amount:kyat} ကို သင့်ပိုက်ဆံအိတ်ထဲသို့ ပြန်ထည့်ပေးပြီးပါပြီ။")
	CodeDeliveredBody        = def("code_delivered_body", "Your {product} code (order for {game}). Tap the code to copy it and redeem it in {game}. Codes are single-use.", "သင်၏ {product} ကုဒ် ({game} အတွက် အော်ဒါ)။ ကုဒ်ကို နှိပ်၍ ကူးယူပြီး {game} တွင် အသုံးပြုပါ။ ကုဒ်တစ်ခုကို တစ်ကြိမ်သာ သုံးနိုင်ပါသည်။")
	TopupConfirmedTitle      = def("topup_confirmed_title", "Top-up #{topup} confirmed", "ငွေဖြည့်မှု #{topup} အတည်ပြုပြီးပါပြီ")
	TopupConfirmedBody       = def("topup_confirmed_body", "{amount:kyat} from your {method} transfer has been added to your wallet.", "သင်၏ {method} ငွေလွှဲမှုမှ {amount:kyat} ကို ပိုက်ဆံအိတ်ထဲသို့ ထည့်ပြီးပါပြီ။")
	TopupRejectedTitle       = def("topup_rejected_title", "Top-up #{topup} was not accepted", "ငွေဖြည့်မှု #{topup} ကို လက်မခံပါ")
	TopupRejectedBody        = def("topup_rejected_body", "Your {amount:kyat} {method} top-up was not accepted: {reason}. Contact support if you think this is a mistake.", "သင်၏ {amount:kyat} {method} ငွေဖြည့်မှုကို လက်မခံပါ- {reason}။ မှားယွင်းနေသည်ဟု ထင်ပါက အကူအညီဌာနကို ဆက်သွယ်ပါ။")
	WalletAdjustedTitle      = def("wallet_adjusted_title", "Your wallet was adjusted", "သင့်ပိုက်ဆံအိတ်ကို ချိန်ညှိထားပါသည်")
	WalletCreditedBody       = def("wallet_credited_body", "{amount:kyat} was added to your wallet: {reason}", "{amount:kyat} ကို သင့်ပိုက်ဆံအိတ်ထဲသို့ ထည့်ပေးပြီးပါပြီ- {reason}")
	WalletDebitedBody        = def("wallet_debited_body", "{amount:kyat} was taken from your wallet: {reason}", "{amount:kyat} ကို သင့်ပိုက်ဆံအိတ်မှ နုတ်ယူပြီးပါပြီ- {reason}")
	RefundApprovedTitle      = def("refund_approved_title", "Refund approved: order #{order}", "ငွေပြန်အမ်းမှု အတည်ပြုပြီး- အော်ဒါ #{order}")
	RefundApprovedBody       = def("refund_approved_body", "{amount:kyat} for {product} was returned to your wallet.", "{product} အတွက် {amount:kyat} ကို သင့်ပိုက်ဆံအိတ်ထဲသို့ ပြန်ထည့်ပေးပြီးပါပြီ။")
	RefundApprovedNoteBody   = def("refund_approved_note_body", "{amount:kyat} for {product} was returned to your wallet. {reason}", "{product} အတွက် {amount:kyat} ကို သင့်ပိုက်ဆံအိတ်ထဲသို့ ပြန်ထည့်ပေးပြီးပါပြီ။ {reason}")
	RefundDeclinedTitle      = def("refund_declined_title", "Refund declined: order #{order}", "ငွေပြန်အမ်းမှု ငြင်းပယ်ခံရသည်- အော်ဒါ #{order}")
	// The demo store's welcome (sql/seed): no promise of delivery times or
	// hours, which the shop's configuration states.
	WelcomeTitle       = def("welcome_title", "Welcome to {store}", "{store} မှ ကြိုဆိုပါသည်")
	WelcomeBody        = def("welcome_body", "Your wallet holds {amount:kyat}. Choose a game on the home page to buy, and top up your wallet whenever you need.", "သင့်ပိုက်ဆံအိတ်ထဲတွင် {amount:kyat} ရှိပါသည်။ ပင်မစာမျက်နှာမှ ဂိမ်းကို ရွေး၍ ဝယ်ယူနိုင်ပြီး လိုအပ်သည့်အခါ ပိုက်ဆံအိတ်ကို ငွေဖြည့်နိုင်ပါသည်။")
	RefundDeclinedBody = def("refund_declined_body", "Your refund request for {product} was declined: {reason}", "{product} အတွက် သင်၏ ငွေပြန်အမ်းရန် တောင်းဆိုမှုကို ငြင်းပယ်လိုက်ပါသည်- {reason}")
)
