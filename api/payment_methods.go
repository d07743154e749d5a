package api

import "github.com/gofiber/fiber/v2"

// paymentMethodJSON uses SPEC §3's names (holderName is camelCase there,
// as the client's fixed list had it).
type paymentMethodJSON struct {
	ID                 int64  `json:"id"`
	Name               string `json:"name"`
	Phone              string `json:"phone"`
	HolderName         string `json:"holderName"`
	Icon               string `json:"icon"`
	Kind               string `json:"kind"`
	MaintenanceMessage string `json:"maintenance_message"`
}

// GET /api/payment-methods: the store's receiving accounts.
func (s *Server) listPaymentMethods(c *fiber.Ctx) error {
	list, err := s.opts.Store.PaymentMethods(c.UserContext())
	if err != nil {
		return err
	}
	out := make([]paymentMethodJSON, len(list))
	for i, m := range list {
		out[i] = paymentMethodJSON{
			ID: m.ID, Name: m.Name, Phone: m.Phone, HolderName: m.HolderName, Icon: m.Icon,
			Kind: m.Kind, MaintenanceMessage: m.MaintenanceMessage,
		}
	}
	c.Set(fiber.HeaderCacheControl, cacheCatalogue)
	return ok(c, out)
}
