// Policy texts (docs/spec.md §1: effective 17-08-2025, Myanmar law, 24-hour refunds,
// receipts deleted after 30 days). Both languages; Burmese in Unicode.

export interface PolicySection {
  title: string;
  body: string[];
}

export type PolicyKind = 'privacy' | 'terms' | 'security';
type Localised = { en: PolicySection[]; my: PolicySection[] };

export const EFFECTIVE_DATE = '17-08-2025';

const terms: Localised = {
  en: [
    { title: 'Account Registration', body: ['You register with a working phone number and a password of at least 6 characters. Keep your login details private: you are responsible for everything done with your account.', 'One person may hold one account. Information you give must be true and current.'] },
    { title: 'User Responsibilities', body: ['Enter the correct game ID and server ID before you confirm an order; top-ups sent to the ID you entered cannot be recalled.', 'Do not use the store for fraud, chargebacks, resale schemes or anything unlawful.'] },
    { title: 'Payment Verification', body: ['You fund your wallet by bank or mobile-wallet transfer and upload the receipt. We may ask you to upload receipts or other proof, and we may reject payments that look suspicious.', 'Wallet credit normally appears within about 5 minutes of confirmation. Receipt files are deleted 30 days after the top-up is decided.'] },
    { title: 'Refunds', body: ['Digital goods are delivered instantly, so refunds are given only in exceptional cases such as an order we could not fulfil.', 'A refund request must reach us within 24 hours of the purchase. Approved refunds are returned to your wallet.'] },
    { title: 'Intellectual Property', body: ['Game names, logos and artwork belong to their publishers and are shown only to identify the products. The store design and texts belong to us.'] },
    { title: 'Termination', body: ['We may suspend or close accounts used for fraud, abuse or breaking these terms. A suspended account can still log out and contact support about the decision.'] },
    { title: 'Limitation of Liability', body: ['We are not liable for losses caused by wrong account details you entered, by game publishers, or by events outside our control. Our liability for any order is limited to the amount you paid for it.'] },
    { title: 'Modifications', body: ['We may update these terms. The effective date at the top changes with each update, and continuing to use the store means you accept the new terms.'] },
    { title: 'Governing Law', body: ['These terms are governed by the laws of the Republic of the Union of Myanmar. Disputes are settled by the courts of Yangon.'] },
    { title: 'Contact Us', body: ['Questions about these terms? Contact our support through the links in the footer; we answer every day.'] },
  ],
  my: [
    { title: 'အကောင့်ဖွင့်ခြင်း', body: ['အသုံးပြုနေသော ဖုန်းနံပါတ်နှင့် အနည်းဆုံး စာလုံး ၆ လုံးပါသော စကားဝှက်ဖြင့် စာရင်းသွင်းရပါမည်။ သင့်အကောင့်ဖြင့် ပြုလုပ်သမျှအတွက် သင်တာဝန်ရှိသဖြင့် ဝင်ရောက်ရန် အချက်အလက်များကို လျှို့ဝှက်ထားပါ။', 'လူတစ်ဦးလျှင် အကောင့်တစ်ခုသာ ဖွင့်နိုင်ပါသည်။ ပေးသော အချက်အလက်များသည် မှန်ကန်ပြီး နောက်ဆုံးအခြေအနေ ဖြစ်ရပါမည်။'] },
    { title: 'အသုံးပြုသူ၏ တာဝန်များ', body: ['အော်ဒါမတင်မီ ဂိမ်း ID နှင့် ဆာဗာ ID မှန်ကန်ကြောင်း စစ်ဆေးပါ။ သင်ထည့်သော ID သို့ ပို့ပြီးသော ငွေဖြည့်မှုကို ပြန်ယူ၍ မရပါ။', 'လိမ်လည်မှု၊ ငွေပြန်တောင်းခံမှု၊ တရားမဝင်သော အလုပ်များအတွက် ဆိုင်ကို အသုံးမပြုရပါ။'] },
    { title: 'ငွေပေးချေမှု စစ်ဆေးခြင်း', body: ['ဘဏ် သို့မဟုတ် မိုဘိုင်းငွေပိုက်ဆံအိတ်ဖြင့် ငွေလွှဲပြီး ပြေစာကို တင်ရပါမည်။ ပြေစာ သို့မဟုတ် အခြားအထောက်အထားများ တောင်းခံနိုင်ပြီး သံသယဖြစ်ဖွယ် ငွေပေးချေမှုများကို ငြင်းပယ်နိုင်ပါသည်။', 'အတည်ပြုပြီး ၅ မိနစ်ခန့်အတွင်း ပိုက်ဆံအိတ်ထဲ ငွေရောက်ပါမည်။ ပြေစာဖိုင်များကို ဆုံးဖြတ်ပြီး ရက် ၃၀ အကြာတွင် ဖျက်ပစ်ပါသည်။'] },
    { title: 'ငွေပြန်အမ်းခြင်း', body: ['ဒစ်ဂျစ်တယ်ပစ္စည်းများကို ချက်ချင်းပို့ဆောင်သဖြင့် ပို့ဆောင်မပေးနိုင်သော အော်ဒါကဲ့သို့ ထူးခြားသည့် အခြေအနေများတွင်သာ ငွေပြန်အမ်းပါသည်။', 'ငွေပြန်အမ်းရန် တောင်းဆိုချက်ကို ဝယ်ယူပြီး ၂၄ နာရီအတွင်း ပို့ရပါမည်။ ခွင့်ပြုသော ငွေကို သင့်ပိုက်ဆံအိတ်သို့ ပြန်ထည့်ပေးပါသည်။'] },
    { title: 'အသိဉာဏ်ပစ္စည်း', body: ['ဂိမ်းအမည်၊ လိုဂိုနှင့် ပုံများသည် ၎င်းတို့၏ ထုတ်ဝေသူများ ပိုင်ဆိုင်ပြီး ပစ္စည်းကို ဖော်ပြရန်သာ အသုံးပြုပါသည်။ ဆိုင်၏ ဒီဇိုင်းနှင့် စာသားများသည် ကျွန်ုပ်တို့ ပိုင်ဆိုင်ပါသည်။'] },
    { title: 'အကောင့်ရပ်ဆိုင်းခြင်း', body: ['လိမ်လည်မှု၊ အလွဲသုံးစားမှု သို့မဟုတ် ဤစည်းကမ်းများကို ချိုးဖောက်သော အကောင့်များကို ရပ်ဆိုင်း သို့မဟုတ် ပိတ်နိုင်ပါသည်။ ရပ်ဆိုင်းခံရသော အကောင့်သည် ထွက်နိုင်ပြီး ဆုံးဖြတ်ချက်အကြောင်း အကူအညီဌာနကို ဆက်သွယ်နိုင်ပါသည်။'] },
    { title: 'တာဝန်ကန့်သတ်ချက်', body: ['သင်ထည့်သော မှားယွင်းသည့် အကောင့်အချက်အလက်၊ ဂိမ်းထုတ်ဝေသူများ သို့မဟုတ် ကျွန်ုပ်တို့ ထိန်းချုပ်၍မရသော အခြေအနေများကြောင့် ဖြစ်သော ဆုံးရှုံးမှုများအတွက် တာဝန်မယူပါ။ မည်သည့်အော်ဒါအတွက်မဆို တာဝန်သည် သင်ပေးချေသော ပမာဏထက် မပိုပါ။'] },
    { title: 'ပြင်ဆင်ချက်များ', body: ['ဤစည်းကမ်းများကို ပြင်ဆင်နိုင်ပါသည်။ ပြင်ဆင်တိုင်း အသက်ဝင်သည့်ရက်စွဲ ပြောင်းလဲမည်ဖြစ်ပြီး ဆက်လက်အသုံးပြုခြင်းသည် စည်းကမ်းသစ်များကို လက်ခံခြင်း ဖြစ်ပါသည်။'] },
    { title: 'အုပ်ချုပ်သည့် ဥပဒေ', body: ['ဤစည်းကမ်းများကို ပြည်ထောင်စုသမ္မတ မြန်မာနိုင်ငံတော်၏ ဥပဒေများဖြင့် အုပ်ချုပ်ပါသည်။ အငြင်းပွားမှုများကို ရန်ကုန်ရှိ တရားရုံးများတွင် ဖြေရှင်းပါသည်။'] },
    { title: 'ဆက်သွယ်ရန်', body: ['ဤစည်းကမ်းများနှင့် ပတ်သက်၍ မေးမြန်းလိုပါက အောက်ခြေရှိ လင့်ခ်များမှတစ်ဆင့် အကူအညီဌာနကို ဆက်သွယ်ပါ။ နေ့စဉ် ပြန်လည်ဖြေကြားပါသည်။'] },
  ],
};

