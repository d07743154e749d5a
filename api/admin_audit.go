package api

import (
	"encoding/json"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"

	"topup/internal/contract"
	"topup/internal/i18n"
	"topup/store"
)

func toAdminAuditJSON(e store.AuditEntry) contract.AuditEntry {
	j := contract.AuditEntry{ID: e.ID, ActorID: e.ActorID, ActorName: e.ActorName, Action: e.Action,
		TargetType: e.TargetType, TargetID: e.TargetID, Before: e.Before, After: e.After,
		Reason: e.Reason, IP: e.IP, RequestID: e.RequestID, CreatedAt: e.CreatedAt}
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
		f.add("from", i18n.DateFormat)
	}
	if !okTo {
		f.add("to", i18n.DateFormat)
	}
	if err := f.err(); err != nil {
		return err
	}
	page, err := s.opts.Store.AuditLog(c.UserContext(), store.AuditFilter{
		ActorID: adminQueryID(c, "actor_id"), Action: c.Query("action"), TargetType: c.Query("target_type"),
		TargetID: c.Query("target_id"), From: from, To: to, Paging: adminPageOf(c),
	})
	if err != nil {
		return err
	}
	out := mapSlice(page.Items, toAdminAuditJSON)
	return adminPaged(c, out, page.PageInfo)
}
