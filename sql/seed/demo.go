package seed

import (
	"crypto/sha256"
	"fmt"
	"strconv"
	"strings"
)

// Demo logins, printed by "topup seed" and used by the end-to-end tests.
const (
	AdminPhone       = "09000000001"
	AdminPassword    = "admin123"
	CustomerPhone    = "09123456789"
	CustomerPassword = "customer123"
	CustomerUsername = "demo"
	CustomerWallet   = 50000
)

// Demo returns the demo store. It builds a fresh value on every call, so
// callers may modify it.
func Demo() Data {
	d := Data{
		Services: []Service{
			// The code service is named "Code": the client shows a delivered
			// message's title as a copyable code when its product's service
			// name is "code" (docs/spec.md §2, compared case-insensitively).
			{Slug: "top-up", Name: "Top Up", NameMy: "ငွေဖြည့်", Kind: "coin", Sort: 1},
			{Slug: "code", Name: "Code", NameMy: "ကုဒ်", Kind: "code", Sort: 2},
			{Slug: "account", Name: "Account", NameMy: "အကောင့်", Kind: "account", Sort: 3},
		},
		Games: []Game{
			{Slug: "mobile-legends", ServiceSlug: "top-up", Name: "Mobile Legends", NameMy: "မိုဘိုင်းလယ်ဂျင်း", IsHot: true, UsesServerID: true, Sort: 1,
				Description: "Diamonds delivered to your game ID and zone ID."},
			{Slug: "pubg-coin", ServiceSlug: "top-up", Name: "PUBG Mobile UC", NameMy: "ပါ့ဘ်ဂျီ UC", IsHot: true, Sort: 2,
				Description: "Unknown Cash straight to your character ID. No server ID needed."},
			{Slug: "free-fire", ServiceSlug: "top-up", Name: "Free Fire", NameMy: "ဖရီးဖိုင်ယာ", IsHot: true, Sort: 3,
				Description: "Diamonds and memberships for your player ID."},
			{Slug: "genshin-impact", ServiceSlug: "top-up", Name: "Genshin Impact", NameMy: "ဂန်ရှင်", Sort: 4,
				Description: "Genesis Crystals and the monthly card for your UID."},
			{Slug: "honor-of-kings", ServiceSlug: "top-up", Name: "Honor of Kings", NameMy: "ဟော်နာအော့ဖ်ကင်း", Sort: 5,
				Description: "Tokens for your player ID."},
			{Slug: "clash-of-clans", ServiceSlug: "top-up", Name: "Clash of Clans", NameMy: "ကလက်ရှ်အော့ဖ်ကလန်း", Sort: 6,
				Description: "Gems and the Gold Pass for your player tag."},
			{Slug: "valorant-points", ServiceSlug: "code", Name: "Valorant Points", NameMy: "ဗယ်လိုရန့် ပွိုင့်", IsHot: true, Sort: 7,
				Description: "Redeem codes, delivered to your messages within minutes."},
			{Slug: "steam-wallet", ServiceSlug: "code", Name: "Steam Wallet", NameMy: "စတီးမ် ဝေါလက်", Sort: 8,
				Description: "Wallet codes in US dollars for the global store."},
			{Slug: "google-play", ServiceSlug: "code", Name: "Google Play", NameMy: "ဂူဂယ်ပလေး", Sort: 9,
				Description: "Gift codes in US dollars."},
			{Slug: "mlbb-accounts", ServiceSlug: "account", Name: "MLBB Accounts", NameMy: "MLBB အကောင့်များ", IsHot: true, Sort: 10,
				Description: "Checked Mobile Legends accounts, login handed over on purchase."},
			{Slug: "pubg-accounts", ServiceSlug: "account", Name: "PUBG Accounts", NameMy: "PUBG အကောင့်များ", Sort: 11,
				Description: "Checked PUBG Mobile accounts, login handed over on purchase."},
		},
		PaymentMethods: []PaymentMethod{
			// Payees as a shop's own accounts are named in the payment apps
			// (the owner's name in Latin letters), not marked as demo: the
			// customer copies this name into KBZPay. The numbers are in the
			// unassigned 0900… range.
			{Name: "KBZPay", HolderName: "U Aung Ko Ko", Phone: "09000000111", Icon: MediaPrefix + "payments/kbzpay.svg", Kind: "wallet", Sort: 1},
			{Name: "AYA Pay", HolderName: "Daw Hnin Wai Phyo", Phone: "09000000222", Icon: MediaPrefix + "payments/ayapay.svg", Kind: "bank", Sort: 2},
		},
		Banners: []Banner{{
			Title:    "Double Diamond Week",
			TitleMy:  "စိန်နှစ်ဆ အပတ်",
			ImageURL: MediaPrefix + "banners/double-diamonds.svg",
			Link:     "/detail/top-up/mobile-legends",
			Sort:     1,
		}},
		Settings: []Setting{
			{Key: "admin_online", Value: false},
			{Key: "service_charge", Value: 50},
			{Key: "min_topup", Value: 2000},
		},
		Users: []User{
			{Username: "admin", Phone: AdminPhone, Email: "admin@shwe-topup.test", Password: AdminPassword, IsAdmin: true},
			{Username: CustomerUsername, Phone: CustomerPhone, Password: CustomerPassword, Wallet: CustomerWallet},
		},
		// Written from the catalogue (internal/i18n welcome_*), so it reads
		// wholly in the reader's language, and promises nothing the shop's
		// configuration (DELIVERY_MINUTES, SUPPORT_HOURS) does not.
		Messages: []Message{{
			UserPhone: CustomerPhone,
			TitleCode: "welcome_title",
			BodyCode:  "welcome_body",
			Params:    map[string]any{"store": "Shwe Top-Up", "amount": CustomerWallet},
		}},
	}
	for i := range d.Games {
		g := &d.Games[i]
		g.LogoURL = MediaPrefix + "games/" + g.Slug + ".svg"
		g.SearchAliases = searchAliases[g.Slug]
		if g.ServiceSlug == "top-up" {
			g.IDHelpURL = MediaPrefix + "help/" + g.Slug + ".svg"
		}
	}
	d.Products = append(d.Products, coinProducts()...)
	d.Products = append(d.Products, codeProducts()...)
	d.Products = append(d.Products, accountProducts()...)
	return d
}