const privacy: Localised = {
  en: [
    { title: 'What we collect', body: ['Your username, phone number, optional e-mail address, wallet balance, orders, top-up requests and the receipts you upload. We also keep basic technical logs (IP address, time, browser) to protect the store.'] },
    { title: 'How we use it', body: ['To run your account, deliver orders, check payments, send you order messages and password-reset codes, and stop fraud. We do not sell your data.'] },
    { title: 'Receipts', body: ['Receipt images are stored privately, readable only by you and our staff, and deleted 30 days after the top-up is decided. We keep a fingerprint of the file to detect reused receipts.'] },
    { title: 'Cookies and storage', body: ['Two cookies keep you signed in for 7 days (token and user). Your theme and language choices are kept in your browser. We use no advertising trackers.'] },
    { title: 'Sharing', body: ['We share data only with the services needed to run the store (such as the SMS provider for reset codes) or when Myanmar law requires it.'] },
    { title: 'Your choices', body: ['You can update your details, ask us to correct them, or ask us to close your account through support.'] },
  ],
  my: [
    { title: 'ကျွန်ုပ်တို့ စုဆောင်းသော အချက်အလက်များ', body: ['သင့်အသုံးပြုသူအမည်၊ ဖုန်းနံပါတ်၊ (မဖြစ်မနေမဟုတ်သော) အီးမေးလ်၊ ပိုက်ဆံအိတ်လက်ကျန်၊ အော်ဒါများ၊ ငွေဖြည့်တောင်းဆိုမှုများနှင့် သင်တင်သော ပြေစာများ။ ဆိုင်ကို ကာကွယ်ရန် အခြေခံနည်းပညာမှတ်တမ်းများ (IP လိပ်စာ၊ အချိန်၊ ဘရောက်ဇာ) ကိုလည်း သိမ်းဆည်းပါသည်။'] },
    { title: 'အသုံးပြုပုံ', body: ['သင့်အကောင့်ကို စီမံရန်၊ အော်ဒါများ ပို့ဆောင်ရန်၊ ငွေပေးချေမှုများ စစ်ဆေးရန်၊ အော်ဒါစာများနှင့် စကားဝှက်ပြန်သတ်မှတ်ရန် ကုဒ်များ ပို့ရန်နှင့် လိမ်လည်မှုကို တားဆီးရန် အသုံးပြုပါသည်။ သင့်အချက်အလက်များကို မရောင်းချပါ။'] },
    { title: 'ပြေစာများ', body: ['ပြေစာပုံများကို သင်နှင့် ဝန်ထမ်းများသာ ကြည့်နိုင်အောင် သီးသန့်သိမ်းဆည်းပြီး ငွေဖြည့်မှုကို ဆုံးဖြတ်ပြီး ရက် ၃၀ အကြာတွင် ဖျက်ပစ်ပါသည်။ ပြေစာပြန်သုံးခြင်းကို စစ်ဆေးရန် ဖိုင်၏ လက်ဗွေကိုသာ ထားရှိပါသည်။'] },
    { title: 'ကွတ်ကီးနှင့် သိုလှောင်မှု', body: ['ကွတ်ကီးနှစ်ခုက သင့်ကို ရက် ၇ ရက် ဝင်ရောက်ထားစေပါသည်။ အရောင်ပုံစံနှင့် ဘာသာစကား ရွေးချယ်မှုကို သင့်ဘရောက်ဇာတွင် သိမ်းထားပါသည်။ ကြော်ငြာခြေရာခံကိရိယာ မသုံးပါ။'] },
    { title: 'မျှဝေခြင်း', body: ['ဆိုင်လည်ပတ်ရန် လိုအပ်သော ဝန်ဆောင်မှုများ (ဥပမာ ကုဒ်ပို့ရန် SMS ဝန်ဆောင်မှု) နှင့်သာ မျှဝေပြီး မြန်မာနိုင်ငံ ဥပဒေအရ လိုအပ်သည့်အခါတွင်သာ ပေးပါသည်။'] },
    { title: 'သင့်ရွေးချယ်ခွင့်များ', body: ['အကူအညီဌာနမှတစ်ဆင့် သင့်အချက်အလက်များကို ပြင်ဆင်ရန် သို့မဟုတ် အကောင့်ပိတ်ရန် တောင်းဆိုနိုင်ပါသည်။'] },
  ],
};

