package api

import (
	"errors"

	"github.com/gofiber/fiber/v2"

	"topup/internal/i18n"
	"topup/store"
)

// adminGetOnline answers the admin_online switch.
func (s *Server) adminGetOnline(c *fiber.Ctx) error {
	var on bool
	err := s.opts.Store.Setting(c.UserContext(), store.SettingAdminOnline, &on)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return err
	}
	return adminOK(c, fiber.Map{"admin_online": on})
}

type adminOnlineRequest struct {
	Online *bool `json:"online"`
}

// adminSetOnline switches the admin_online setting GET /api/admin-status
// reads.
func (s *Server) adminSetOnline(c *fiber.Ctx) error {
	var req adminOnlineRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	if req.Online == nil {
		return Invalid(fieldsErr("online", i18n.ChooseOnOff))
	}
	if err := s.opts.Store.AdminSetSetting(c.UserContext(), adminActor(c), store.SettingAdminOnline, *req.Online); err != nil {
		return err
	}
	// Customers see the switch at once; the watcher would within seconds.
	_ = s.announceAdminStatus(c.UserContext(), s.adminOnline(c.UserContext()))
	return adminOK(c, fiber.Map{"admin_online": *req.Online})
}
