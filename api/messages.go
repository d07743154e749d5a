package api

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v2"

	"topup/internal/contract"
	"topup/internal/i18n"
	"topup/store"
)

// Messages: a customer's notifications. Only one's own messages
// are readable, markable and deletable; another user's id answers 404 like
// a missing one, so ids reveal nothing. Admins send with POST
// /api/messages/user/{userId}; the message is pushed live
// (user.message.sent) through the outbox.

const (
	maxMessageTitle = 255
	maxMessageBody  = 5000
)

// messagesJSON writes messages as clients see them, in the request's
// language (a message the store wrote itself is re-written from its codes
// every time, so switching language re-words the panel); user.message.sent
// carries the same message in its Sent form.
func messagesJSON(c *fiber.Ctx) func(store.Message) contract.Message {
	loc := requestLocale(c)
	return func(m store.Message) contract.Message { return m.In(loc).Contract() }
}

// pathID reads a positive id from the route; anything else is 404 with
// notFound, as no row has such an id.
func pathID(c *fiber.Ctx, name string, notFound i18n.Code) (int64, error) {
	id, err := strconv.ParseInt(c.Params(name), 10, 64)
	if err != nil || id < 1 {
		return 0, Fail(http.StatusNotFound, notFound)
	}
	return id, nil
}

// GET /api/message/:userId: the signed-in user's newest messages (own
// only) → {success, messages}.
func (s *Server) listMessages(c *fiber.Ctx) error {
	u := currentUser(c)
	id, err := pathID(c, "userId", i18n.UserNotFound)
	if err != nil {
		return err
	}
	if id != u.ID {
		return Fail(http.StatusNotFound, i18n.UserNotFound)
	}
	list, err := s.opts.Store.MessagesOfUser(c.UserContext(), u.ID)
	if err != nil {
		return err
	}
	out := mapSlice(list, messagesJSON(c))
	c.Set(fiber.HeaderCacheControl, "private, no-store")
	return reply(c, http.StatusOK, fiber.Map{"messages": out})
}

// PATCH /api/messages/:id/read
func (s *Server) markMessageRead(c *fiber.Ctx) error {
	id, err := pathID(c, "id", i18n.MessageNotFound)
	if err != nil {
		return err
	}
	if err := s.opts.Store.MarkMessageRead(c.UserContext(), currentUser(c).ID, id); err != nil {
		return err
	}
	return okMessage(c, i18n.MessageRead)
}

// DELETE /api/messages/:id
func (s *Server) deleteMessage(c *fiber.Ctx) error {
	id, err := pathID(c, "id", i18n.MessageNotFound)
	if err != nil {
		return err
	}
	if err := s.opts.Store.DeleteMessage(c.UserContext(), currentUser(c).ID, id); err != nil {
		return err
	}
	return okMessage(c, i18n.MessageDeleted)
}

type sendMessageRequest struct {
	Title string `json:"title"`
	Body  string `json:"body"`
}

// POST /api/messages/user/:userId (admin): title (1–255 characters) and an
// optional body (up to 5000). Answers 201 with the message.
func (s *Server) sendMessage(c *fiber.Ctx) error {
	to, err := pathID(c, "userId", i18n.UserNotFound)
	if err != nil {
		return err
	}
	var req sendMessageRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	title := cleanText(req.Title)
	body := cleanBody(req.Body)
	f := fieldErrors{}
	switch {
	case title == "" || !visible(title):
		f.add("title", i18n.MessageTitleRequired)
	case runes(title) > maxMessageTitle:
		f.add("title", i18n.MessageTitleMax)
	case strings.IndexFunc(title, badTextChar) >= 0:
		f.add("title", i18n.MessageTitleChars)
	}
	switch {
	case runes(body) > maxMessageBody:
		f.add("body", i18n.MessageBodyMax)
	case strings.IndexFunc(body, badBodyChar) >= 0:
		f.add("body", i18n.MessageBodyChars)
	}
	if err := f.err(); err != nil {
		return err
	}
	if _, err := s.opts.Store.UserByID(c.UserContext(), to); errors.Is(err, store.ErrNotFound) {
		return Fail(http.StatusNotFound, i18n.UserNotFound)
	} else if err != nil {
		return err
	}
	m, err := s.opts.Store.AdminSendMessage(c.UserContext(), adminActor(c), store.NewMessage{
		UserID: to, Title: title, Body: body,
	})
	if err != nil {
		return err
	}
	return reply(c, http.StatusCreated, fiber.Map{"message": say(c, i18n.MessageSent), "data": messagesJSON(c)(m)})
}

// badBodyChar is badTextChar for a multi-line text: line breaks and tabs
// are allowed.
func badBodyChar(r rune) bool {
	if r == '\n' || r == '\t' {
		return false
	}
	return badTextChar(r)
}
