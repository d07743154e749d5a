package api

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"

	"github.com/gofiber/fiber/v2"

	"topup/internal/i18n"
	"topup/store"
)

type adminEventRequest struct {
	UserID *int64          `json:"user_id"`
	Event  string          `json:"event"`
	Data   json.RawMessage `json:"data"`
}

// maxAdminEventData is the realtime server's message limit, less room for the
// envelope.
const maxAdminEventData = 9 * 1024

// The event console sends only diagnostic events: user.updated carrying the
// user exactly as stored (no data of the admin's), and diagnostic.ping,
// which the web app does not listen for. Anything a customer's screen would
// show (a message, an order, a wallet change) must come from the store, or
// a rogue admin could show a convincing "message from the store" that no
// table holds.
const eventDiagnosticPing = "diagnostic.ping"

var adminConsoleEvents = []string{store.EventUserUpdated, eventDiagnosticPing}

const ()

// consoleEventProblem is the field at fault and why, or "" when the event
// console may send event with data.
func consoleEventProblem(event string, data []byte) (field string, code i18n.Code) {
	switch {
	case !slices.Contains(adminConsoleEvents, event):
		return "event", i18n.EventNotAllowed
	case event == store.EventUserUpdated && len(data) > 0:
		return "data", i18n.EventNoData
	case len(data) > maxAdminEventData:
		return "data", i18n.EventDataMax
	}
	return "", i18n.Code{}
}

// adminPublishEvent sends a diagnostic event on a user's private channel
// through the broadcaster and answers what happened: how operators check a
// customer's live connection. The audit entry records the payload's SHA-256
// and size.
func (s *Server) adminPublishEvent(c *fiber.Ctx) error {
	var req adminEventRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	event := strings.TrimSpace(req.Event)
	if event == "" {
		event = store.EventUserUpdated
	}
	data := []byte(strings.TrimSpace(string(req.Data)))
	if string(data) == "null" {
		data = nil
	}
	if req.UserID == nil || *req.UserID <= 0 {
		return Invalid(fieldsErr("user_id", i18n.ChooseUser))
	}
	if field, code := consoleEventProblem(event, data); !code.IsZero() {
		return &Error{Status: http.StatusUnprocessableEntity, Code: i18n.EventNotAllowed, Text: i18n.T(code),
			Fields: fieldsErr(field, code)}
	}
	u, err := s.opts.Store.UserByID(c.UserContext(), *req.UserID)
	if errors.Is(err, store.ErrNotFound) {
		return Fail(http.StatusNotFound, i18n.UserNotFound)
	}
	if err != nil {
		return err
	}
	switch {
	case event == store.EventUserUpdated:
		if data, err = json.Marshal(fiber.Map{"updateType": "profile", "user": toUserJSON(u)}); err != nil {
			return err
		}
	case len(data) == 0:
		data = []byte(`{}`)
	}
	channel := store.UserChannel(u.ID)
	result := fiber.Map{"channel": channel, "event": event, "published": true, "error": nil, "data": json.RawMessage(data)}
	if s.opts.Broadcaster == nil {
		result["published"], result["error"] = false, "no broadcaster is configured"
	} else if perr := s.opts.Broadcaster.Publish(c.UserContext(), []string{channel}, event, data); perr != nil {
		result["published"], result["error"] = false, perr.Error()
	}
	sum := sha256.Sum256(data)
	err = s.opts.Store.RecordAudit(c.UserContext(), adminActor(c), "event.publish", "user", u.ID,
		fiber.Map{"channel": channel, "event": event, "published": result["published"], "error": result["error"],
			"data_sha256": hex.EncodeToString(sum[:]), "data_bytes": len(data)}, "")
	if err != nil {
		return err
	}
	return adminOK(c, result)
}
