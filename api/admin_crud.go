package api

import (
	"context"

	"github.com/gofiber/fiber/v2"

	"topup/store"
)

// adminTable is a catalogue table the back office lists, creates and
// patches the same way: services, games, payment methods and banners differ
// only in their store calls, their request and their JSON. Create starts
// from fresh (rows are born active) and takes every required field; PATCH
// changes only the fields sent. Products have their own handlers: they are
// paged, filtered and answered joined with their game.
type adminTable[Row any, Req adminPatch[Row], JSON any] struct {
	list   func(context.Context) ([]Row, error)
	create func(context.Context, store.Actor, Row) (Row, error)
	update func(context.Context, store.Actor, int64, func(*Row) error) (Row, error)
	toJSON func(Row) JSON
	fresh  Row
	// storeErr, if set, turns a failed create or update into the answer,
	// e.g. a missing parent row into a field error.
	storeErr func(error) error
}

// adminPatch is a decoded request body: apply sets the fields it carries on
// a row and validates the result.
type adminPatch[Row any] interface {
	apply(*Row) error
}

func (t adminTable[Row, Req, JSON]) failed(err error) error {
	if t.storeErr != nil {
		return t.storeErr(err)
	}
	return err
}

func (t adminTable[Row, Req, JSON]) List(c *fiber.Ctx) error {
	rows, err := t.list(c.UserContext())
	if err != nil {
		return err
	}
	return adminOK(c, mapSlice(rows, t.toJSON))
}

func (t adminTable[Row, Req, JSON]) Create(c *fiber.Ctx) error {
	var req Req
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	v := t.fresh
	if err := req.apply(&v); err != nil {
		return err
	}
	out, err := t.create(c.UserContext(), adminActor(c), v)
	if err != nil {
		return t.failed(err)
	}
	return created(c, t.toJSON(out))
}

func (t adminTable[Row, Req, JSON]) Update(c *fiber.Ctx) error {
	id, err := adminID(c)
	if err != nil {
		return err
	}
	var req Req
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	out, err := t.update(c.UserContext(), adminActor(c), id, req.apply)
	if err != nil {
		return t.failed(err)
	}
	return adminOK(c, t.toJSON(out))
}
