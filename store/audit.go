package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jmoiron/sqlx"
)

// The audit trail: every change an admin makes is written to
// audit_log — who, what, which row, the row before and after, why, from
// where and in which request — in the same transaction as the change, so
// there is never a change without its entry nor an entry for a change that
// rolled back.

// Actor is the admin behind a change and the request it came in.
type Actor struct {
	ID        int64
	IP        string // "" when unknown
	RequestID string
}

// AuditEntry is one row of audit_log.
type AuditEntry struct {
	ID         int64     `db:"id"`
	ActorID    *int64    `db:"actor_id"`
	ActorName  string    `db:"actor_name"`
	Action     string    `db:"action"`
	TargetType string    `db:"target_type"`
	TargetID   string    `db:"target_id"`
	Before     []byte    `db:"before"` // JSON, nil for none
	After      []byte    `db:"after"`
	Reason     *string   `db:"reason"`
	IP         *string   `db:"ip"`
	RequestID  string    `db:"request_id"`
	CreatedAt  time.Time `db:"created_at"`
}

// auditRecord is what an admin function asks to be written.
type auditRecord struct {
	Action     string
	TargetType string
	TargetID   any // formatted with %v
	Before     any // marshalled to JSON; nil or a nil RawMessage is NULL
	After      any
	Reason     string
}

func auditJSON(v any) ([]byte, error) {
	switch x := v.(type) {
	case nil:
		return nil, nil
	case json.RawMessage:
		if len(x) == 0 {
			return nil, nil
		}
		return x, nil
	}
	return json.Marshal(v)
}

// writeAudit inserts one audit row inside tx.
func writeAudit(ctx context.Context, tx *sqlx.Tx, a Actor, r auditRecord) error {
	before, err := auditJSON(r.Before)
	if err != nil {
		return fmt.Errorf("store: audit %s: %w", r.Action, err)
	}
	after, err := auditJSON(r.After)
	if err != nil {
		return fmt.Errorf("store: audit %s: %w", r.Action, err)
	}
	var ip sql.NullString
	if parsed := net.ParseIP(strings.TrimSpace(a.IP)); parsed != nil {
		ip = sql.NullString{String: parsed.String(), Valid: true}
	}
	target := ""
	if r.TargetID != nil {
		target = fmt.Sprint(r.TargetID)
	}
	_, err = tx.ExecContext(ctx, `
		INSERT INTO audit_log (actor_id, action, target_type, target_id, before, after, reason, ip, request_id)
		VALUES ($1, $2, $3, $4, $5, $6, NULLIF($7, ''), $8, $9)`,
		nullID(a.ID), r.Action, r.TargetType, target, jsonArg(before), jsonArg(after),
		strings.TrimSpace(r.Reason), ip, truncate(a.RequestID, 200))
	return wrap(err, "audit %s", r.Action)
}

// rowJSON reads one row of a table as JSON inside tx, locking it when lock
// is set; a missing row is nil, nil. Sealed columns never reach it: callers
// name tables whose columns are all safe to keep in the audit log, or list
// the columns in cols.
func rowJSON(ctx context.Context, tx *sqlx.Tx, query string, args ...any) (json.RawMessage, error) {
	var raw []byte
	err := tx.GetContext(ctx, &raw, query, args...)
	if err == sql.ErrNoRows {
		return nil, nil
	}
	if err != nil {
		return nil, wrap(err, "audit snapshot")
	}
	return raw, nil
}

// Audit hooks let a change made by an existing store function (ConfirmTopup,
// AdjustWallet, …) be audited in its own transaction without copying its
// body: the admin wrapper puts a hook in the context, and WithTx runs the
// hook's before at BEGIN and writes the entry just before COMMIT. A hook
// fires once, in the first transaction that reaches COMMIT under its
// context, so wrappers use it only around a store call that runs one
// transaction. The hook is unexported: only store's admin functions set it.
type auditHook struct {
	actor  Actor
	record auditRecord
	// before runs right after BEGIN (e.g. SELECT … FOR UPDATE of the row)
	// and may refuse the change by returning an error.
	before func(ctx context.Context, tx *sqlx.Tx) (json.RawMessage, error)
	// after reads the row as the change left it.
	after func(ctx context.Context, tx *sqlx.Tx) (json.RawMessage, error)
	fired atomic.Bool
}

type auditHookKey struct{}

func withAuditHook(ctx context.Context, h *auditHook) context.Context {
	return context.WithValue(ctx, auditHookKey{}, h)
}

