package api

import (
	"bytes"
	"database/sql"
	"encoding/csv"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/lib/pq"

	"topup/store"
)

// Catalogue administration. Create takes every required field; PATCH
// changes only the fields sent. Rows are switched off with is_active
// rather than deleted (orders point at them); banners can be deleted.

var adminSlugRE = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
var adminSkuRE = regexp.MustCompile(`^[a-z0-9]+([-_.][a-z0-9]+)*$`)

var adminKinds = map[string]bool{store.KindCoin: true, store.KindCode: true, store.KindAccount: true}

// checkName validates a one-line name of at most max characters.
func adminName(f fieldErrors, field, v string, required bool, max int) string {
	v = cleanText(v)
	switch {
	case v == "" && required:
		f.add(field, "This field is required.")
	case runes(v) > max:
		f.add(field, "This field is too long.")
	case strings.IndexFunc(v, badTextChar) >= 0:
		f.add(field, "This field contains characters that are not allowed.")
	}
	return v
}

func adminLongText(f fieldErrors, field, v string, max int) string {
	v = strings.TrimSpace(strings.ReplaceAll(v, "\r\n", "\n"))
	switch {
	case runes(v) > max:
		f.add(field, "This field is too long.")
	case strings.IndexFunc(v, badBodyChar) >= 0:
		f.add(field, "This field contains characters that are not allowed.")
	}
	return v
}

