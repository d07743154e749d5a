package api

import (
	"strings"

	"topup/internal/contract"
	"topup/internal/i18n"
	"topup/store"
)

func toAdminGameJSON(v store.GameRow) contract.AdminGame {
	return contract.AdminGame{ID: v.ID, ServiceID: v.ServiceID, Name: v.Name, NameMy: v.NameMy, Slug: v.Slug,
		Description: v.Description, LogoURL: v.LogoURL, IsHot: v.IsHot, UsesServerID: v.UsesServerID,
		SearchAliases: v.SearchAliases, SearchInitials: v.SearchInitials, IDHelpURL: v.IDHelpURL, Sort: v.Sort, IsActive: v.IsActive, CreatedAt: v.CreatedAt, UpdatedAt: v.UpdatedAt}
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
	// search_aliases: comma-separated; stored lowercased, Zawgyi as
	// Unicode, blanks and repeats dropped.
	SearchAliases *string `json:"search_aliases"`
	IDHelpURL     *string `json:"id_help_url"`
	Sort          *int    `json:"sort"`
	IsActive      *bool   `json:"is_active"`
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
	adminSet(&v.IDHelpURL, r.IDHelpURL)
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
	v.IDHelpURL = adminURL(f, "id_help_url", v.IDHelpURL)
	if r.SearchAliases != nil {
		v.SearchAliases = searchAliases(f, *r.SearchAliases)
	}
	return f.err()
}

// searchAliases tidies the admin's comma-separated aliases into what
// search compares: each one-line, Zawgyi as Unicode, lowercased, inner
// spaces single, blanks and repeats dropped, joined by ", ".
func searchAliases(f fieldErrors, raw string) string {
	var out []string
	seen := map[string]bool{}
	for _, a := range strings.FieldsFunc(raw, func(r rune) bool { return r == ',' || r == '\n' || r == '、' || r == '၊' }) {
		a = strings.Join(strings.Fields(strings.ToLower(cleanText(a))), " ")
		if a == "" || seen[a] {
			continue
		}
		seen[a] = true
		out = append(out, a)
	}
	v := strings.Join(out, ", ")
	switch {
	case runes(v) > 500:
		f.add("search_aliases", i18n.FieldTooLong)
	case strings.IndexFunc(v, badTextChar) >= 0:
		f.add("search_aliases", i18n.FieldChars)
	}
	return v
}

// adminTableGames lists, creates and patches games.
func (s *Server) adminTableGames() adminTable[store.GameRow, adminGameRequest, contract.AdminGame] {
	return adminTable[store.GameRow, adminGameRequest, contract.AdminGame]{
		list: s.opts.Store.AdminGames, create: s.opts.Store.CreateGame, update: s.opts.Store.UpdateGame,
		toJSON: toAdminGameJSON, fresh: store.GameRow{IsActive: true},
		storeErr: func(err error) error { return adminForeignKey(err, "service_id", i18n.ServiceMissing) },
	}
}
