package i18n

// Web Push: the subscription API's checks (api/push_subscriptions.go) and
// the notifications the store sends (internal/push). A notification never
// carries a code or an admin's own words: these texts stand in for them and
// the notification opens the app, which shows the rest.
var (
	PushDisabled         = def("push_disabled", "Notifications are not available on this store.", "ဤဆိုင်တွင် အသိပေးချက်များ မရနိုင်သေးပါ။")
	PushEndpointRequired = def("push_endpoint_required", "The subscription has no endpoint.", "စာရင်းသွင်းမှုတွင် ပို့ရမည့်လိပ်စာ မပါပါ။")
	PushEndpointInvalid  = def("push_endpoint_invalid", "The endpoint must be an https:// address of at most {max} characters.", "ပို့ရမည့်လိပ်စာသည် စာလုံး {max} လုံးထက် မပိုသော https:// လိပ်စာ ဖြစ်ရပါမည်။")
	PushKeyInvalid       = def("push_key_invalid", "keys.p256dh must be a P-256 public key of 65 bytes, base64url-encoded.", "keys.p256dh သည် base64url ဖြင့် ရေးထားသော 65 ဘိုက် P-256 အများသုံးသော့ ဖြစ်ရပါမည်။")
	PushAuthInvalid      = def("push_auth_invalid", "keys.auth must be 16 bytes, base64url-encoded.", "keys.auth သည် base64url ဖြင့် ရေးထားသော 16 ဘိုက် ဖြစ်ရပါမည်။")
	PushExpiryInvalid    = def("push_expiry_invalid", "expirationTime must be a time in milliseconds since 1970, or null.", "expirationTime သည် 1970 မှစ၍ မီလီစက္ကန့်ဖြင့် အချိန် သို့မဟုတ် null ဖြစ်ရပါမည်။")

	PushMessageTitle      = def("push_message_title", "You have a new message", "သင့်ထံ စာအသစ် ရောက်ရှိနေပါသည်")
	PushMessageBody       = def("push_message_body", "Open the app to read it.", "ဖတ်ရှုရန် အက်ပ်ကို ဖွင့်ပါ။")
	PushCodeReadyTitle    = def("push_code_ready_title", "Your {product} code is ready", "သင်၏ {product} ကုဒ် ရပါပြီ")
	PushCodeReadyBody     = def("push_code_ready_body", "Open your order to see and copy the code.", "ကုဒ်ကို ကြည့်ရှုကူးယူရန် သင့်အော်ဒါကို ဖွင့်ပါ။")
	PushTopupWaitingTitle = def("push_topup_waiting_title", "Top-up #{topup} is waiting", "ငွေဖြည့်မှု #{topup} စစ်ဆေးရန် စောင့်နေပါသည်")
	PushTopupWaitingBody  = def("push_topup_waiting_body", "{amount:kyat} by {method} from {user}.", "{user} ထံမှ {method} ဖြင့် {amount:kyat}။")
)
