package api

import (
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"

	"topup/media"
	"topup/store"
)

// The back office API (issue 10) under /api/admin: admins only (a customer
// gets 403, a signed-out caller 401, a banned admin 403 with the reason),
// every change written to the audit log in the change's own transaction
// (store's Admin* functions take the actor for that).

// adminZone is the store's day: "today's sales" start at midnight in Myanmar.
var adminZone = store.Zone

// adminTopupPromise is what the customer is told: credited in about 5 minutes.
const adminTopupPromise = 5 * time.Minute

const (
	msgAdminReasonRequired = "Please give a reason."
	msgAdminReasonMax      = "The reason must be 500 characters or less."
	maxAdminReason         = 500
)

// mountAdmin registers the admin routes and the public media files.
func (s *Server) mountAdmin(api fiber.Router) {
	// Public images uploaded by admins; registered before MountWeb's
	// /media/* so this route answers for its prefix.
	s.app.Get(strings.TrimSuffix(media.URLPrefix, "/")+"/:name", s.serveMedia)

	a := api.Group("/admin", s.requireUser, s.refuseBanned, s.requireAdmin)
	a.Get("/overview", s.adminOverview)

	a.Get("/topups", s.adminListTopups)
	a.Get("/topups/:id", s.adminShowTopup)
	a.Post("/topups/:id/confirm", s.adminConfirmTopup)
	a.Post("/topups/:id/reject", s.adminRejectTopup)

	a.Get("/orders", s.adminListOrders)
	a.Get("/orders/queue", s.adminOrderQueue)
	a.Get("/orders/:id", s.adminShowOrder)
	a.Post("/orders/:id/claim", s.adminClaimOrder)
	a.Post("/orders/:id/complete", s.adminCompleteOrder)
	a.Post("/orders/:id/fail", s.adminFailOrder)

	a.Get("/users", s.adminListUsers)
	a.Get("/users/:id", s.adminShowUser)
	a.Get("/users/:id/ledger", s.adminUserLedger)
	a.Post("/users/:id/ban", s.adminBan)
	a.Post("/users/:id/unban", s.adminUnban)
	a.Post("/users/:id/wallet", s.adminAdjustWallet)

	a.Get("/services", s.adminListServices)
	a.Post("/services", s.adminCreateService)
	a.Patch("/services/:id", s.adminUpdateService)
	a.Get("/games", s.adminListGames)
	a.Post("/games", s.adminCreateGame)
	a.Patch("/games/:id", s.adminUpdateGame)
	a.Get("/products", s.adminListProducts)
	a.Post("/products", s.adminCreateProduct)
	a.Get("/products/:id", s.adminShowProduct)
	a.Patch("/products/:id", s.adminUpdateProduct)
	a.Put("/products/:id/credentials", s.adminSetCredentials)
	a.Post("/products/:id/credentials/reveal", s.adminRevealCredentials)
	a.Get("/products/:id/codes", s.adminCodeStock)
	a.Post("/products/:id/codes", s.adminImportCodes)
	a.Get("/codes/stock", s.adminCodeStocks)
	a.Get("/payment-methods", s.adminListPaymentMethods)
	a.Post("/payment-methods", s.adminCreatePaymentMethod)
	a.Patch("/payment-methods/:id", s.adminUpdatePaymentMethod)
	a.Get("/banners", s.adminListBanners)
	a.Post("/banners", s.adminCreateBanner)
	a.Patch("/banners/:id", s.adminUpdateBanner)
	a.Delete("/banners/:id", s.adminDeleteBanner)
	a.Post("/media", s.adminUploadMedia)

	a.Get("/reviews", s.adminListReviews)
	a.Patch("/reviews/:id", s.adminModerateReview)
	a.Get("/settings/admin-online", s.adminGetOnline)
	a.Get("/settings/receipt-checks", s.adminGetReceiptRules)
	a.Put("/settings/receipt-checks", s.adminSetReceiptRules)
	a.Put("/settings/admin-online", s.adminSetOnline)
	a.Get("/audit", s.adminAuditLog)
	a.Post("/events", s.adminPublishEvent)
}

// actor is the signed-in admin and the request, for the audit log.
func adminActor(c *fiber.Ctx) store.Actor {
	return store.Actor{ID: currentUser(c).ID, IP: clientIP(c), RequestID: requestID(c)}
}

