package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
	_ "time/tzdata" // Asia/Yangon on machines without a zoneinfo database

	"github.com/jmoiron/sqlx"

	"topup/internal/phone"
)

// Sending a code costs money, so every send is decided in one transaction
// that every node shares: locked per phone (and per requesting address) so
// that parallel requests are counted one after another, checked against the
// per-phone and per-address caps and the gap between two codes, and taken
// from the store's hourly and daily SMS budget. Only then is the code
// stored; the caller texts it after the commit.

// OTPSend is a code about to be texted and the limits it must fit.
type OTPSend struct {
	NewOTP
	// Window is the sliding period the caps count over.
	Window time.Duration
	// PhoneCap and IPCap are the codes one phone, or one requesting
	// address, may get per Window.
	PhoneCap, IPCap int
	// Gap is the shortest time between two codes to one phone.
	Gap time.Duration
	// Budget is what every node together may send.
	Budget SMSBudget
}

// SMSBudget caps the texts of all customers together per clock hour and
// per day in Asia/Yangon. Both must be at least 1.
type SMSBudget struct {
	Hourly, Daily int
}

// ErrSendLimited: this phone or address must wait before another code.
var ErrSendLimited = errors.New("code send limited")

// ErrSMSBudgetSpent: the store's SMS budget for the hour or day is used up.
var ErrSMSBudgetSpent = errors.New("sms budget spent")

// WaitError says how long until the refused send would be allowed; it
// wraps ErrSendLimited or ErrSMSBudgetSpent.
type WaitError struct {
	Err        error
	RetryAfter time.Duration
	// Limit names what refused: "phone", "ip", "gap", "hour" or "day".
	Limit string
}

func (e *WaitError) Error() string {
	return fmt.Sprintf("store: %v (%s, retry after %s)", e.Err, e.Limit, e.RetryAfter)
}

func (e *WaitError) Unwrap() error { return e.Err }

// Zone is the store's day: Myanmar time, for "today's sales" and the SMS
// budget's hours and days.
var Zone = mustZone("Asia/Yangon")

func mustZone(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic("store: time zone " + name + ": " + err.Error())
	}
	return loc
}

// ReserveOTP stores the code of o if the phone, the address and the budget
// allow one more text now, and answers how long until the phone may have
// the next one. It returns a *WaitError otherwise, and stores nothing.
func (s *DB) ReserveOTP(ctx context.Context, o OTPSend) (next time.Duration, err error) {
	p, err := phone.Normalize(o.Phone)
	if err != nil {
		return 0, fmt.Errorf("store: reserve otp: %w: %w", ErrInvalid, err)
	}
	if o.IP == "" || o.Budget.Hourly < 1 || o.Budget.Daily < 1 {
		return 0, fmt.Errorf("store: reserve otp: an address and a budget are required: %w", ErrInvalid)
	}
	h, err := s.otpHash(p, o.Purpose, o.Code)
	if err != nil {
		return 0, err
	}
	err = s.WithTx(ctx, func(tx *sqlx.Tx) error {
		// Phone first, then address, in every transaction: no cycle.
		for _, key := range []string{"otp-send:phone:" + p, "otp-send:ip:" + o.IP} {
			if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, key); err != nil {
				return wrap(err, "reserve otp: lock")
			}
		}
		if err := checkSendCaps(ctx, tx, p, o); err != nil {
			return err
		}
		if err := spendSMSBudget(ctx, tx, o.Budget, o.Now); err != nil {
			return err
		}
		if next, err = nextSendAfter(ctx, tx, p, o); err != nil {
			return err
		}
		return insertOTP(ctx, tx, p, h, o.NewOTP)
	})
	return next, err
}

// sendWindow is the codes sent since a moment, and the oldest and newest.
type sendWindow struct {
	Count  int          `db:"n"`
	Oldest sql.NullTime `db:"oldest"`
	Newest sql.NullTime `db:"newest"`
}

func countSends(ctx context.Context, tx *sqlx.Tx, where, arg string, since time.Time) (sendWindow, error) {
	var w sendWindow
	err := tx.GetContext(ctx, &w, `
		SELECT count(*) AS n, min(created_at) AS oldest, max(created_at) AS newest FROM otp_codes
		WHERE `+where+` AND created_at > $2`, arg, since)
	return w, wrap(err, "count otp sends")
}

