package api

import (
	"strconv"
	"time"

	"github.com/gofiber/fiber/v2"

	"topup/internal/contract"
	"topup/store"
)

// GET /api/orders/{id}: one of the signed-in buyer's orders with its
// timeline and what was delivered. Another buyer's order answers exactly
// like an unknown one (404), so order ids cannot be probed.
func (s *Server) showOrder(c *fiber.Ctx) error {
	id, err := strconv.ParseInt(c.Params("id"), 10, 64)
	if err != nil || id <= 0 {
		return store.ErrNotFound
	}
	d, err := s.opts.Store.OrderOfUser(c.UserContext(), currentUser(c).ID, id)
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, "private, no-store")
	return ok(c, contract.OrderDetail{
		Order:      toOrderJSON(d.Order),
		Timeline:   orderTimeline(d),
		Reviewable: d.Status == store.OrderCompleted && !d.Reviewed,
	})
}

// orderTimeline lists what happened to an order, oldest first. A step
// whose time is unknown is left out rather than guessed.
func orderTimeline(d store.OrderDetail) []contract.OrderStep {
	steps := []contract.OrderStep{{Step: "placed", At: d.CreatedAt}}
	add := func(step string, at ...*time.Time) {
		for _, t := range at {
			if t != nil {
				steps = append(steps, contract.OrderStep{Step: step, At: *t})
				return
			}
		}
	}
	add("paid", d.PaidAt)
	add("processing", d.ClaimedAt)
	switch d.Status {
	case store.OrderCompleted:
		add("delivered", d.CompletedAt)
	case store.OrderFailed:
		add("failed", d.ReturnedAt, &d.UpdatedAt)
	case store.OrderRefunded:
		add("delivered", d.CompletedAt)
		add("refunded", d.ReturnedAt, &d.UpdatedAt)
	}
	return steps
}