// pageOf reads ?page and ?per_page.
func adminPageOf(c *fiber.Ctx) store.Page {
	p, _ := strconv.Atoi(c.Query("page"))
	n, _ := strconv.Atoi(c.Query("per_page"))
	return store.Page{Page: p, PerPage: n}
}

// paged answers a list the way products are paged.
func adminPaged(c *fiber.Ctx, items any, info store.PageInfo) error {
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.JSON(fiber.Map{"success": true, "data": fiber.Map{
		"data": items, "current_page": info.CurrentPage, "last_page": info.LastPage,
		"per_page": info.PerPage, "total": info.Total,
	}})
}

func adminOK(c *fiber.Ctx, data any) error {
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.JSON(fiber.Map{"success": true, "data": data})
}

func adminID(c *fiber.Ctx) (int64, error) { return pathID(c, "id", "Not found.") }

// queryID reads an optional positive id from the query string.
func adminQueryID(c *fiber.Ctx, name string) int64 {
	n, err := strconv.ParseInt(c.Query(name), 10, 64)
	if err != nil || n < 0 {
		return 0
	}
	return n
}

func adminQueryBool(c *fiber.Ctx, name string) *bool {
	switch strings.ToLower(c.Query(name)) {
	case "1", "true", "yes":
		t := true
		return &t
	case "0", "false", "no":
		f := false
		return &f
	}
	return nil
}

// checkReason validates a required reason.
func adminReason(f fieldErrors, field, reason string) string {
	reason = cleanText(reason)
	switch {
	case reason == "" || !visible(reason):
		f.add(field, msgAdminReasonRequired)
	case runes(reason) > maxAdminReason:
		f.add(field, msgAdminReasonMax)
	case strings.IndexFunc(reason, badTextChar) >= 0:
		f.add(field, "The reason contains characters that are not allowed.")
	}
	return reason
}

func adminStr(v sql.NullString) *string {
	if !v.Valid {
		return nil
	}
	return &v.String
}

func adminTime(v sql.NullTime) *time.Time {
	if !v.Valid {
		return nil
	}
	return &v.Time
}

func adminInt(v sql.NullInt64) *int64 {
	if !v.Valid {
		return nil
	}
	return &v.Int64
}

// adminOverview answers GET /api/admin/overview.
func (s *Server) adminOverview(c *fiber.Ctx) error {
	now := s.now()
	local := now.In(adminZone)
	dayStart := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, adminZone)
	dayEnd := dayStart.AddDate(0, 0, 1)
	ov, err := s.opts.Store.Overview(c.UserContext(), dayStart, dayEnd, now.Add(-adminTopupPromise), 10)
	if err != nil {
		return err
	}
	waiting, err := s.adminTopupsJSON(c.UserContext(), ov.WaitingTopups)
	if err != nil {
		return err
	}
	age := func(t sql.NullTime) *int64 {
		if !t.Valid {
			return nil
		}
		sec := int64(now.Sub(t.Time).Seconds())
		return &sec
	}
	mismatches := make([]fiber.Map, len(ov.Mismatches))
	for i, m := range ov.Mismatches {
		mismatches[i] = fiber.Map{"user_id": m.UserID, "wallet_amount": m.WalletAmount, "ledger_sum": m.LedgerSum,
			"last_balance": m.LastBalance, "entries": m.Entries}
	}
	return adminOK(c, fiber.Map{
		"time_zone": adminZone.String(),
		"day":       dayStart.Format("2006-01-02"),
		"day_start": dayStart, "day_end": dayEnd,
		"sales": fiber.Map{"total": ov.SalesTotal, "count": ov.SalesCount},
		"topups": fiber.Map{
			"waiting": ov.TopupsWaiting, "overdue": ov.TopupsOverdue, "oldest_age_seconds": age(ov.OldestTopupAt),
			"promise_seconds": int64(adminTopupPromise.Seconds()), "oldest": waiting,
		},
		"orders":           fiber.Map{"waiting": ov.OrdersWaiting, "oldest_age_seconds": age(ov.OldestOrderAt)},
		"wallet_liability": ov.WalletLiability,
		"users":            ov.Users,
		"ledger":           fiber.Map{"ok": len(ov.Mismatches) == 0, "mismatches": mismatches},
	})
}

