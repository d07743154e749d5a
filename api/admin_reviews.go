package api

import (
	"github.com/gofiber/fiber/v2"
)

func (s *Server) adminListReviews(c *fiber.Ctx) error {
	page, err := s.opts.Store.AdminReviews(c.UserContext(), adminQueryBool(c, "visible"), adminPageOf(c))
	if err != nil {
		return err
	}
	out := make([]fiber.Map, len(page.Items))
	for i, r := range page.Items {
		out[i] = fiber.Map{"id": r.ID, "user_id": r.UserID, "username": r.Username, "order_id": r.OrderID,
			"product_id": r.ProductID, "product_name": r.ProductName, "rating": r.Rating,
			"comment": r.Comment, "is_visible": r.IsVisible, "created_at": r.CreatedAt}
	}
	return adminPaged(c, out, page.PageInfo)
}

type adminModerateRequest struct {
	IsVisible *bool  `json:"is_visible"`
	Reason    string `json:"reason"`
}

func (s *Server) adminModerateReview(c *fiber.Ctx) error {
	id, err := adminID(c)
	if err != nil {
		return err
	}
	var req adminModerateRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	f := fieldErrors{}
	if req.IsVisible == nil {
		f.add("is_visible", "Please choose shown or hidden.")
	}
	reason := adminName(f, "reason", req.Reason, false, maxAdminReason)
	if err := f.err(); err != nil {
		return err
	}
	if err := s.opts.Store.SetReviewVisible(c.UserContext(), adminActor(c), id, *req.IsVisible, reason); err != nil {
		return err
	}
	return ok(c, fiber.Map{"id": id, "is_visible": *req.IsVisible})
}