// searchAliases are what customers type for a game besides its names (the
// initials of the English name, "ml", "ff", "coc", match without one):
// nicknames and the Burmese spellings heard in shops.
var searchAliases = map[string]string{
	"mobile-legends":  "mlbb, mobile legend, bang bang, မိုဘိုင်း, အမ်အယ်",
	"pubg-coin":       "pubgm, pubg mobile, ပပ်ဂျီ, ပဘ်ဂျီ",
	"free-fire":       "garena, free fire max, ဖရီးဖိုင်း",
	"genshin-impact":  "genshin, ဂင်ရှင်",
	"honor-of-kings":  "kings, ဟော်နာ",
	"clash-of-clans":  "clash, ကလက်ရှ်",
	"valorant-points": "valo, valorant, ဗယ်လို",
	"steam-wallet":    "steam card, steam gift",
	"google-play":     "gp, play store, ပလေးစတိုး",
	"mlbb-accounts":   "ml account, mobile legends account, ml အကောင့်",
	"pubg-accounts":   "pubg account, ပပ်ဂျီ အကောင့်",
}

type coin struct {
	amount int
	price  int64
	name   string // "" means "<amount> <unit>"
	nameMy string
	img    string // "" means the tier picture of the currency
	pass   bool   // a pass or subscription: listed first
}

