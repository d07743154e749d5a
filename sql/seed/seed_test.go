package seed

import (
	"encoding/xml"
	"io"
	"io/fs"
	"strings"
	"testing"
	"unicode"
)

func TestDemoShape(t *testing.T) {
	d := Demo()
	kinds := map[string]string{}
	for _, s := range d.Services {
		kinds[s.Slug] = s.Kind
	}
	games := map[string]string{}
	hot := 0
	for _, g := range d.Games {
		if _, dup := games[g.Slug]; dup {
			t.Errorf("duplicate game %s", g.Slug)
		}
		if _, ok := kinds[g.ServiceSlug]; !ok {
			t.Errorf("game %s: unknown service %s", g.Slug, g.ServiceSlug)
		}
		games[g.Slug] = g.ServiceSlug
		if g.IsHot {
			hot++
		}
	}
	if len(d.Games) < 8 || hot == 0 {
		t.Errorf("%d games, %d hot", len(d.Games), hot)
	}
	if games["pubg-coin"] == "" {
		t.Error("pubg-coin missing (the client hides Server ID for it)")
	}
	// Every coin game shows where its id is, and every game has aliases
	// with a Burmese one among them (issue 25).
	for _, g := range d.Games {
		if g.ServiceSlug == "top-up" && g.IDHelpURL == "" {
			t.Errorf("game %s: no id help picture", g.Slug)
		}
		if g.SearchAliases != strings.ToLower(g.SearchAliases) || g.SearchAliases == "" {
			t.Errorf("game %s: aliases %q, want lowercase and some", g.Slug, g.SearchAliases)
		}
	}
	passes := map[string]int{}
	for _, p := range d.Products {
		if p.IsPass {
			passes[p.GameSlug]++
		}
	}
	if passes["mobile-legends"] != 2 || passes["free-fire"] != 2 {
		t.Errorf("passes %v: the weekly and twilight passes, the memberships", passes)
	}

	skus := map[string]bool{}
	codes := map[string]bool{}
	perKind := map[string]int{}
	for _, p := range d.Products {
		t.Run(p.SKU, func(t *testing.T) {
			if skus[p.SKU] {
				t.Fatal("duplicate SKU")
			}
			skus[p.SKU] = true
			kind := kinds[p.ServiceSlug]
			perKind[kind]++
			if games[p.GameSlug] != p.ServiceSlug {
				t.Errorf("game %s is not in service %s", p.GameSlug, p.ServiceSlug)
			}
			if p.Price <= 0 || (p.FakePrice != 0 && p.FakePrice <= p.Price) {
				t.Errorf("price %d, fake %d", p.Price, p.FakePrice)
			}
			if (p.DiscountPercent > 0) != (p.FakePrice > 0) {
				t.Errorf("discount %d%% with fake price %d", p.DiscountPercent, p.FakePrice)
			}
			if !hasMyanmar(p.NameMy) {
				t.Errorf("name_my %q has no Myanmar script", p.NameMy)
			}
			// Digits consistent within Burmese: Latin, as prices are
			// written by default (Myanmar digits are a reader's setting).
			if strings.ContainsAny(p.NameMy, "၀၁၂၃၄၅၆၇၈၉") {
				t.Errorf("name_my %q has Myanmar digits", p.NameMy)
			}
			switch kind {
			case "coin":
				if _, ok := p.Data["amount"]; !ok {
					t.Error("coin without amount")
				}
			case "code":
				if len(p.Codes) < 3 {
					t.Errorf("%d codes", len(p.Codes))
				}
				for _, c := range p.Codes {
					if codes[c] {
						t.Errorf("duplicate code %s", c)
					}
					codes[c] = true
				}
			case "account":
				if p.Account == nil || len(p.PreviewImg) == 0 {
					t.Error("account without login or previews")
				}
				for _, k := range []string{"rank", "skin_count"} {
					if _, ok := p.Data[k]; !ok {
						t.Errorf("account without %s", k)
					}
				}
			default:
				t.Errorf("unknown service %s", p.ServiceSlug)
			}
		})
	}
	if len(d.Products) < 60 {
		t.Errorf("%d products, want at least 60", len(d.Products))
	}
	for _, k := range []string{"coin", "code", "account"} {
		if perKind[k] == 0 {
			t.Errorf("no %s products", k)
		}
	}
	if len(d.PaymentMethods) < 2 || len(d.Banners) < 1 || len(d.Users) < 2 {
		t.Error("payment methods, banner or users missing")
	}
}

// What customers see reads like a shop's: no "demo" in payees, product
// texts, account logins or codes (issue 25). Only admin-side marks (the
// code stock's batch) may say so.
func TestDemoLooksLikeAShop(t *testing.T) {
	d := Demo()
	var seen []string
	for _, m := range d.PaymentMethods {
		seen = append(seen, m.HolderName)
	}
	for _, p := range d.Products {
		seen = append(seen, p.Name, p.NameMy, p.Description)
		seen = append(seen, p.Codes...)
		if a := p.Account; a != nil {
			seen = append(seen, a.Email, a.EmailPassword, a.GamePassword)
		}
	}
	for _, b := range d.Banners {
		seen = append(seen, b.Title, b.TitleMy)
	}
	for _, s := range seen {
		if strings.Contains(strings.ToLower(s), "demo") {
			t.Errorf("customers see %q", s)
		}
	}
	for _, m := range d.Messages {
		if m.TitleCode == "" || m.BodyCode == "" {
			t.Errorf("message for %s is not from the catalogue (one language per message)", m.UserPhone)
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

// Every media URL the demo data uses exists in Media.
func TestMediaReferenced(t *testing.T) {
	d := Demo()
	var urls []string
	for _, g := range d.Games {
		urls = append(urls, g.LogoURL)
		if g.IDHelpURL != "" {
			urls = append(urls, g.IDHelpURL)
		}
	}
	for _, p := range d.Products {
		urls = append(urls, p.ImgURL)
		urls = append(urls, p.PreviewImg...)
	}
	for _, m := range d.PaymentMethods {
		urls = append(urls, m.Icon)
	}
	for _, b := range d.Banners {
		urls = append(urls, b.ImageURL)
	}
	for _, u := range urls {
		name, ok := strings.CutPrefix(u, MediaPrefix)
		if !ok {
			t.Errorf("%q is not under %s", u, MediaPrefix)
			continue
		}
		if _, err := fs.Stat(Media, name); err != nil {
			t.Errorf("%s: %v", u, err)
		}
	}
}

// Every file in Media is well-formed SVG with a viewBox, and references no
// outside resource.
func TestMediaFiles(t *testing.T) {
	n := 0
	err := fs.WalkDir(Media, ".", func(path string, de fs.DirEntry, err error) error {
		if err != nil || de.IsDir() {
			return err
		}
		n++
		t.Run(path, func(t *testing.T) {
			b, err := fs.ReadFile(Media, path)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasSuffix(path, ".svg") || !strings.Contains(string(b), "viewBox=") {
				t.Fatal("not an SVG with a viewBox")
			}
			if strings.Contains(string(b), "href=") || strings.Contains(string(b), "<script") {
				t.Fatal("references outside resources or scripts")
			}
			// Customers see every picture: no "demo preview" watermark.
			if strings.Contains(strings.ToLower(string(b)), "demo") {
				t.Fatal("says demo")
			}
			dec := xml.NewDecoder(strings.NewReader(string(b)))
			for {
				if _, err := dec.Token(); err == io.EOF {
					break
				} else if err != nil {
					t.Fatal(err)
				}
			}
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 30 {
		t.Fatalf("only %d media files", n)
	}
}
