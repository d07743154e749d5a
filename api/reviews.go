package api

import (
	"net/http"
	"strings"

	"github.com/gofiber/fiber/v2"

	"topup/internal/contract"
	"topup/internal/i18n"
	"topup/store"
)

func toReviewJSON(r store.Review) contract.Review {
	out := contract.Review{
		ID: r.ID, Rating: r.Rating, Comment: r.Comment, CreatedAt: r.CreatedAt,
		User:    contract.ReviewUser{Username: r.Username},
		Product: contract.ReviewProduct{ID: r.ProductID, Name: r.ProductName},
	}
	return out
}

// GET /api/reviews?page&per_page&game_slug: visible reviews, newest first,
// paged like products; with game_slug, only that game's. Only the username
// of a reviewer is shown.
func (s *Server) listReviews(c *fiber.Ctx) error {
	fields := fieldErrors{}
	f := store.ReviewFilter{Paging: pageQuery(c, fields)}
	if slug := strings.TrimSpace(c.Query("game_slug")); slug != "" {
		if !validSlug(slug) {
			fields.add("game_slug", i18n.GameSlugInvalid)
		}
		f.GameSlug = slug
	}
	if len(fields) > 0 {
		return Invalid(fields)
	}
	page, err := s.opts.Store.Reviews(c.UserContext(), f)
	if err != nil {
		return err
	}
	out := mapSlice(page.Items, toReviewJSON)
	c.Set(fiber.HeaderCacheControl, cacheCatalogue)
	return paged(c, out, page.PageInfo)
}

const (
	maxReviewComment = store.MaxReviewComment
)

type reviewRequest struct {
	OrderID *productRef `json:"order_id"`
	Rating  *int        `json:"rating"`
	Comment string      `json:"comment"`
}

// POST /api/reviews: order_id, rating (1–5), comment (up to 500
// characters). Only the buyer of a completed order may review it, once:
// another's order is 404, an order not completed 409, a second review 409.
func (s *Server) createReview(c *fiber.Ctx) error {
	var req reviewRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	comment := cleanBody(req.Comment)
	f := fieldErrors{}
	if req.OrderID == nil || req.OrderID.id == 0 {
		f.add("order_id", i18n.ReviewOrderRequired)
	}
	if req.Rating == nil || *req.Rating < 1 || *req.Rating > 5 {
		f.add("rating", i18n.ReviewRating)
	}
	switch {
	case runes(comment) > maxReviewComment:
		f.add("comment", i18n.ReviewCommentMax)
	case strings.IndexFunc(comment, badBodyChar) >= 0:
		f.add("comment", i18n.ReviewCommentChars)
	}
	if err := f.err(); err != nil {
		return err
	}
	r, err := s.opts.Store.CreateReview(c.UserContext(), currentUser(c).ID, req.OrderID.id, *req.Rating, comment)
	if err != nil {
		return err
	}
	return reply(c, http.StatusCreated, fiber.Map{"message": say(c, i18n.ReviewCreated), "data": toReviewJSON(r)})
}