func coinProducts() []Product {
	games := []struct {
		slug, unit, unitMy, art string
		popular                 map[int]bool
		items                   []coin
	}{
		{"mobile-legends", "Diamonds", "စိန်", "diamond", map[int]bool{86: true, 172: true, 257: true}, []coin{
			{amount: 11, price: 800}, {amount: 22, price: 1500}, {amount: 56, price: 3600},
			{amount: 86, price: 5300}, {amount: 172, price: 10500}, {amount: 257, price: 15500},
			{amount: 344, price: 21000}, {amount: 429, price: 26000}, {amount: 514, price: 31000},
			{amount: 706, price: 42000}, {amount: 878, price: 53000}, {amount: 1412, price: 84000},
			{amount: 2195, price: 128000},
			{amount: 220, price: 6500, name: "Weekly Diamond Pass", nameMy: "အပတ်စဉ် စိန်ပတ်စ်", img: "pass-weekly", pass: true},
			{amount: 0, price: 35000, name: "Twilight Pass", nameMy: "တွိုင်လိုက် ပတ်စ်", img: "pass-season", pass: true},
		}},
		{"pubg-coin", "UC", "UC ငွေ", "uc", map[int]bool{60: true, 325: true, 660: true}, []coin{
			{amount: 60, price: 4500}, {amount: 120, price: 8900}, {amount: 180, price: 13300},
			{amount: 325, price: 22000}, {amount: 385, price: 26500}, {amount: 660, price: 44000},
			{amount: 720, price: 48500}, {amount: 1800, price: 108000}, {amount: 3850, price: 215000},
			{amount: 8100, price: 430000},
		}},
		{"free-fire", "Diamonds", "စိန်", "ff-diamond", map[int]bool{100: true, 520: true}, []coin{
			{amount: 100, price: 3500}, {amount: 210, price: 7000}, {amount: 310, price: 10300},
			{amount: 520, price: 17000}, {amount: 1060, price: 34000}, {amount: 2180, price: 68000},
			{amount: 5600, price: 170000},
			{amount: 450, price: 6800, name: "Weekly Membership", nameMy: "အပတ်စဉ် အသင်းဝင်", img: "membership", pass: true},
			{amount: 2600, price: 32000, name: "Monthly Membership", nameMy: "လစဉ် အသင်းဝင်", img: "membership", pass: true},
		}},
		{"genshin-impact", "Genesis Crystals", "ဂျနီဆစ် ခရစ္စတယ်", "crystal", map[int]bool{330: true}, []coin{
			{amount: 60, price: 3800}, {amount: 330, price: 18000}, {amount: 1090, price: 54000},
			{amount: 2240, price: 108000}, {amount: 3880, price: 178000}, {amount: 8080, price: 355000},
			{amount: 300, price: 18000, name: "Blessing of the Welkin Moon", nameMy: "ဝဲလ်ကင်မွန်း လစဉ်ကတ်", img: "moon-card", pass: true},
		}},
		{"honor-of-kings", "Tokens", "တိုကင်", "token", map[int]bool{240: true}, []coin{
			{amount: 16, price: 900}, {amount: 80, price: 4300}, {amount: 240, price: 12800},
			{amount: 400, price: 21000}, {amount: 830, price: 42000}, {amount: 2508, price: 125000},
		}},
		{"clash-of-clans", "Gems", "ကျောက်မျက်", "gem", map[int]bool{500: true}, []coin{
			{amount: 80, price: 4500}, {amount: 500, price: 22000}, {amount: 1200, price: 44000},
			{amount: 2500, price: 88000}, {amount: 6500, price: 215000},
			{amount: 0, price: 27000, name: "Gold Pass", nameMy: "ရွှေပတ်စ်", img: "gold-pass", pass: true},
		}},
	}
	var out []Product
	for _, g := range games {
		for i, c := range g.items {
			name, nameMy, img := c.name, c.nameMy, c.img
			// In-game amounts keep Latin digits in Burmese too, as the games
			// print them and as prices are written (Myanmar digits are the
			// reader's setting, applied to amounts, not to product names).
			if name == "" {
				name = fmt.Sprintf("%s %s", groupThousands(c.amount), g.unit)
				nameMy = fmt.Sprintf("%s %s", g.unitMy, groupThousands(c.amount))
				switch {
				case i < len(g.items)/3:
					img = g.art + "-s"
				case i < 2*len(g.items)/3:
					img = g.art + "-m"
				default:
					img = g.art + "-l"
				}
			}
			sku := fmt.Sprintf("%s-%d", g.slug, c.amount)
			if c.name != "" {
				sku = g.slug + "-" + slugify(c.name)
			}
			p := Product{
				SKU: sku, GameSlug: g.slug, ServiceSlug: "top-up",
				Name: name, NameMy: nameMy,
				Description: fmt.Sprintf("%s for %s, delivered to your game ID.", name, gameName(g.slug)),
				ImgURL:      MediaPrefix + "products/" + img + ".svg",
				Price:       c.price,
				IsPopular:   g.popular[c.amount],
				IsPass:      c.pass,
				Sort:        i + 1,
				Data:        map[string]any{"amount": c.amount},
			}
			// Every third item shows a discount from a rounded "was" price.
			if i%3 == 1 {
				p.DiscountPercent = 5 + (i % 4 * 5)
				p.FakePrice = roundUp(c.price*100/int64(100-p.DiscountPercent), 100)
			}
			out = append(out, p)
		}
	}
	return out
}