// checkURL accepts "", a path on this site ("/media/…") or an https URL:
// nothing a browser would run (javascript:, data:).
func adminURL(f fieldErrors, field, v string) string {
	v = strings.TrimSpace(v)
	if v == "" {
		return v
	}
	ok := len(v) <= 500 && strings.IndexFunc(v, func(r rune) bool { return r <= ' ' || r == 0x7f }) < 0
	if ok {
		if strings.HasPrefix(v, "/") {
			ok = !strings.HasPrefix(v, "//") && !strings.Contains(v, `\`)
		} else {
			u, err := url.Parse(v)
			ok = err == nil && u.Scheme == "https" && u.Host != ""
		}
	}
	if !ok {
		f.add(field, "Use a path on this site (/media/…) or an https:// address.")
	}
	return v
}

func catalogueSlug(f fieldErrors, field, v string) string {
	v = strings.TrimSpace(v)
	if !adminSlugRE.MatchString(v) || len(v) > 100 {
		f.add(field, "Use lowercase letters, digits and single hyphens (e.g. mobile-legends).")
	}
	return v
}

// ---- services

type adminServiceJSON struct {
	ID        int64     `json:"id"`
	Name      string    `json:"name"`
	NameMy    string    `json:"name_my"`
	Slug      string    `json:"slug"`
	Kind      string    `json:"kind"`
	Sort      int       `json:"sort"`
	IsActive  bool      `json:"is_active"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

func toAdminServiceJSON(v store.ServiceRow) adminServiceJSON {
	return adminServiceJSON{ID: v.ID, Name: v.Name, NameMy: v.NameMy, Slug: v.Slug, Kind: v.Kind, Sort: v.Sort,
		IsActive: v.IsActive, CreatedAt: v.CreatedAt, UpdatedAt: v.UpdatedAt}
}

type adminServiceRequest struct {
	Name     *string `json:"name"`
	NameMy   *string `json:"name_my"`
	Slug     *string `json:"slug"`
	Kind     *string `json:"kind"`
	Sort     *int    `json:"sort"`
	IsActive *bool   `json:"is_active"`
}

func (r adminServiceRequest) apply(v *store.ServiceRow) error {
	f := fieldErrors{}
	if r.Name != nil {
		v.Name = *r.Name
	}
	if r.NameMy != nil {
		v.NameMy = *r.NameMy
	}
	if r.Slug != nil {
		v.Slug = *r.Slug
	}
	if r.Kind != nil {
		v.Kind = *r.Kind
	}
	if r.Sort != nil {
		v.Sort = *r.Sort
	}
	if r.IsActive != nil {
		v.IsActive = *r.IsActive
	}
	v.Name = adminName(f, "name", v.Name, true, 100)
	v.NameMy = adminName(f, "name_my", v.NameMy, false, 100)
	v.Slug = catalogueSlug(f, "slug", v.Slug)
	if !adminKinds[v.Kind] {
		f.add("kind", "Use coin, code or account.")
	}
	return f.err()
}

func (s *Server) adminListServices(c *fiber.Ctx) error {
	list, err := s.opts.Store.AdminServices(c.UserContext())
	if err != nil {
		return err
	}
	out := make([]adminServiceJSON, len(list))
	for i, v := range list {
		out[i] = toAdminServiceJSON(v)
	}
	return adminOK(c, out)
}

func (s *Server) adminCreateService(c *fiber.Ctx) error {
	var req adminServiceRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	v := store.ServiceRow{IsActive: true}
	if err := req.apply(&v); err != nil {
		return err
	}
	out, err := s.opts.Store.CreateService(c.UserContext(), adminActor(c), v)
	if err != nil {
		return err
	}
	return c.Status(http.StatusCreated).JSON(fiber.Map{"success": true, "data": toAdminServiceJSON(out)})
}

func (s *Server) adminUpdateService(c *fiber.Ctx) error {
	id, err := adminID(c)
	if err != nil {
		return err
	}
	var req adminServiceRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	out, err := s.opts.Store.UpdateService(c.UserContext(), adminActor(c), id, func(v *store.ServiceRow) error { return req.apply(v) })
	if err != nil {
		return err
	}
	return adminOK(c, toAdminServiceJSON(out))
}

// ---- games

type adminGameJSON struct {
	ID           int64     `json:"id"`
	ServiceID    int64     `json:"service_id"`
	Name         string    `json:"name"`
	NameMy       string    `json:"name_my"`
	Slug         string    `json:"slug"`
	Description  string    `json:"description"`
	LogoURL      string    `json:"logo_url"`
	IsHot        bool      `json:"is_hot"`
	UsesServerID bool      `json:"uses_server_id"`
	Sort         int       `json:"sort"`
	IsActive     bool      `json:"is_active"`
	CreatedAt    time.Time `json:"created_at"`
	UpdatedAt    time.Time `json:"updated_at"`
}

func toAdminGameJSON(v store.GameRow) adminGameJSON {
	return adminGameJSON{ID: v.ID, ServiceID: v.ServiceID, Name: v.Name, NameMy: v.NameMy, Slug: v.Slug,
		Description: v.Description, LogoURL: v.LogoURL, IsHot: v.IsHot, UsesServerID: v.UsesServerID,
		Sort: v.Sort, IsActive: v.IsActive, CreatedAt: v.CreatedAt, UpdatedAt: v.UpdatedAt}
}

type adminGameRequest struct {
	ServiceID    *int64  `json:"service_id"`
	Name         *string `json:"name"`
	NameMy       *string `json:"name_my"`
	Slug         *string `json:"slug"`
	Description  *string `json:"description"`
	LogoURL      *string `json:"logo_url"`
	IsHot        *bool   `json:"is_hot"`
	UsesServerID *bool   `json:"uses_server_id"`
	Sort         *int    `json:"sort"`
	IsActive     *bool   `json:"is_active"`
}

func (r adminGameRequest) apply(v *store.GameRow) error {
	adminSet(&v.ServiceID, r.ServiceID)
	adminSet(&v.Name, r.Name)
	adminSet(&v.NameMy, r.NameMy)
	adminSet(&v.Slug, r.Slug)
	adminSet(&v.Description, r.Description)
	adminSet(&v.LogoURL, r.LogoURL)
	adminSet(&v.IsHot, r.IsHot)
	adminSet(&v.UsesServerID, r.UsesServerID)
	adminSet(&v.Sort, r.Sort)
	adminSet(&v.IsActive, r.IsActive)
	f := fieldErrors{}
	if v.ServiceID <= 0 {
		f.add("service_id", "Please choose a service.")
	}
	v.Name = adminName(f, "name", v.Name, true, 100)
	v.NameMy = adminName(f, "name_my", v.NameMy, false, 100)
	v.Slug = catalogueSlug(f, "slug", v.Slug)
	v.Description = adminLongText(f, "description", v.Description, 5000)
	v.LogoURL = adminURL(f, "logo_url", v.LogoURL)
	return f.err()
}

func adminSet[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}

func (s *Server) adminListGames(c *fiber.Ctx) error {
	list, err := s.opts.Store.AdminGames(c.UserContext())
	if err != nil {
		return err
	}
	out := make([]adminGameJSON, len(list))
	for i, v := range list {
		out[i] = toAdminGameJSON(v)
	}
	return adminOK(c, out)
}

// foreignKey turns a missing service or game into a field error.
func adminForeignKey(err error, field, msg string) error {
	if errors.Is(err, store.ErrInvalid) && strings.Contains(err.Error(), "foreign key") {
		return Invalid(map[string][]string{field: {msg}})
	}
	return err
}

func (s *Server) adminCreateGame(c *fiber.Ctx) error {
	var req adminGameRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	v := store.GameRow{IsActive: true}
	if err := req.apply(&v); err != nil {
		return err
	}
	out, err := s.opts.Store.CreateGame(c.UserContext(), adminActor(c), v)
	if err != nil {
		return adminForeignKey(err, "service_id", "This service does not exist.")
	}
	return c.Status(http.StatusCreated).JSON(fiber.Map{"success": true, "data": toAdminGameJSON(out)})
}

func (s *Server) adminUpdateGame(c *fiber.Ctx) error {
	id, err := adminID(c)
	if err != nil {
		return err
	}
	var req adminGameRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	out, err := s.opts.Store.UpdateGame(c.UserContext(), adminActor(c), id, func(v *store.GameRow) error { return req.apply(v) })
	if err != nil {
		return adminForeignKey(err, "service_id", "This service does not exist.")
	}
	return adminOK(c, toAdminGameJSON(out))
}

// ---- products

type adminProductJSON struct {
	ID              int64           `json:"id"`
	GameID          int64           `json:"game_id"`
	GameName        string          `json:"game_name,omitempty"`
	ServiceID       int64           `json:"service_id"`
	ServiceName     string          `json:"service_name,omitempty"`
	Kind            string          `json:"kind,omitempty"`
	SKU             *string         `json:"sku"`
	Name            string          `json:"name"`
	NameMy          string          `json:"name_my"`
	Description     string          `json:"description"`
	ImgURL          string          `json:"img_url"`
	PreviewImg      []string        `json:"preview_img"`
	Price           int64           `json:"price"`
	FakePrice       *int64          `json:"fake_price"`
	DiscountPercent int             `json:"discount_percent"`
	IsSold          bool            `json:"is_sold"`
	IsPopular       bool            `json:"is_popular"`
	IsActive        bool            `json:"is_active"`
	Sort            int             `json:"sort"`
	Data            json.RawMessage `json:"data"`
	HasCredentials  *bool           `json:"has_credentials,omitempty"`
	CodesAvailable  *int64          `json:"codes_available,omitempty"`
	CreatedAt       time.Time       `json:"created_at"`
	UpdatedAt       time.Time       `json:"updated_at"`
}

func toAdminProductRowJSON(v store.ProductRow) adminProductJSON {
	preview := []string(v.PreviewImg)
	if preview == nil {
		preview = []string{}
	}
	data := v.Data
	if len(data) == 0 {
		data = json.RawMessage(`{}`)
	}
	return adminProductJSON{ID: v.ID, GameID: v.GameID, ServiceID: v.ServiceID, SKU: adminStr(v.SKU), Name: v.Name,
		NameMy: v.NameMy, Description: v.Description, ImgURL: v.ImgURL, PreviewImg: preview, Price: v.Price,
		FakePrice: adminInt(v.FakePrice), DiscountPercent: v.DiscountPercent, IsSold: v.IsSold, IsPopular: v.IsPopular,
		IsActive: v.IsActive, Sort: v.Sort, Data: data, CreatedAt: v.CreatedAt, UpdatedAt: v.UpdatedAt}
}

func toAdminProductJSON(p store.AdminProduct) adminProductJSON {
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
		v.SKU = sql.NullString{String: sku, Valid: sku != ""}
		if sku != "" && (!adminSkuRE.MatchString(sku) || len(sku) > 100) {
			f.add("sku", "Use lowercase letters, digits and - _ . between them.")
		}
	}
	adminSet(&v.Name, r.Name)
	adminSet(&v.NameMy, r.NameMy)
	adminSet(&v.Description, r.Description)
	adminSet(&v.ImgURL, r.ImgURL)
	adminSet(&v.Price, r.Price)
	adminSet(&v.DiscountPercent, r.DiscountPercent)
	adminSet(&v.IsPopular, r.IsPopular)
	adminSet(&v.IsActive, r.IsActive)
	adminSet(&v.IsSold, r.IsSold)
	adminSet(&v.Sort, r.Sort)
	if r.PreviewImg != nil {
		v.PreviewImg = pq.StringArray{}
		if len(*r.PreviewImg) > 10 {
			f.add("preview_img", "At most 10 preview images.")
		}
		for _, u := range *r.PreviewImg {
			v.PreviewImg = append(v.PreviewImg, adminURL(f, "preview_img", u))
		}
	}
	if len(r.FakePrice) > 0 {
		if string(r.FakePrice) == "null" {
			v.FakePrice = sql.NullInt64{}
		} else {
			var n int64
			if err := json.Unmarshal(r.FakePrice, &n); err != nil {
				f.add("fake_price", "This field must be a whole number.")
			}
			v.FakePrice = sql.NullInt64{Int64: n, Valid: true}
		}
	}
	if len(r.Data) > 0 {
		var obj map[string]any
		if err := json.Unmarshal(r.Data, &obj); err != nil || obj == nil {
			f.add("data", "This field must be an object.")
		} else if len(r.Data) > 8192 {
			f.add("data", "This field is too large.")
		}
		v.Data = json.RawMessage(bytes.TrimSpace(r.Data))
	}
	if create && r.Price == nil {
		f.add("price", "This field is required.")
	}
	if v.GameID <= 0 {
		f.add("game_id", "Please choose a game.")
	}
	v.Name = adminName(f, "name", v.Name, true, 200)
	v.NameMy = adminName(f, "name_my", v.NameMy, false, 200)
	v.Description = adminLongText(f, "description", v.Description, 5000)
	v.ImgURL = adminURL(f, "img_url", v.ImgURL)
	if v.Price < 0 || v.Price > maxAdminPrice {
		f.add("price", "The price must be between 0 and 100,000,000 Ks.")
	}
	if v.FakePrice.Valid && (v.FakePrice.Int64 < 0 || v.FakePrice.Int64 > maxAdminPrice) {
		f.add("fake_price", "The price must be between 0 and 100,000,000 Ks.")
	}
	if v.DiscountPercent < 0 || v.DiscountPercent > 100 {
		f.add("discount_percent", "The discount must be between 0 and 100.")
	}
	return f.err()
}

func (s *Server) adminListProducts(c *fiber.Ctx) error {
	kind := c.Query("kind")
	if kind != "" && !adminKinds[kind] {
		return Invalid(map[string][]string{"kind": {"Use coin, code or account."}})
	}
	page, err := s.opts.Store.AdminProducts(c.UserContext(), store.AdminProductFilter{
		GameID: adminQueryID(c, "game_id"), ServiceID: adminQueryID(c, "service_id"), Kind: kind, Q: c.Query("q"), Page: adminPageOf(c),
	})
	if err != nil {
		return err
	}
	out := make([]adminProductJSON, len(page.Items))
	for i, p := range page.Items {
		out[i] = toAdminProductJSON(p)
	}
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
	v := store.ProductRow{IsActive: true, Data: json.RawMessage(`{}`), PreviewImg: pq.StringArray{}}
	if err := req.apply(&v, true); err != nil {
		return err
	}
	out, err := s.opts.Store.CreateProduct(c.UserContext(), adminActor(c), v)
	if err != nil {
		return adminForeignKey(err, "game_id", "This game does not exist.")
	}
	p, err := s.opts.Store.AdminProductByID(c.UserContext(), out.ID)
	if err != nil {
		return err
	}
	return c.Status(http.StatusCreated).JSON(fiber.Map{"success": true, "data": toAdminProductJSON(p)})
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
		return adminForeignKey(err, "game_id", "This game does not exist.")
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
			f.add(fv.name, "This field is required.")
		case runes(fv.v) > 255:
			f.add(fv.name, "This field is too long.")
		case strings.IndexFunc(fv.v, badTextChar) >= 0:
			f.add(fv.name, "This field contains characters that are not allowed.")
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
	return c.JSON(fiber.Map{"success": true, "data": fiber.Map{"product_id": id, "credentials": cr}})
}

// ---- redeem codes

func adminCodeStockJSON(st store.CodeStock) fiber.Map {
	return fiber.Map{"product_id": st.ProductID, "product_name": st.ProductName, "available": st.Available,
		"sold": st.Sold, "total": st.Available + st.Sold, "low_stock": st.Low, "threshold": st.Threshold}
}

func (s *Server) adminCodeStock(c *fiber.Ctx) error {
	id, err := adminID(c)
	if err != nil {
		return err
	}
	if _, err := s.opts.Store.AdminProductByID(c.UserContext(), id); err != nil {
		return err
	}
	st, err := s.opts.Store.CodeStockOf(c.UserContext(), id)
	if err != nil {
		return err
	}
	return adminOK(c, adminCodeStockJSON(st))
}

// adminCodeStocks lists every code product's stock, lowest first.
func (s *Server) adminCodeStocks(c *fiber.Ctx) error {
	list, err := s.opts.Store.CodeStocks(c.UserContext())
	if err != nil {
		return err
	}
	out := make([]fiber.Map, len(list))
	low := 0
	for i, st := range list {
		out[i] = adminCodeStockJSON(st)
		if st.Low {
			low++
		}
	}
	return adminOK(c, fiber.Map{"products": out, "low_stock": low})
}

type adminImportCodesRequest struct {
	// Codes is pasted text (one a line, or separated by commas or
	// semicolons) or a list.
	Codes json.RawMessage `json:"codes"`
	Batch string          `json:"batch"`
}

const maxAdminCodeLen = 200

// adminImportCodes adds codes to a code product: JSON {codes, batch}, or a
// multipart form with a CSV "file" (first column; a "code" header is
// skipped) and an optional "batch".
func (s *Server) adminImportCodes(c *fiber.Ctx) error {
	id, err := adminID(c)
	if err != nil {
		return err
	}
	var codes []string
	var batch string
	if strings.HasPrefix(c.Get(fiber.HeaderContentType), fiber.MIMEMultipartForm) {
		fh, err := c.FormFile("file")
		if err != nil {
			return Invalid(map[string][]string{"file": {"Please choose a CSV file."}})
		}
		if fh.Size > 2*1024*1024 {
			return &Error{Status: http.StatusRequestEntityTooLarge, Message: "The file must be 2 MB or smaller.",
				Fields: map[string][]string{"file": {"The file must be 2 MB or smaller."}}}
		}
		fr, err := fh.Open()
		if err != nil {
			return err
		}
		defer fr.Close()
		if codes, err = adminCSVCodes(fr); err != nil {
			return Invalid(map[string][]string{"file": {"This file is not a readable CSV."}})
		}
		batch = c.FormValue("batch")
	} else {
		var req adminImportCodesRequest
		if err := decodeJSON(c, &req); err != nil {
			return err
		}
		batch = req.Batch
		var text string
		var list []string
		switch {
		case len(req.Codes) == 0:
		case json.Unmarshal(req.Codes, &text) == nil:
			codes = adminSplitCodes(text)
		case json.Unmarshal(req.Codes, &list) == nil:
			codes = list
		default:
			return Invalid(map[string][]string{"codes": {"Send the codes as text or as a list."}})
		}
	}
	f := fieldErrors{}
	clean := codes[:0]
	for _, code := range codes {
		code = strings.TrimSpace(code)
		if code == "" {
			continue
		}
		if runes(code) > maxAdminCodeLen || strings.IndexFunc(code, badTextChar) >= 0 {
			f.add("codes", "A code is too long or contains characters that are not allowed: "+adminTruncate(code, 40))
			break
		}
		clean = append(clean, code)
	}
	switch {
	case len(clean) == 0 && !f.has("codes"):
		f.add("codes", "Please paste at least one code.")
	case len(clean) > store.MaxCodeImport:
		f.add("codes", "Import at most 5000 codes at once.")
	}
	batch = adminName(f, "batch", batch, false, 100)
	if err := f.err(); err != nil {
		return err
	}
	res, err := s.opts.Store.ImportCodes(c.UserContext(), adminActor(c), id, clean, batch)
	if err != nil {
		return err
	}
	return c.Status(http.StatusCreated).JSON(fiber.Map{"success": true,
		"message": "Codes imported.",
		"data": fiber.Map{"added": res.Added, "duplicates": len(res.Duplicates), "duplicate_codes": res.Duplicates,
			"stock": adminCodeStockJSON(res.Stock)}})
}

func adminTruncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

func adminSplitCodes(text string) []string {
	return strings.FieldsFunc(text, func(r rune) bool { return r == '\n' || r == '\r' || r == ',' || r == ';' || r == '\t' })
}

func adminCSVCodes(r io.Reader) ([]string, error) {
	cr := csv.NewReader(io.LimitReader(r, 2*1024*1024))
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	var out []string
	for i := 0; ; i++ {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		if len(rec) == 0 {
			continue
		}
		v := strings.TrimSpace(strings.TrimPrefix(rec[0], "\ufeff"))
		if i == 0 && strings.EqualFold(v, "code") {
			continue
		}
		out = append(out, v)
	}
}

// ---- payment methods

type paymentMethodAdminJSON struct {
	ID                 int64     `json:"id"`
	Name               string    `json:"name"`
	HolderName         string    `json:"holder_name"`
	Phone              string    `json:"phone"`
	Icon               string    `json:"icon"`
	Kind               string    `json:"kind"`
	MaintenanceMessage string    `json:"maintenance_message"`
	IsActive           bool      `json:"is_active"`
	Sort               int       `json:"sort"`
	CreatedAt          time.Time `json:"created_at"`
	UpdatedAt          time.Time `json:"updated_at"`
}

func toPaymentMethodAdminJSON(v store.PaymentMethodRow) paymentMethodAdminJSON {
	return paymentMethodAdminJSON{ID: v.ID, Name: v.Name, HolderName: v.HolderName, Phone: v.Phone, Icon: v.Icon,
		Kind: v.Kind, MaintenanceMessage: v.MaintenanceMessage, IsActive: v.IsActive, Sort: v.Sort,
		CreatedAt: v.CreatedAt, UpdatedAt: v.UpdatedAt}
}

type adminPaymentMethodRequest struct {
	Name               *string `json:"name"`
	HolderName         *string `json:"holder_name"`
	Phone              *string `json:"phone"`
	Icon               *string `json:"icon"`
	Kind               *string `json:"kind"`
	MaintenanceMessage *string `json:"maintenance_message"`
	IsActive           *bool   `json:"is_active"`
	Sort               *int    `json:"sort"`
}

func (r adminPaymentMethodRequest) apply(v *store.PaymentMethodRow) error {
	adminSet(&v.Name, r.Name)
	adminSet(&v.HolderName, r.HolderName)
	adminSet(&v.Phone, r.Phone)
	adminSet(&v.Icon, r.Icon)
	adminSet(&v.Kind, r.Kind)
	adminSet(&v.MaintenanceMessage, r.MaintenanceMessage)
	adminSet(&v.IsActive, r.IsActive)
	adminSet(&v.Sort, r.Sort)
	f := fieldErrors{}
	v.Name = adminName(f, "name", v.Name, true, 100)
	v.HolderName = adminName(f, "holder_name", v.HolderName, true, 100)
	v.Phone = adminName(f, "phone", v.Phone, true, 50)
	v.Icon = adminURL(f, "icon", v.Icon)
	v.MaintenanceMessage = adminLongText(f, "maintenance_message", v.MaintenanceMessage, 500)
	if v.Kind != "wallet" && v.Kind != "bank" {
		f.add("kind", "Use wallet or bank.")
	}
	return f.err()
}

func (s *Server) adminListPaymentMethods(c *fiber.Ctx) error {
	list, err := s.opts.Store.AdminPaymentMethods(c.UserContext())
	if err != nil {
		return err
	}
	out := make([]paymentMethodAdminJSON, len(list))
	for i, v := range list {
		out[i] = toPaymentMethodAdminJSON(v)
	}
	return adminOK(c, out)
}

func (s *Server) adminCreatePaymentMethod(c *fiber.Ctx) error {
	var req adminPaymentMethodRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	v := store.PaymentMethodRow{IsActive: true}
	if err := req.apply(&v); err != nil {
		return err
	}
	out, err := s.opts.Store.CreatePaymentMethod(c.UserContext(), adminActor(c), v)
	if err != nil {
		return err
	}
	return c.Status(http.StatusCreated).JSON(fiber.Map{"success": true, "data": toPaymentMethodAdminJSON(out)})
}

func (s *Server) adminUpdatePaymentMethod(c *fiber.Ctx) error {
	id, err := adminID(c)
	if err != nil {
		return err
	}
	var req adminPaymentMethodRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	out, err := s.opts.Store.UpdatePaymentMethod(c.UserContext(), adminActor(c), id, func(v *store.PaymentMethodRow) error { return req.apply(v) })
	if err != nil {
		return err
	}
	return adminOK(c, toPaymentMethodAdminJSON(out))
}

// ---- banners

type bannerAdminJSON struct {
	ID        int64      `json:"id"`
	Title     string     `json:"title"`
	TitleMy   string     `json:"title_my"`
	ImageURL  string     `json:"image_url"`
	Link      string     `json:"link"`
	IsActive  bool       `json:"is_active"`
	Sort      int        `json:"sort"`
	StartsAt  *time.Time `json:"starts_at"`
	EndsAt    *time.Time `json:"ends_at"`
	CreatedAt time.Time  `json:"created_at"`
	UpdatedAt time.Time  `json:"updated_at"`
}

func toBannerAdminJSON(v store.BannerRow) bannerAdminJSON {
	return bannerAdminJSON{ID: v.ID, Title: v.Title, TitleMy: v.TitleMy, ImageURL: v.ImageURL, Link: v.Link,
		IsActive: v.IsActive, Sort: v.Sort, StartsAt: adminTime(v.StartsAt), EndsAt: adminTime(v.EndsAt),
		CreatedAt: v.CreatedAt, UpdatedAt: v.UpdatedAt}
}

// adminBannerRequest: starts_at / ends_at are RFC 3339 times or null.
type adminBannerRequest struct {
	Title    *string         `json:"title"`
	TitleMy  *string         `json:"title_my"`
	ImageURL *string         `json:"image_url"`
	Link     *string         `json:"link"`
	IsActive *bool           `json:"is_active"`
	Sort     *int            `json:"sort"`
	StartsAt json.RawMessage `json:"starts_at"`
	EndsAt   json.RawMessage `json:"ends_at"`
}

func adminOptionalTime(f fieldErrors, field string, raw json.RawMessage, dst *sql.NullTime) {
	if len(raw) == 0 {
		return
	}
	if string(raw) == "null" {
		*dst = sql.NullTime{}
		return
	}
	var t time.Time
	if err := json.Unmarshal(raw, &t); err != nil {
		f.add(field, "Use a time like 2026-05-01T09:00:00+06:30.")
		return
	}
	*dst = sql.NullTime{Time: t, Valid: true}
}

func (r adminBannerRequest) apply(v *store.BannerRow) error {
	adminSet(&v.Title, r.Title)
	adminSet(&v.TitleMy, r.TitleMy)
	adminSet(&v.ImageURL, r.ImageURL)
	adminSet(&v.Link, r.Link)
	adminSet(&v.IsActive, r.IsActive)
	adminSet(&v.Sort, r.Sort)
	f := fieldErrors{}
	adminOptionalTime(f, "starts_at", r.StartsAt, &v.StartsAt)
	adminOptionalTime(f, "ends_at", r.EndsAt, &v.EndsAt)
	v.Title = adminName(f, "title", v.Title, true, 200)
	v.TitleMy = adminName(f, "title_my", v.TitleMy, false, 200)
	v.ImageURL = adminURL(f, "image_url", v.ImageURL)
	v.Link = adminURL(f, "link", v.Link)
	if v.StartsAt.Valid && v.EndsAt.Valid && !v.EndsAt.Time.After(v.StartsAt.Time) {
		f.add("ends_at", "The end must be after the start.")
	}
	return f.err()
}

func (s *Server) adminListBanners(c *fiber.Ctx) error {
	list, err := s.opts.Store.AdminBanners(c.UserContext())
	if err != nil {
		return err
	}
	out := make([]bannerAdminJSON, len(list))
	for i, v := range list {
		out[i] = toBannerAdminJSON(v)
	}
	return adminOK(c, out)
}

func (s *Server) adminCreateBanner(c *fiber.Ctx) error {
	var req adminBannerRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	v := store.BannerRow{IsActive: true}
	if err := req.apply(&v); err != nil {
		return err
	}
	out, err := s.opts.Store.CreateBanner(c.UserContext(), adminActor(c), v)
	if err != nil {
		return err
	}
	return c.Status(http.StatusCreated).JSON(fiber.Map{"success": true, "data": toBannerAdminJSON(out)})
}

func (s *Server) adminUpdateBanner(c *fiber.Ctx) error {
	id, err := adminID(c)
	if err != nil {
		return err
	}
	var req adminBannerRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	out, err := s.opts.Store.UpdateBanner(c.UserContext(), adminActor(c), id, func(v *store.BannerRow) error { return req.apply(v) })
	if err != nil {
		return err
	}
	return adminOK(c, toBannerAdminJSON(out))
}

func (s *Server) adminDeleteBanner(c *fiber.Ctx) error {
	id, err := adminID(c)
	if err != nil {
		return err
	}
	if err := s.opts.Store.DeleteBanner(c.UserContext(), adminActor(c), id); err != nil {
		return err
	}
	return c.JSON(fiber.Map{"success": true, "message": "Banner deleted."})
}

// ---- reviews

func (s *Server) adminListReviews(c *fiber.Ctx) error {
	page, err := s.opts.Store.AdminReviews(c.UserContext(), adminQueryBool(c, "visible"), adminPageOf(c))
	if err != nil {
		return err
	}
	out := make([]fiber.Map, len(page.Items))
	for i, r := range page.Items {
		out[i] = fiber.Map{"id": r.ID, "user_id": r.UserID, "username": r.Username, "order_id": r.OrderID,
			"product_id": adminInt(r.ProductID), "product_name": r.ProductName, "rating": r.Rating,
			"comment": r.Comment, "is_visible": r.IsVisible, "created_at": r.CreatedAt}
	}
	return adminPaged(c, out, page.PageInfo)
}

type adminModerateRequest struct {
	IsVisible *bool  `json:"is_visible"`
	Reason    string `json:"reason"`
}

func (s *Server) adminModerateReview(c *fiber.Ctx) error {
	id, err := adminID(c)
	if err != nil {
		return err
	}
	var req adminModerateRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	f := fieldErrors{}
	if req.IsVisible == nil {
		f.add("is_visible", "Please choose shown or hidden.")
	}
	reason := adminName(f, "reason", req.Reason, false, maxAdminReason)
	if err := f.err(); err != nil {
		return err
	}
	if err := s.opts.Store.SetReviewVisible(c.UserContext(), adminActor(c), id, *req.IsVisible, reason); err != nil {
		return err
	}
	return c.JSON(fiber.Map{"success": true, "data": fiber.Map{"id": id, "is_visible": *req.IsVisible}})
}