// adminGetOnline answers the admin_online switch.
func (s *Server) adminGetOnline(c *fiber.Ctx) error {
	var on bool
	err := s.opts.Store.Setting(c.UserContext(), store.SettingAdminOnline, &on)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return err
	}
	return adminOK(c, fiber.Map{"admin_online": on})
}

type adminOnlineRequest struct {
	Online *bool `json:"online"`
}

// adminSetOnline switches the admin_online setting GET /api/admin-status
// reads.
func (s *Server) adminSetOnline(c *fiber.Ctx) error {
	var req adminOnlineRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	if req.Online == nil {
		return Invalid(map[string][]string{"online": {"Please choose on or off."}})
	}
	if err := s.opts.Store.AdminSetSetting(c.UserContext(), adminActor(c), store.SettingAdminOnline, *req.Online); err != nil {
		return err
	}
	return adminOK(c, fiber.Map{"admin_online": *req.Online})
}

type adminAuditJSON struct {
	ID         int64           `json:"id"`
	ActorID    *int64          `json:"actor_id"`
	ActorName  string          `json:"actor_name"`
	Action     string          `json:"action"`
	TargetType string          `json:"target_type"`
	TargetID   string          `json:"target_id"`
	Before     json.RawMessage `json:"before"`
	After      json.RawMessage `json:"after"`
	Reason     *string         `json:"reason"`
	IP         *string         `json:"ip"`
	RequestID  string          `json:"request_id"`
	CreatedAt  time.Time       `json:"created_at"`
}

func toAdminAuditJSON(e store.AuditEntry) adminAuditJSON {
	j := adminAuditJSON{ID: e.ID, ActorID: adminInt(e.ActorID), ActorName: e.ActorName, Action: e.Action,
		TargetType: e.TargetType, TargetID: e.TargetID, Before: e.Before, After: e.After,
		Reason: adminStr(e.Reason), IP: adminStr(e.IP), RequestID: e.RequestID, CreatedAt: e.CreatedAt}
	if len(j.Before) == 0 {
		j.Before = json.RawMessage("null")
	}
	if len(j.After) == 0 {
		j.After = json.RawMessage("null")
	}
	return j
}

// parseDay reads a date (2006-01-02, a Yangon day) or an RFC 3339 time;
// end moves a date to the next midnight so "to=2026-05-01" includes that
// day.
func adminDay(v string, end bool) (time.Time, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return time.Time{}, true
	}
	if t, err := time.ParseInLocation("2006-01-02", v, adminZone); err == nil {
		if end {
			t = t.AddDate(0, 0, 1)
		}
		return t, true
	}
	t, err := time.Parse(time.RFC3339, v)
	return t, err == nil
}

// adminAuditLog answers GET /api/admin/audit?actor_id&action&target_type&
// target_id&from&to&page.
func (s *Server) adminAuditLog(c *fiber.Ctx) error {
	from, okFrom := adminDay(c.Query("from"), false)
	to, okTo := adminDay(c.Query("to"), true)
	f := fieldErrors{}
	if !okFrom {
		f.add("from", "Use a date like 2026-05-01.")
	}
	if !okTo {
		f.add("to", "Use a date like 2026-05-01.")
	}
	if err := f.err(); err != nil {
		return err
	}
	page, err := s.opts.Store.AuditLog(c.UserContext(), store.AuditFilter{
		ActorID: adminQueryID(c, "actor_id"), Action: c.Query("action"), TargetType: c.Query("target_type"),
		TargetID: c.Query("target_id"), From: from, To: to, Page: adminPageOf(c),
	})
	if err != nil {
		return err
	}
	out := make([]adminAuditJSON, len(page.Items))
	for i, e := range page.Items {
		out[i] = toAdminAuditJSON(e)
	}
	return adminPaged(c, out, page.PageInfo)
}

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

const (
	msgEventNotAllowed = "Only diagnostic events may be sent: user.updated (without data) or diagnostic.ping."
	msgEventNoData     = "user.updated always carries the user as stored; leave the data empty."
)