func codeProducts() []Product {
	items := []struct {
		game, label, labelMy, art string
		value                     int
		price                     int64
		popular                   bool
	}{
		{"valorant-points", "475 VP", "475 VP ကုဒ်", "code-valorant", 475, 11000, true},
		{"valorant-points", "1000 VP", "1000 VP ကုဒ်", "code-valorant", 1000, 22000, false},
		{"valorant-points", "2050 VP", "2050 VP ကုဒ်", "code-valorant", 2050, 44000, false},
		{"valorant-points", "3650 VP", "3650 VP ကုဒ်", "code-valorant", 3650, 77000, false},
		{"steam-wallet", "$5 Steam Wallet Code", "Steam Wallet $5 ကုဒ်", "code-steam", 5, 22500, true},
		{"steam-wallet", "$10 Steam Wallet Code", "Steam Wallet $10 ကုဒ်", "code-steam", 10, 44500, false},
		{"steam-wallet", "$20 Steam Wallet Code", "Steam Wallet $20 ကုဒ်", "code-steam", 20, 88000, false},
		{"steam-wallet", "$50 Steam Wallet Code", "Steam Wallet $50 ကုဒ်", "code-steam", 50, 218000, false},
		{"google-play", "$5 Google Play Code", "Google Play $5 ကုဒ်", "code-google-play", 5, 23000, true},
		{"google-play", "$10 Google Play Code", "Google Play $10 ကုဒ်", "code-google-play", 10, 45500, false},
		{"google-play", "$25 Google Play Code", "Google Play $25 ကုဒ်", "code-google-play", 25, 112000, false},
	}
	var out []Product
	for i, it := range items {
		sku := fmt.Sprintf("%s-%d", it.game, it.value)
		p := Product{
			SKU: sku, GameSlug: it.game, ServiceSlug: "code",
			Name: it.label, NameMy: it.labelMy,
			Description: "A redeem code sent to your messages. Codes are single-use and non-refundable once shown.",
			ImgURL:      MediaPrefix + "products/" + it.art + ".svg",
			Price:       it.price,
			IsPopular:   it.popular,
			Sort:        i + 1,
			Data:        map[string]any{"amount": it.value},
		}
		if it.game == "valorant-points" {
			p.Data["region"] = "SEA"
		} else {
			p.Data["currency"] = "USD"
			p.Data["region"] = "Global"
		}
		// Four codes each, five for the popular ones: enough for demos of
		// both delivery and "sold out".
		n := 4
		if it.popular {
			n = 5
		}
		for j := 1; j <= n; j++ {
			p.Codes = append(p.Codes, demoCode(sku, j))
		}
		out = append(out, p)
	}
	return out
}

