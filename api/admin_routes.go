package api

import (
	"strings"

	"github.com/gofiber/fiber/v2"

	"topup/internal/media"
)

// The back office API under /api/admin: admins only (a customer
// gets 403, a signed-out caller 401, a banned admin 403 with the reason),
// every change written to the audit log in the change's own transaction
// (store's Admin* functions take the actor for that).

// mountAdmin registers the admin routes and the public media files.
func (s *Server) mountAdmin(api fiber.Router) {
	// Public images uploaded by admins; registered before MountWeb's
	// /media/* so this route answers for its prefix.
	s.app.Get(strings.TrimSuffix(media.URLPrefix, "/")+"/:name", s.serveMedia)

	a := api.Group("/admin", s.requireUser, s.refuseBanned, s.requireAdmin, s.forgetCatalogueAfterChange)
	a.Get("/overview", s.adminOverview)

	a.Get("/topups", s.adminListTopups)
	a.Get("/topups/:id", s.adminShowTopup)
	a.Post("/topups/:id/confirm", keepsCatalogue, s.adminConfirmTopup)
	a.Post("/topups/:id/reject", keepsCatalogue, s.adminRejectTopup)

	a.Get("/orders", s.adminListOrders)
	a.Get("/orders/queue", s.adminOrderQueue)
	a.Get("/orders/:id", s.adminShowOrder)
	a.Post("/orders/:id/claim", keepsCatalogue, s.adminClaimOrder)
	a.Post("/orders/:id/complete", s.adminCompleteOrder)
	a.Post("/orders/:id/fail", s.adminFailOrder)

	a.Get("/refunds", s.adminListRefunds)
	a.Post("/refunds/:id/approve", s.adminApproveRefund)
	a.Post("/refunds/:id/deny", keepsCatalogue, s.adminDenyRefund)

	a.Get("/users", s.adminListUsers)
	a.Get("/users/:id", s.adminShowUser)
	a.Get("/users/:id/ledger", s.adminUserLedger)
	a.Post("/users/:id/ban", keepsCatalogue, s.adminBan)
	a.Post("/users/:id/unban", keepsCatalogue, s.adminUnban)
	a.Post("/users/:id/wallet", keepsCatalogue, s.adminAdjustWallet)
	a.Post("/users/:id/delete", keepsCatalogue, s.adminCompleteDeletion)
	a.Get("/account-deletions", s.adminDeletionRequests)

	mountTable(a, "/services", s.adminTableServices())
	mountTable(a, "/games", s.adminTableGames())
	a.Get("/products", s.adminListProducts)
	a.Post("/products", s.adminCreateProduct)
	a.Get("/products/:id", s.adminShowProduct)
	a.Patch("/products/:id", s.adminUpdateProduct)
	a.Put("/products/:id/credentials", s.adminSetCredentials)
	a.Post("/products/:id/credentials/reveal", keepsCatalogue, s.adminRevealCredentials)
	a.Get("/products/:id/codes", s.adminCodeStock)
	a.Post("/products/:id/codes", s.adminImportCodes)
	a.Get("/codes/stock", s.adminCodeStocks)
	mountTable(a, "/payment-methods", s.adminTablePaymentMethods())
	mountTable(a, "/banners", s.adminTableBanners())
	a.Delete("/banners/:id", s.adminDeleteBanner)
	a.Post("/media", s.adminUploadMedia)

	a.Get("/reviews", s.adminListReviews)
	a.Patch("/reviews/:id", s.adminModerateReview)
	a.Get("/settings/admin-online", s.adminGetOnline)
	a.Get("/settings/receipt-checks", s.adminGetReceiptRules)
	a.Put("/settings/receipt-checks", keepsCatalogue, s.adminSetReceiptRules)
	a.Put("/settings/admin-online", keepsCatalogue, s.adminSetOnline)
	a.Get("/audit", s.adminAuditLog)
	a.Post("/events", keepsCatalogue, s.adminPublishEvent)
}

// adminCRUD is what a catalogue table answers (see adminTable).
type adminCRUD interface {
	List(*fiber.Ctx) error
	Create(*fiber.Ctx) error
	Update(*fiber.Ctx) error
}

// mountTable registers GET and POST path and PATCH path/:id for t.
func mountTable(r fiber.Router, path string, t adminCRUD) {
	r.Get(path, t.List)
	r.Post(path, t.Create)
	r.Patch(path+"/:id", t.Update)
}
