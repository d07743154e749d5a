package api

import (
	"time"

	"github.com/gofiber/fiber/v2"

	"topup/store"
)

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
	return created(c, toAdminServiceJSON(out))
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
