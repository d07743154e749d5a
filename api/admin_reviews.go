package api

import (
	"github.com/gofiber/fiber/v2"

	"topup/internal/contract"
	"topup/internal/i18n"
	"topup/store"
)

func (s *Server) adminListReviews(c *fiber.Ctx) error {
	page, err := s.opts.Store.AdminReviews(c.UserContext(), adminQueryBool(c, "visible"), adminPageOf(c))
	if err != nil {
		return err
	}
	return adminPaged(c, mapSlice(page.Items, toAdminReviewJSON), page.PageInfo)
}

func toAdminReviewJSON(r store.AdminReview) contract.AdminReview {
	return contract.AdminReview{ID: r.ID, UserID: r.UserID, Username: r.Username, OrderID: r.OrderID,
		ProductID: r.ProductID, ProductName: r.ProductName, Rating: r.Rating, Comment: r.Comment,
		IsVisible: r.IsVisible, CreatedAt: r.CreatedAt}
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
		f.add("is_visible", i18n.ChooseShownHidden)
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
