package api

import (
	"github.com/gofiber/fiber/v2"

	"topup/store"
)

type gameServiceJSON struct {
	Name string `json:"name"`
	Slug string `json:"slug"`
	Kind string `json:"kind"`
}

type gameJSON struct {
	ID           int64           `json:"id"`
	Name         string          `json:"name"`
	NameMy       string          `json:"name_my"`
	Slug         string          `json:"slug"`
	Description  string          `json:"description"`
	LogoURL      string          `json:"logo_url"`
	IsHot        bool            `json:"is_hot"`
	UsesServerID bool            `json:"uses_server_id"`
	ServiceID    int64           `json:"service_id"`
	Service      gameServiceJSON `json:"service"`
}

func (s *Server) listGames(c *fiber.Ctx) error {
	list, err := s.opts.Store.Games(c.UserContext())
	if err != nil {
		return err
	}
	out := mapSlice(list, toGameJSON)
	c.Set(fiber.HeaderCacheControl, cacheCatalogue)
	return ok(c, out)
}

func toGameJSON(g store.Game) gameJSON {
	return gameJSON{
		ID: g.ID, Name: g.Name, NameMy: g.NameMy, Slug: g.Slug, Description: g.Description,
		LogoURL: g.LogoURL, IsHot: g.IsHot, UsesServerID: g.UsesServerID, ServiceID: g.ServiceID,
		Service: gameServiceJSON{Name: g.ServiceName, Slug: g.ServiceSlug, Kind: g.ServiceKind},
	}
}
