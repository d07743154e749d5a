package api

import (
	"encoding/json"
	"time"

	"github.com/gofiber/fiber/v2"

	"topup/internal/contract"
	"topup/internal/i18n"
	"topup/store"
)

func toAdminBannerJSON(v store.BannerRow) contract.AdminBanner {
	return contract.AdminBanner{ID: v.ID, Title: v.Title, TitleMy: v.TitleMy, ImageURL: v.ImageURL, Link: v.Link,
		IsActive: v.IsActive, Sort: v.Sort, StartsAt: v.StartsAt, EndsAt: v.EndsAt,
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

func adminOptionalTime(f fieldErrors, field string, raw json.RawMessage, dst **time.Time) {
	if len(raw) == 0 {
		return
	}
	if string(raw) == "null" {
		*dst = nil
		return
	}
	var t time.Time
	if err := json.Unmarshal(raw, &t); err != nil {
		f.add(field, i18n.TimeFormat)
		return
	}
	*dst = &t
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
	if v.StartsAt != nil && v.EndsAt != nil && !v.EndsAt.After(*v.StartsAt) {
		f.add("ends_at", i18n.EndBeforeStart)
	}
	return f.err()
}

// adminTableBanners lists, creates and patches banners.
func (s *Server) adminTableBanners() adminTable[store.BannerRow, adminBannerRequest, contract.AdminBanner] {
	return adminTable[store.BannerRow, adminBannerRequest, contract.AdminBanner]{
		list: s.opts.Store.AdminBanners, create: s.opts.Store.CreateBanner, update: s.opts.Store.UpdateBanner,
		toJSON: toAdminBannerJSON, fresh: store.BannerRow{IsActive: true},
	}
}

func (s *Server) adminDeleteBanner(c *fiber.Ctx) error {
	id, err := adminID(c)
	if err != nil {
		return err
	}
	if err := s.opts.Store.DeleteBanner(c.UserContext(), adminActor(c), id); err != nil {
		return err
	}
	return okMessage(c, i18n.BannerDeleted)
}
