package api

import (
	"github.com/gofiber/fiber/v2"

	"topup/internal/contract"
)

// GET /api/payment-methods: the store's receiving accounts.
func (s *Server) listPaymentMethods(c *fiber.Ctx) error {
	list, err := s.opts.Store.PaymentMethods(c.UserContext())
	if err != nil {
		return err
	}
	out := make([]contract.PaymentMethod, len(list))
	for i, m := range list {
		out[i] = contract.PaymentMethod{
			ID: m.ID, Name: m.Name, Phone: m.Phone, HolderName: m.HolderName, Icon: m.Icon,
			Kind: m.Kind, MaintenanceMessage: m.MaintenanceMessage,
		}
	}
	c.Set(fiber.HeaderCacheControl, cacheCatalogue)
	return ok(c, out)
}
