package i18n

// The account page's settings: password, e-mail, phone, language, the
// sessions list and deleting the account (api/account*.go).
var (
	CurrentPasswordRequired = def("current_password_required", "Please enter your current password", "လက်ရှိ စကားဝှက်ကို ထည့်ပါ")
	WrongPassword           = def("wrong_password", "The current password is incorrect.", "လက်ရှိ စကားဝှက် မှားနေပါသည်။")
	WeakPassword            = def("weak_password", "Choose a password of at least 6 characters.", "အနည်းဆုံး စာလုံး 6 လုံးပါသော စကားဝှက်ကို ရွေးပါ။")
	EmailRequired           = def("email_required", "Please enter your email address", "အီးမေးလ် လိပ်စာကို ထည့်ပါ")
	PhoneInUse              = def("phone_in_use", "This phone number belongs to another account.", "ဤဖုန်းနံပါတ်သည် အခြားအကောင့်၏ ဖုန်းနံပါတ် ဖြစ်ပါသည်။")
	SamePhone               = def("same_phone", "This is already your phone number.", "ဤနံပါတ်သည် သင့်လက်ရှိ ဖုန်းနံပါတ် ဖြစ်ပြီးသားပါ။")
	LocaleInvalid           = def("invalid_locale", "Choose Burmese (my) or English (en).", "မြန်မာ (my) သို့မဟုတ် အင်္ဂလိပ် (en) ကို ရွေးပါ။")
	SessionNotFound         = def("session_not_found", "This session was not found. It may have ended already.", "ဤဝင်ရောက်မှုကို မတွေ့ပါ။ ပြီးဆုံးသွားပြီ ဖြစ်နိုင်ပါသည်။")
	BalanceNotZero          = def("balance_not_zero", "Your wallet still holds {amount:kyat}. Spend it or ask for a refund before deleting your account.", "သင့်ပိုက်ဆံအိတ်တွင် {amount:kyat} ကျန်နေပါသေးသည်။ အကောင့်မဖျက်မီ သုံးပါ သို့မဟုတ် ငွေပြန်အမ်းရန် တောင်းဆိုပါ။")
	DeletionHasOpenBusiness = def("deletion_has_open_business", "This account still has a top-up, order or refund request in progress. Finish or decide those before deleting it.", "ဤအကောင့်တွင် ဆောင်ရွက်ဆဲ ငွေဖြည့်မှု၊ အော်ဒါ သို့မဟုတ် ငွေပြန်အမ်းရန် တောင်းဆိုမှု ရှိနေပါသေးသည်။ အကောင့်မဖျက်မီ ၎င်းတို့ကို ပြီးဆုံးအောင် ဆောင်ရွက်ပါ သို့မဟုတ် ဆုံးဖြတ်ပါ။")
	DeletedAccount          = def("deleted_account", "This account was deleted: no money can go into its wallet and nothing new can be opened on it.", "ဤအကောင့်ကို ဖျက်ပြီးဖြစ်၍ ၎င်း၏ ပိုက်ဆံအိတ်ထဲသို့ ငွေထည့်၍ မရတော့ဘဲ အသစ်လည်း ဘာမျှ ဖွင့်၍ မရတော့ပါ။")
	DeletionNotRequested    = def("deletion_not_requested", "No request to delete this account is open.", "ဤအကောင့်ကို ဖျက်ရန် တောင်းဆိုချက် မရှိပါ။")

	PasswordChanged   = def("password_changed", "Password changed. Other devices were signed out.", "စကားဝှက် ပြောင်းပြီးပါပြီ။ အခြားစက်များမှ ထွက်ပြီးပါပြီ။")
	SessionEnded      = def("session_ended", "Signed out.", "ထွက်ပြီးပါပြီ။")
	OtherSessionsEnd  = def("other_sessions_ended", "Signed out everywhere else.", "အခြားနေရာအားလုံးမှ ထွက်ပြီးပါပြီ။")
	EmailChanged      = def("email_changed", "Email changed.", "အီးမေးလ် ပြောင်းပြီးပါပြီ။")
	PhoneChanged      = def("phone_changed", "Phone number changed.", "ဖုန်းနံပါတ် ပြောင်းပြီးပါပြီ။")
	LanguageSaved     = def("language_saved", "Language saved.", "ဘာသာစကား သိမ်းပြီးပါပြီ။")
	DeletionRequested = def("deletion_requested", "Your request to delete this account was sent. An admin will complete it.", "ဤအကောင့်ကို ဖျက်ရန် တောင်းဆိုချက် ပို့ပြီးပါပြီ။ အက်ဒမင်က ဆောင်ရွက်ပေးပါမည်။")
	DeletionCancelled = def("deletion_cancelled", "Your account will not be deleted.", "သင့်အကောင့်ကို မဖျက်တော့ပါ။")
	AccountDeleted    = def("account_deleted", "Account deleted.", "အကောင့် ဖျက်ပြီးပါပြီ။")
	SMSPhoneCode      = def("sms_phone_code", "{store}: your code to add this phone number to your account is {code}. It expires in {minutes} minutes. Never share it.", "{store}: ဤဖုန်းနံပါတ်ကို သင့်အကောင့်တွင် ထည့်ရန် ကုဒ်မှာ {code} ဖြစ်ပါသည်။ {minutes} မိနစ်အတွင်း သက်တမ်းကုန်ပါမည်။ မည်သူ့ကိုမျှ မပြောပါနှင့်။")
)
