package api

import (
	"time"

	"github.com/gofiber/fiber/v2"

	"topup/store"
)

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
	return created(c, toAdminGameJSON(out))
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
