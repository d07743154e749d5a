package store

import (
	"context"
	"time"
)

// Backlog is what the outbox has not published yet.
type Backlog struct {
	Pending int64
	// Oldest is how long the oldest unsent event has waited (0 when none):
	// the figure that says realtime updates are late, whatever the count.
	Oldest time.Duration
}

// OutboxBacklog reads the unsent events for metrics (the partial index on
// unsent rows keeps it cheap however long the sent history is).
func (s *DB) OutboxBacklog(ctx context.Context) (Backlog, error) {
	var row struct {
		Pending int64   `db:"pending"`
		Oldest  float64 `db:"oldest"`
	}
	err := s.db.GetContext(ctx, &row, `
		SELECT count(*) AS pending,
		       COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 AS oldest
		FROM outbox WHERE sent_at IS NULL`)
	return Backlog{Pending: row.Pending, Oldest: time.Duration(row.Oldest * float64(time.Second))}, wrap(err, "outbox backlog")
}

// SMSBudgetUsed is how many texts the current clock hour and day (Asia/Yangon)
// have taken from the shared budget, every node together.
func (s *DB) SMSBudgetUsed(ctx context.Context, now time.Time) (hour, day int, err error) {
	hourStart, dayStart := smsPeriodStarts(now)
	var row struct {
		Hour int `db:"hour"`
		Day  int `db:"day"`
	}
	err = s.db.GetContext(ctx, &row, `
		SELECT COALESCE(max(used) FILTER (WHERE period = 'hour' AND starts_at = $1), 0) AS hour,
		       COALESCE(max(used) FILTER (WHERE period = 'day' AND starts_at = $2), 0) AS day
		FROM sms_budget WHERE starts_at IN ($1, $2)`, hourStart, dayStart)
	return row.Hour, row.Day, wrap(err, "sms budget used")
}
