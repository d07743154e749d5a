package api

import (
	"topup/internal/contract"
	"topup/internal/i18n"
	"topup/store"
)

func toAdminGameJSON(v store.GameRow) contract.AdminGame {
	return contract.AdminGame{ID: v.ID, ServiceID: v.ServiceID, Name: v.Name, NameMy: v.NameMy, Slug: v.Slug,
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
		f.add("service_id", i18n.ChooseService)
	}
	v.Name = adminName(f, "name", v.Name, true, 100)
	v.NameMy = adminName(f, "name_my", v.NameMy, false, 100)
	v.Slug = catalogueSlug(f, "slug", v.Slug)
	v.Description = adminLongText(f, "description", v.Description, 5000)
	v.LogoURL = adminURL(f, "logo_url", v.LogoURL)
	return f.err()
}

// adminTableGames lists, creates and patches games.
func (s *Server) adminTableGames() adminTable[store.GameRow, adminGameRequest, contract.AdminGame] {
	return adminTable[store.GameRow, adminGameRequest, contract.AdminGame]{
		list: s.opts.Store.AdminGames, create: s.opts.Store.CreateGame, update: s.opts.Store.UpdateGame,
		toJSON: toAdminGameJSON, fresh: store.GameRow{IsActive: true},
		storeErr: func(err error) error { return adminForeignKey(err, "service_id", i18n.ServiceMissing) },
	}
}
