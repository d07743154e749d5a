package api

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/gofiber/fiber/v2"

	"topup/internal/contract"
	"topup/internal/i18n"
	"topup/store"
)

func toAdminProductRowJSON(v store.ProductRow) contract.AdminProduct {
	preview := []string(v.PreviewImg)
	if preview == nil {
		preview = []string{}
	}
	data := v.Data
	if len(data) == 0 {
		data = json.RawMessage(`{}`)
	}
	return contract.AdminProduct{ID: v.ID, GameID: v.GameID, ServiceID: v.ServiceID, SKU: v.SKU, Name: v.Name,
		NameMy: v.NameMy, Description: v.Description, ImgURL: v.ImgURL, PreviewImg: preview, Price: v.Price,
		FakePrice: v.FakePrice, DiscountPercent: v.DiscountPercent, IsSold: v.IsSold, IsPopular: v.IsPopular,
		IsPass: v.IsPass, IsActive: v.IsActive, Sort: v.Sort, Data: data, CreatedAt: v.CreatedAt, UpdatedAt: v.UpdatedAt}
}

func toAdminProductJSON(p store.AdminProduct) contract.AdminProduct {
	j := toAdminProductRowJSON(p.ProductRow)
	j.GameName, j.ServiceName, j.Kind = p.GameName, p.ServiceName, p.Kind
	switch p.Kind {
	case store.KindAccount:
		j.HasCredentials = &p.HasCredentials
	case store.KindCode:
		j.CodesAvailable = &p.CodesAvailable
		j.IsSold = p.CodesAvailable == 0
	}
	return j
}

// adminProductRequest: fake_price null clears it; data is a JSON object of the
// kind's facts (amount, rank, region…).
type adminProductRequest struct {
	GameID          *int64          `json:"game_id"`
	SKU             *string         `json:"sku"`
	Name            *string         `json:"name"`
	NameMy          *string         `json:"name_my"`
	Description     *string         `json:"description"`
	ImgURL          *string         `json:"img_url"`
	PreviewImg      *[]string       `json:"preview_img"`
	Price           *int64          `json:"price"`
	FakePrice       json.RawMessage `json:"fake_price"`
	DiscountPercent *int            `json:"discount_percent"`
	IsPopular       *bool           `json:"is_popular"`
	IsPass          *bool           `json:"is_pass"`
	IsActive        *bool           `json:"is_active"`
	IsSold          *bool           `json:"is_sold"`
	Sort            *int            `json:"sort"`
	Data            json.RawMessage `json:"data"`
}

const maxAdminPrice = 100_000_000

func (r adminProductRequest) apply(v *store.ProductRow, create bool) error {
	f := fieldErrors{}
	if r.GameID != nil && *r.GameID != v.GameID {
		v.GameID = *r.GameID
		v.ServiceID = 0 // the game's service, set by the store
	}
	if r.SKU != nil {
		sku := strings.ToLower(strings.TrimSpace(*r.SKU))
		v.SKU = nil
		if sku != "" {
			v.SKU = &sku
		}
		if sku != "" && (!adminSkuRE.MatchString(sku) || len(sku) > 100) {
			f.add("sku", i18n.SKUFormat)
		}
	}
	adminSet(&v.Name, r.Name)
	adminSet(&v.NameMy, r.NameMy)
	adminSet(&v.Description, r.Description)
	adminSet(&v.ImgURL, r.ImgURL)
	adminSet(&v.Price, r.Price)
	adminSet(&v.DiscountPercent, r.DiscountPercent)
	adminSet(&v.IsPopular, r.IsPopular)
	adminSet(&v.IsPass, r.IsPass)
	adminSet(&v.IsActive, r.IsActive)
	adminSet(&v.IsSold, r.IsSold)
	adminSet(&v.Sort, r.Sort)
	if r.PreviewImg != nil {
		v.PreviewImg = []string{}
		if len(*r.PreviewImg) > 10 {
			f.add("preview_img", i18n.PreviewImagesMax)
		}
		for _, u := range *r.PreviewImg {
			v.PreviewImg = append(v.PreviewImg, adminURL(f, "preview_img", u))
		}
	}
	if len(r.FakePrice) > 0 {
		if string(r.FakePrice) == "null" {
			v.FakePrice = nil
		} else {
			var n int64
			if err := json.Unmarshal(r.FakePrice, &n); err != nil {
				f.add("fake_price", i18n.FieldInteger)
			}
			v.FakePrice = &n
		}
	}
	if len(r.Data) > 0 {
		var obj map[string]any
		if err := json.Unmarshal(r.Data, &obj); err != nil || obj == nil {
			f.add("data", i18n.FieldObject)
		} else if len(r.Data) > 8192 {
			f.add("data", i18n.FieldTooLarge)
		}
		v.Data = json.RawMessage(bytes.TrimSpace(r.Data))
	}
	if create && r.Price == nil {
		f.add("price", i18n.FieldRequired)
	}
	if v.GameID <= 0 {
		f.add("game_id", i18n.ChooseGame)
	}
	v.Name = adminName(f, "name", v.Name, true, 200)
	v.NameMy = adminName(f, "name_my", v.NameMy, false, 200)
	v.Description = adminLongText(f, "description", v.Description, 5000)
	v.ImgURL = adminURL(f, "img_url", v.ImgURL)
	if v.Price < 0 || v.Price > maxAdminPrice {
		f.add("price", i18n.PriceRange, "max", i18n.Kyat(maxAdminPrice))
	}
	if v.FakePrice != nil && (*v.FakePrice < 0 || *v.FakePrice > maxAdminPrice) {
		f.add("fake_price", i18n.PriceRange, "max", i18n.Kyat(maxAdminPrice))
	}
	if v.DiscountPercent < 0 || v.DiscountPercent > 100 {
		f.add("discount_percent", i18n.DiscountRange)
	}
	return f.err()
}