// consoleEventProblem is the field at fault and why, or "" when the event
// console may send event with data.
func consoleEventProblem(event string, data []byte) (field, msg string) {
	switch {
	case !slices.Contains(adminConsoleEvents, event):
		return "event", msgEventNotAllowed
	case event == store.EventUserUpdated && len(data) > 0:
		return "data", msgEventNoData
	case len(data) > maxAdminEventData:
		return "data", "The event data must be 9 KB or less."
	}
	return "", ""
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
		return Invalid(fieldErrors{"user_id": {"Please choose a user."}})
	}
	if field, msg := consoleEventProblem(event, data); msg != "" {
		return &Error{Status: http.StatusUnprocessableEntity, Code: "event_not_allowed", Message: msg,
			Fields: map[string][]string{field: {msg}}}
	}
	u, err := s.opts.Store.UserByID(c.UserContext(), *req.UserID)
	if errors.Is(err, store.ErrNotFound) {
		return Fail(http.StatusNotFound, msgUserNotFound)
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

// serveMedia serves an admin-uploaded public image. Names are random and
// never reused, so the file is cached for a year.
func (s *Server) serveMedia(c *fiber.Ctx) error {
	if s.opts.Media == nil {
		return fiber.ErrNotFound
	}
	// The name is the version: a browser or CDN that has it never needs the
	// bytes again, so a revalidation costs no read (with BLOB_STORE=postgres,
	// no database round trip).
	etag := `"` + c.Params("name") + `"`
	if c.Get(fiber.HeaderIfNoneMatch) == etag {
		return c.SendStatus(fiber.StatusNotModified)
	}
	body, ctype, err := s.opts.Media.Read(c.UserContext(), c.Params("name"))
	if errors.Is(err, media.ErrNotFound) {
		return fiber.ErrNotFound
	}
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderContentType, ctype)
	c.Set(fiber.HeaderXContentTypeOptions, "nosniff")
	c.Set(fiber.HeaderCacheControl, cacheImmutable)
	c.Set(fiber.HeaderETag, etag)
	c.Set(fiber.HeaderContentSecurityPolicy, "default-src 'none'; img-src 'self'; sandbox")
	return c.Send(body)
}

// adminUploadMedia stores a public image (multipart "file") and answers
// its URL, for logos, product pictures, banners and payment icons.
func (s *Server) adminUploadMedia(c *fiber.Ctx) error {
	if s.opts.Media == nil {
		return Fail(http.StatusServiceUnavailable, "Image uploads are not configured on this server.")
	}
	fh, err := c.FormFile("file")
	if err != nil {
		return Invalid(map[string][]string{"file": {"Please choose an image."}})
	}
	const msgType = "Only PNG, JPEG and WebP images are allowed."
	const msgSize = "The image must be 5 MB or smaller."
	if fh.Size > media.MaxBytes {
		return &Error{Status: http.StatusRequestEntityTooLarge, Message: msgSize, Fields: map[string][]string{"file": {msgSize}}}
	}
	f, err := fh.Open()
	if err != nil {
		return err
	}
	defer f.Close()
	img, err := s.opts.Media.Save(c.UserContext(), f)
	switch {
	case errors.Is(err, media.ErrTooLarge):
		return &Error{Status: http.StatusRequestEntityTooLarge, Message: msgSize, Fields: map[string][]string{"file": {msgSize}}}
	case errors.Is(err, media.ErrUnsupported):
		return &Error{Status: http.StatusUnsupportedMediaType, Message: msgType, Fields: map[string][]string{"file": {msgType}}}
	case errors.Is(err, media.ErrDimensions):
		return Invalid(map[string][]string{"file": {"The image is too large (at most 8000 pixels a side)."}})
	case errors.Is(err, media.ErrEmpty):
		return Invalid(map[string][]string{"file": {msgReceiptEmpty}})
	case err != nil:
		return err
	}
	url := media.URLPrefix + img.Name
	info := fiber.Map{"url": url, "content_type": img.ContentType, "size": img.Size, "width": img.Width, "height": img.Height}
	if err := s.opts.Store.RecordAudit(c.UserContext(), adminActor(c), "media.upload", "media", img.Name, info, ""); err != nil {
		return err
	}
	return c.Status(http.StatusCreated).JSON(fiber.Map{"success": true, "data": info})
}