// checkSendCaps refuses a send the phone's or the address's window is full
// for, or that follows the phone's last code too closely.
func checkSendCaps(ctx context.Context, tx *sqlx.Tx, p string, o OTPSend) error {
	since := o.Now.Add(-o.Window)
	byPhone, err := countSends(ctx, tx, `phone = $1`, p, since)
	if err != nil {
		return err
	}
	byIP, err := countSends(ctx, tx, `ip = $1::inet`, o.IP, since)
	if err != nil {
		return err
	}
	refuse := func(limit string, at time.Time) error {
		return &WaitError{Err: ErrSendLimited, Limit: limit, RetryAfter: max(at.Sub(o.Now), time.Second)}
	}
	switch {
	case byPhone.Count >= o.PhoneCap:
		return refuse("phone", byPhone.Oldest.Time.Add(o.Window))
	case byIP.Count >= o.IPCap:
		return refuse("ip", byIP.Oldest.Time.Add(o.Window))
	case byPhone.Newest.Valid && o.Now.Before(byPhone.Newest.Time.Add(o.Gap)):
		return refuse("gap", byPhone.Newest.Time.Add(o.Gap))
	}
	return nil
}

// nextSendAfter is how long after this send the phone may have another:
// the gap, or until the oldest code leaves the window once this one fills
// it.
func nextSendAfter(ctx context.Context, tx *sqlx.Tx, p string, o OTPSend) (time.Duration, error) {
	w, err := countSends(ctx, tx, `phone = $1`, p, o.Now.Add(-o.Window))
	if err != nil {
		return 0, err
	}
	next := o.Gap
	if w.Count+1 >= o.PhoneCap {
		oldest := o.Now
		if w.Oldest.Valid {
			oldest = w.Oldest.Time
		}
		next = max(next, oldest.Add(o.Window).Sub(o.Now))
	}
	return next, nil
}

// smsPeriodStarts are the starts of the clock hour and the day (Asia/Yangon)
// that now's texts are counted in.
func smsPeriodStarts(now time.Time) (hour, day time.Time) {
	t := now.In(Zone)
	return time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), 0, 0, 0, Zone),
		time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, Zone)
}

// spendSMSBudget takes one text from the current hour's and day's budget,
// or refuses when either is spent. The counter rows are locked by the
// update, so concurrent sends on every node queue on them and the budget
// is never overrun.
func spendSMSBudget(ctx context.Context, tx *sqlx.Tx, b SMSBudget, now time.Time) error {
	hour, day := smsPeriodStarts(now)
	periods := []struct {
		name       string
		start, end time.Time
		limit      int
	}{
		{"hour", hour, hour.Add(time.Hour), b.Hourly},
		{"day", day, day.AddDate(0, 0, 1), b.Daily},
	}
	for _, per := range periods {
		var used int
		err := tx.GetContext(ctx, &used, `
			INSERT INTO sms_budget AS b (period, starts_at, used) VALUES ($1, $2, 1)
			ON CONFLICT (period, starts_at) DO UPDATE SET used = b.used + 1 WHERE b.used < $3
			RETURNING used`, per.name, per.start, per.limit)
		if errors.Is(err, sql.ErrNoRows) {
			return &WaitError{Err: ErrSMSBudgetSpent, Limit: per.name, RetryAfter: max(per.end.Sub(now), time.Second)}
		}
		if err != nil {
			return wrap(err, "spend sms budget")
		}
	}
	return nil
}

// insertOTP retires every live code of the phone and purpose and stores
// the new one, so only the newest can be used.
func insertOTP(ctx context.Context, tx *sqlx.Tx, p string, hash []byte, o NewOTP) error {
	_, err := tx.ExecContext(ctx, `
		UPDATE otp_codes SET used_at = $3
		WHERE phone = $1 AND purpose = $2 AND used_at IS NULL`, p, o.Purpose, o.Now)
	if err != nil {
		return wrap(err, "retire otp codes")
	}
	_, err = tx.ExecContext(ctx, `
		INSERT INTO otp_codes (phone, purpose, code_hash, ip, created_at, expires_at, user_id)
		VALUES ($1, $2, $3, $4::inet, $5, $6, $7)`,
		p, o.Purpose, hash, sql.NullString{String: o.IP, Valid: o.IP != ""}, o.Now, o.Now.Add(o.TTL), nullID(o.UserID))
	return wrap(err, "create otp")
}

// DeleteStaleSMSBudget removes budget periods that started before cutoff.
func (s *DB) DeleteStaleSMSBudget(ctx context.Context, cutoff time.Time) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM sms_budget WHERE starts_at < $1`, cutoff)
	return wrap(err, "delete stale sms budget")
}