func (s *Server) adminListProducts(c *fiber.Ctx) error {
	kind := c.Query("kind")
	if kind != "" && !adminKinds[kind] {
		return Invalid(fieldsErr("kind", i18n.ChooseProductKind))
	}
	page, err := s.opts.Store.AdminProducts(c.UserContext(), store.AdminProductFilter{
		GameID: adminQueryID(c, "game_id"), ServiceID: adminQueryID(c, "service_id"), Kind: kind, Q: c.Query("q"), Paging: adminPageOf(c),
	})
	if err != nil {
		return err
	}
	out := mapSlice(page.Items, toAdminProductJSON)
	return adminPaged(c, out, page.PageInfo)
}

func (s *Server) adminShowProduct(c *fiber.Ctx) error {
	id, err := adminID(c)
	if err != nil {
		return err
	}
	p, err := s.opts.Store.AdminProductByID(c.UserContext(), id)
	if err != nil {
		return err
	}
	return adminOK(c, toAdminProductJSON(p))
}

func (s *Server) adminCreateProduct(c *fiber.Ctx) error {
	var req adminProductRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	v := store.ProductRow{IsActive: true, Data: json.RawMessage(`{}`), PreviewImg: []string{}}
	if err := req.apply(&v, true); err != nil {
		return err
	}
	out, err := s.opts.Store.CreateProduct(c.UserContext(), adminActor(c), v)
	if err != nil {
		return adminForeignKey(err, "game_id", i18n.GameMissing)
	}
	p, err := s.opts.Store.AdminProductByID(c.UserContext(), out.ID)
	if err != nil {
		return err
	}
	return created(c, toAdminProductJSON(p))
}

func (s *Server) adminUpdateProduct(c *fiber.Ctx) error {
	id, err := adminID(c)
	if err != nil {
		return err
	}
	var req adminProductRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	_, err = s.opts.Store.UpdateProduct(c.UserContext(), adminActor(c), id, func(v *store.ProductRow) error { return req.apply(v, false) })
	if err != nil {
		return adminForeignKey(err, "game_id", i18n.GameMissing)
	}
	p, err := s.opts.Store.AdminProductByID(c.UserContext(), id)
	if err != nil {
		return err
	}
	return adminOK(c, toAdminProductJSON(p))
}

type adminCredentialsRequest struct {
	Email         string `json:"email"`
	EmailPassword string `json:"email_password"`
	GamePassword  string `json:"game_password"`
}

// adminSetCredentials stores an account product's login. It is never
// answered back: the answer says only that a login is stored.
func (s *Server) adminSetCredentials(c *fiber.Ctx) error {
	id, err := adminID(c)
	if err != nil {
		return err
	}
	var req adminCredentialsRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	f := fieldErrors{}
	cr := store.Credentials{Email: strings.TrimSpace(req.Email), EmailPassword: req.EmailPassword, GamePassword: req.GamePassword}
	for _, fv := range []struct{ name, v string }{{"email", cr.Email}, {"email_password", cr.EmailPassword}, {"game_password", cr.GamePassword}} {
		switch {
		case fv.v == "":
			f.add(fv.name, i18n.FieldRequired)
		case runes(fv.v) > 255:
			f.add(fv.name, i18n.FieldTooLong)
		case strings.IndexFunc(fv.v, badTextChar) >= 0:
			f.add(fv.name, i18n.FieldChars)
		}
	}
	if err := f.err(); err != nil {
		return err
	}
	info, err := s.opts.Store.SetCredentials(c.UserContext(), adminActor(c), id, cr)
	if err != nil {
		return err
	}
	return adminOK(c, fiber.Map{"product_id": info.ProductID, "has_credentials": true, "updated_at": info.UpdatedAt})
}

// adminRevealCredentials answers an account's login to an admin and
// records that they saw it.
func (s *Server) adminRevealCredentials(c *fiber.Ctx) error {
	id, err := adminID(c)
	if err != nil {
		return err
	}
	var req adminReasonRequest
	if err := adminDecodeOptional(c, &req); err != nil {
		return err
	}
	f := fieldErrors{}
	reason := adminName(f, "reason", req.Reason, false, maxAdminReason)
	if err := f.err(); err != nil {
		return err
	}
	cr, err := s.opts.Store.RevealCredentials(c.UserContext(), adminActor(c), id, reason)
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	return ok(c, fiber.Map{"product_id": id, "credentials": cr})
}