func hookOf(ctx context.Context) *auditHook {
	h, _ := ctx.Value(auditHookKey{}).(*auditHook)
	if h == nil || h.fired.Load() {
		return nil
	}
	return h
}

// auditTxBegin is called by WithTx after BEGIN.
func auditTxBegin(ctx context.Context, tx *sqlx.Tx) error {
	h := hookOf(ctx)
	if h == nil || h.before == nil {
		return nil
	}
	b, err := h.before(ctx, tx)
	if err != nil {
		return err
	}
	h.record.Before = b
	return nil
}

// auditTxEnd is called by WithTx after the transaction's work succeeded,
// right before COMMIT.
func auditTxEnd(ctx context.Context, tx *sqlx.Tx) error {
	h := hookOf(ctx)
	if h == nil {
		return nil
	}
	if h.after != nil {
		a, err := h.after(ctx, tx)
		if err != nil {
			return err
		}
		h.record.After = a
	}
	if err := writeAudit(ctx, tx, h.actor, h.record); err != nil {
		return err
	}
	h.fired.Store(true)
	return nil
}

// AuditFilter narrows AuditLog; zero values do not filter.
type AuditFilter struct {
	ActorID    int64
	Action     string // exact, or a prefix ending in "." ("topup.")
	TargetType string
	TargetID   string
	From, To   time.Time // created_at in [From, To)
	Paging
}

const auditSelect = `
	SELECT a.id, a.actor_id, COALESCE(u.username, '') AS actor_name, a.action, a.target_type, a.target_id,
	       a.before, a.after, a.reason, host(a.ip) AS ip, a.request_id, a.created_at
	FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id`

// AuditLog lists audit entries, newest first.
func (s *DB) AuditLog(ctx context.Context, f AuditFilter) (Page[AuditEntry], error) {
	var from, to sql.NullTime
	if !f.From.IsZero() {
		from = sql.NullTime{Time: f.From, Valid: true}
	}
	if !f.To.IsZero() {
		to = sql.NullTime{Time: f.To, Valid: true}
	}
	action, prefix := strings.TrimSpace(f.Action), false
	if strings.HasSuffix(action, ".") {
		prefix = true
	}
	where := ` WHERE ($1::bigint = 0 OR a.actor_id = $1)
		AND ($2::text = '' OR (CASE WHEN $3 THEN starts_with(a.action, $2) ELSE a.action = $2 END))
		AND ($4::text = '' OR a.target_type = $4)
		AND ($5::text = '' OR a.target_id = $5)
		AND ($6::timestamptz IS NULL OR a.created_at >= $6)
		AND ($7::timestamptz IS NULL OR a.created_at < $7)`
	args := []any{f.ActorID, action, prefix, strings.TrimSpace(f.TargetType), strings.TrimSpace(f.TargetID), from, to}
	return selectPage[AuditEntry](ctx, s, f.Paging, "audit log", `SELECT count(*) FROM audit_log a`+where,
		auditSelect+where+` ORDER BY a.created_at DESC, a.id DESC LIMIT $8 OFFSET $9`, args...)
}

// AuditOf lists the entries about one row, oldest first (timelines).
func (s *DB) AuditOf(ctx context.Context, targetType, targetID string) ([]AuditEntry, error) {
	items := []AuditEntry{}
	err := s.db.SelectContext(ctx, &items, auditSelect+`
		WHERE a.target_type = $1 AND a.target_id = $2 ORDER BY a.created_at, a.id LIMIT 200`, targetType, targetID)
	return items, wrap(err, "audit of %s %s", targetType, targetID)
}

// RecordAudit writes an entry for an admin action that changes no row of
// ours (publishing a test event, uploading a public image).
func (s *DB) RecordAudit(ctx context.Context, a Actor, action, targetType string, targetID any, after any, reason string) error {
	return s.WithTx(ctx, func(tx *sqlx.Tx) error {
		return writeAudit(ctx, tx, a, auditRecord{Action: action, TargetType: targetType, TargetID: targetID, After: after, Reason: reason})
	})
}

// withField adds one key to a JSON object (a snapshot) for the audit log.
func withField(obj json.RawMessage, key string, v any) json.RawMessage {
	m := map[string]any{}
	if err := json.Unmarshal(obj, &m); err != nil {
		return obj
	}
	m[key] = v
	b, err := json.Marshal(m)
	if err != nil {
		return obj
	}
	return b
}
