package api

import (
	"topup/internal/contract"
	"topup/internal/i18n"
	"topup/store"
)

func toAdminServiceJSON(v store.ServiceRow) contract.AdminService {
	return contract.AdminService{ID: v.ID, Name: v.Name, NameMy: v.NameMy, Slug: v.Slug, Kind: v.Kind, Sort: v.Sort,
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
	adminSet(&v.Name, r.Name)
	adminSet(&v.NameMy, r.NameMy)
	adminSet(&v.Slug, r.Slug)
	adminSet(&v.Kind, r.Kind)
	adminSet(&v.Sort, r.Sort)
	adminSet(&v.IsActive, r.IsActive)
	f := fieldErrors{}
	v.Name = adminName(f, "name", v.Name, true, 100)
	v.NameMy = adminName(f, "name_my", v.NameMy, false, 100)
	v.Slug = catalogueSlug(f, "slug", v.Slug)
	if !adminKinds[v.Kind] {
		f.add("kind", i18n.ChooseProductKind)
	}
	return f.err()
}

// adminTableServices lists, creates and patches services.
func (s *Server) adminTableServices() adminTable[store.ServiceRow, adminServiceRequest, contract.AdminService] {
	return adminTable[store.ServiceRow, adminServiceRequest, contract.AdminService]{
		list: s.opts.Store.AdminServices, create: s.opts.Store.CreateService, update: s.opts.Store.UpdateService,
		toJSON: toAdminServiceJSON, fresh: store.ServiceRow{IsActive: true},
	}
}
