package api

import (
	"time"

	"github.com/gofiber/fiber/v2"

	"topup/store"
)

type reviewJSON struct {
	ID        int64             `json:"id"`
	Rating    int               `json:"rating"`
	Comment   string            `json:"comment"`
	User      reviewUserJSON    `json:"user"`
	Product   reviewProductJSON `json:"product"`
	CreatedAt time.Time         `json:"created_at"`
}

type reviewUserJSON struct {
	Username string `json:"username"`
}

type reviewProductJSON struct {
	ID   *int64 `json:"id"`
	Name string `json:"name"`
}

func toReviewJSON(r store.Review) reviewJSON {
	out := reviewJSON{
		ID: r.ID, Rating: r.Rating, Comment: r.Comment, CreatedAt: r.CreatedAt,
		User:    reviewUserJSON{Username: r.Username},
		Product: reviewProductJSON{Name: r.ProductName},
	}
	if r.ProductID.Valid {
		id := r.ProductID.Int64
		out.Product.ID = &id
	}
	return out
}

// GET /api/reviews?page&per_page: visible reviews, newest first, paged like
// products. Only the username of a reviewer is shown.
func (s *Server) listReviews(c *fiber.Ctx) error {
	fields := map[string][]string{}
	pg := pageQuery(c, fields)
	if len(fields) > 0 {
		return Invalid(fields)
	}
	page, err := s.opts.Store.Reviews(c.UserContext(), pg)
	if err != nil {
		return err
	}
	out := make([]reviewJSON, len(page.Items))
	for i, r := range page.Items {
		out[i] = toReviewJSON(r)
	}
	c.Set(fiber.HeaderCacheControl, cacheCatalogue)
	return c.JSON(fiber.Map{"success": true, "data": newPage(out, page.PageInfo)})
}
