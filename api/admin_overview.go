package api

import (
	"time"

	"github.com/gofiber/fiber/v2"

	"topup/internal/contract"
	"topup/store"
)

// adminZone is the store's day: "today's sales" start at midnight in Myanmar.
var adminZone = store.Zone

// topupPromise is what the customer is told: credited within the
// configured delivery minutes. A top-up waiting longer is overdue.
func (s *Server) topupPromise() time.Duration {
	return time.Duration(s.deliveryMinutes()) * time.Minute
}

// adminOverview answers GET /api/admin/overview.
func (s *Server) adminOverview(c *fiber.Ctx) error {
	now := s.now()
	local := now.In(adminZone)
	dayStart := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, adminZone)
	dayEnd := dayStart.AddDate(0, 0, 1)
	ov, err := s.opts.Store.Overview(c.UserContext(), dayStart, dayEnd, now.Add(-s.topupPromise()), 10)
	if err != nil {
		return err
	}
	waiting, err := s.adminTopupsJSON(c.UserContext(), ov.WaitingTopups)
	if err != nil {
		return err
	}
	age := func(t *time.Time) *int64 {
		if t == nil {
			return nil
		}
		sec := int64(now.Sub(*t).Seconds())
		return &sec
	}
	mismatches := mapSlice(ov.Mismatches, func(m store.LedgerMismatch) contract.LedgerMismatch {
		return contract.LedgerMismatch{UserID: m.UserID, WalletAmount: m.WalletAmount, LedgerSum: m.LedgerSum,
			LastBalance: m.LastBalance, Entries: m.Entries}
	})
	return adminOK(c, fiber.Map{
		"time_zone": adminZone.String(),
		"day":       dayStart.Format("2006-01-02"),
		"day_start": dayStart, "day_end": dayEnd,
		"sales": fiber.Map{"total": ov.SalesTotal, "count": ov.SalesCount},
		"topups": fiber.Map{
			"waiting": ov.TopupsWaiting, "overdue": ov.TopupsOverdue, "oldest_age_seconds": age(ov.OldestTopupAt),
			"promise_seconds": int64(s.topupPromise().Seconds()), "oldest": waiting,
		},
		"orders":           fiber.Map{"waiting": ov.OrdersWaiting, "oldest_age_seconds": age(ov.OldestOrderAt)},
		"wallet_liability": ov.WalletLiability,
		"users":            ov.Users,
		"ledger":           fiber.Map{"ok": len(ov.Mismatches) == 0, "mismatches": mismatches},
	})
}