const security: Localised = {
  en: [
    { title: 'Protecting your account', body: ['Passwords are stored only as strong one-way hashes. Sign-in tokens expire after 7 days and are revoked when you log out, reset your password or are suspended.'] },
    { title: 'Connections', body: ['The store is served over HTTPS; live updates travel over an encrypted websocket and private channels that only your signed-in session may join.'] },
    { title: 'Payments and receipts', body: ['Each top-up has its own verification amount so a receipt cannot be reused. Receipts are checked to be real images, kept outside the public website and deleted after 30 days.'] },
    { title: 'Purchased secrets', body: ['Account passwords and redeem codes you buy are encrypted at rest and shown only to you.'] },
    { title: 'What you can do', body: ['Never share your password or reset code; our staff will never ask for them. Report anything suspicious to support straight away.'] },
  ],
  my: [
    { title: 'သင့်အကောင့်ကို ကာကွယ်ခြင်း', body: ['စကားဝှက်များကို ပြန်ဖော်၍မရသော တစ်လမ်းသွား ကုဒ်ဝှက်ချက်အဖြစ်သာ သိမ်းပါသည်။ ဝင်ရောက်မှု လက်မှတ်များသည် ရက် ၇ ရက်တွင် သက်တမ်းကုန်ပြီး ထွက်ခြင်း၊ စကားဝှက်ပြန်သတ်မှတ်ခြင်း သို့မဟုတ် ရပ်ဆိုင်းခံရခြင်းတွင် ပယ်ဖျက်ပါသည်။'] },
    { title: 'ချိတ်ဆက်မှုများ', body: ['ဆိုင်ကို ကုဒ်ဝှက်ထားသော ချိတ်ဆက်မှု (HTTPS) ဖြင့် ပံ့ပိုးပြီး တိုက်ရိုက်အပ်ဒိတ်များကို ကုဒ်ဝှက်ထားသော ချိတ်ဆက်မှုနှင့် သင်ဝင်ရောက်ထားသော စက်သာ ဝင်နိုင်သည့် သီးသန့်ချန်နယ်များဖြင့် ပို့ပါသည်။'] },
    { title: 'ငွေပေးချေမှုနှင့် ပြေစာများ', body: ['ငွေဖြည့်မှုတိုင်းတွင် သီးခြားအတည်ပြုပမာဏ ပါသဖြင့် ပြေစာကို ပြန်သုံး၍မရပါ။ ပြေစာများကို ပုံအစစ်ဖြစ်ကြောင်း စစ်ဆေးပြီး အများမြင်ဝက်ဘ်ဆိုက်အပြင်တွင် သိမ်းကာ ရက် ၃၀ အကြာတွင် ဖျက်ပါသည်။'] },
    { title: 'ဝယ်ယူထားသော လျှို့ဝှက်ချက်များ', body: ['သင်ဝယ်သော အကောင့်စကားဝှက်များနှင့် ဂိမ်းကုဒ်များကို ကုဒ်ဝှက်၍ သိမ်းပြီး သင့်ကိုသာ ပြသပါသည်။'] },
    { title: 'သင်လုပ်ဆောင်နိုင်သည်များ', body: ['သင့်စကားဝှက် သို့မဟုတ် ပြန်သတ်မှတ်ကုဒ်ကို မည်သူ့ကိုမျှ မပေးပါနှင့်။ ဝန်ထမ်းများက ဘယ်တော့မှ မတောင်းပါ။ သံသယဖြစ်ဖွယ်များကို အကူအညီဌာနသို့ ချက်ချင်း အကြောင်းကြားပါ။'] },
  ],
};

export const policies: Record<PolicyKind, Localised> = { privacy, terms, security };
