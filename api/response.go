package api

import (
	"net/http"

	"github.com/gofiber/fiber/v2"

	"topup/internal/contract"
	"topup/internal/i18n"
	"topup/store"
)

// Every successful answer is a JSON object with "success": true beside its
// payload; failures take the other path, a returned error that errorHandler
// (errors.go) turns into {"success": false, "code", "message"}. Bodies are
// maps, so their keys reach the wire sorted whatever order a call site
// writes them in.

// reply answers status with body plus "success": true, for answers whose
// top-level fields go beyond data and message.
func reply(c *fiber.Ctx, status int, body fiber.Map) error {
	body["success"] = true
	return c.Status(status).JSON(body)
}

// ok answers 200 {"success": true, "data": data}.
func ok(c *fiber.Ctx, data any) error {
	return reply(c, http.StatusOK, fiber.Map{"data": data})
}

// created answers 201 {"success": true, "data": data}.
func created(c *fiber.Ctx, data any) error {
	return reply(c, http.StatusCreated, fiber.Map{"data": data})
}

// okMessage answers 200 {"success": true, "code", "message"}, the message
// in the reader's language.
func okMessage(c *fiber.Ctx, code i18n.Code) error {
	return reply(c, http.StatusOK, fiber.Map{"code": code.String(), "message": say(c, code)})
}

// newPage is one page of a list as every list answer carries it.
func newPage[T any](items []T, p store.PageInfo) contract.Page[T] {
	return contract.Page[T]{Data: items, CurrentPage: p.CurrentPage, LastPage: p.LastPage, PerPage: p.PerPage, Total: p.Total}
}

// paged answers 200 with one page of a list as data.
func paged[T any](c *fiber.Ctx, items []T, info store.PageInfo) error {
	return ok(c, newPage(items, info))
}

// Admin answers are never cached: they change with every decision and
// carry what only admins may see.

func adminOK(c *fiber.Ctx, data any) error {
	c.Set(fiber.HeaderCacheControl, "no-store")
	return ok(c, data)
}

func adminPaged[T any](c *fiber.Ctx, items []T, info store.PageInfo) error {
	c.Set(fiber.HeaderCacheControl, "no-store")
	return paged(c, items, info)
}

// mapSlice converts every item of list with to: a list answer from store rows.
func mapSlice[T, U any](list []T, to func(T) U) []U {
	out := make([]U, len(list))
	for i, v := range list {
		out[i] = to(v)
	}
	return out
}