func accountProducts() []Product {
	items := []struct {
		sku, game, rank, rankMy string
		skins, heroes           int
		price                   int64
		popular, sold           bool
	}{
		{"mlbb-acc-mythic-glory", "mlbb-accounts", "Mythic Glory", "မစ်သစ် ဂလိုရီ", 248, 121, 650000, true, false},
		{"mlbb-acc-mythic", "mlbb-accounts", "Mythic", "မစ်သစ်", 164, 98, 380000, true, false},
		{"mlbb-acc-legend", "mlbb-accounts", "Legend", "လယ်ဂျင်း", 96, 74, 185000, false, false},
		{"mlbb-acc-epic", "mlbb-accounts", "Epic", "အီးပစ်", 41, 52, 85000, false, true},
		{"mlbb-acc-starter", "mlbb-accounts", "Grandmaster", "ဂရန်းမာစတာ", 18, 33, 42000, false, false},
		{"pubg-acc-conqueror", "pubg-accounts", "Conqueror", "ကွန်ကရာ", 310, 0, 720000, true, false},
		{"pubg-acc-ace", "pubg-accounts", "Ace", "အေ့စ်", 142, 0, 290000, false, false},
		{"pubg-acc-crown", "pubg-accounts", "Crown", "ကရောင်း", 67, 0, 120000, false, false},
		{"pubg-acc-diamond", "pubg-accounts", "Diamond", "ဒိုင်းမွန်း", 25, 0, 55000, false, false},
	}
	var out []Product
	for i, it := range items {
		base := MediaPrefix + "products/accounts/" + it.sku
		data := map[string]any{"rank": it.rank, "skin_count": it.skins}
		var name, nameMy string
		if it.heroes > 0 {
			data["hero_count"] = it.heroes
			name = fmt.Sprintf("%s account · %d skins · %d heroes", it.rank, it.skins, it.heroes)
			nameMy = fmt.Sprintf("%s အကောင့် · စကင် %d\u00a0ခု · ဟီးရိုး %d\u00a0ခု", it.rankMy, it.skins, it.heroes)
		} else {
			name = fmt.Sprintf("%s account · %d skins", it.rank, it.skins)
			nameMy = fmt.Sprintf("%s အကောင့် · စကင် %d\u00a0ခု", it.rankMy, it.skins)
		}
		p := Product{
			SKU: it.sku, GameSlug: it.game, ServiceSlug: "account",
			Name: name, NameMy: nameMy,
			Description: "Bound e-mail included. Change both passwords right after purchase.",
			ImgURL:      base + "-1.svg",
			PreviewImg:  []string{base + "-1.svg", base + "-2.svg", base + "-3.svg"},
			Price:       it.price,
			IsPopular:   it.popular,
			IsSold:      it.sold,
			Sort:        i + 1,
			Data:        data,
			// The login handed over reads like a real one; the address is
			// under the reserved .example domain (RFC 2606): nobody's mailbox.
			Account: &Account{
				Email:         fmt.Sprintf("%s.%d@mail.example", strings.ReplaceAll(strings.ToLower(it.rank), " ", ""), it.skins),
				EmailPassword: madeUp(it.sku+"/mail", 10, passwordAlphabet),
				GamePassword:  madeUp(it.sku+"/game", 10, passwordAlphabet),
			},
		}
		if i%2 == 0 {
			p.DiscountPercent = 10
			p.FakePrice = roundUp(it.price*100/90, 1000)
		}
		out = append(out, p)
	}
	return out
}

// demoCode makes a code shaped like a printed gift card's (three groups of
// five), different for every product and slot. It is marked as demo only
// where customers never look: its stock batch is "demo" (store.SeedDemo).
func demoCode(sku string, n int) string {
	s := madeUp(fmt.Sprintf("%s/%d", sku, n), 15, codeAlphabet)
	return s[:5] + "-" + s[5:10] + "-" + s[10:]
}

const (
	// codeAlphabet leaves out 0/O and 1/I, as gift cards do.
	codeAlphabet     = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
	passwordAlphabet = "23456789abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ"
)

// madeUp is n characters of alphabet derived from key (n ≤ 32): the same
// demo store on every run, a different value for every key.
func madeUp(key string, n int, alphabet string) string {
	sum := sha256.Sum256([]byte(key))
	out := make([]byte, n)
	for i := range out {
		out[i] = alphabet[int(sum[i])%len(alphabet)]
	}
	return string(out)
}

func groupThousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

func roundUp(v, to int64) int64 { return (v + to - 1) / to * to }

func slugify(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}

func gameName(slug string) string {
	switch slug {
	case "mobile-legends":
		return "Mobile Legends"
	case "pubg-coin":
		return "PUBG Mobile"
	case "free-fire":
		return "Free Fire"
	case "genshin-impact":
		return "Genshin Impact"
	case "honor-of-kings":
		return "Honor of Kings"
	case "clash-of-clans":
		return "Clash of Clans"
	}
	return slug
}
