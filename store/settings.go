package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"github.com/jmoiron/sqlx"
)

// Setting keys the code reads. Values are JSON.
const (
	// SettingAdminOnline is an admin's override of the "admin online" flag
	// the store shows (true or false); real presence also counts.
	SettingAdminOnline = "admin_online"
)

// Setting decodes the JSON value of key into dst. A missing key is
// ErrNotFound.
func (s *DB) Setting(ctx context.Context, key string, dst any) error {
	var raw []byte
	err := s.db.GetContext(ctx, &raw, `SELECT value FROM settings WHERE key = $1`, key)
	if err != nil {
		return wrap(err, "setting %s", key)
	}
	if err := json.Unmarshal(raw, dst); err != nil {
		return fmt.Errorf("store: setting %s: %w", key, err)
	}
	return nil
}

// SetSetting stores value as JSON under key; by is the admin who changed it
// (0 for the system).
func (s *DB) SetSetting(ctx context.Context, key string, value any, by int64) error {
	raw, err := json.Marshal(value)
	if err != nil {
		return fmt.Errorf("store: setting %s: %w", key, err)
	}
	_, err = s.db.ExecContext(ctx, `
		INSERT INTO settings (key, value, updated_by) VALUES ($1, $2, $3)
		ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_by = EXCLUDED.updated_by`,
		key, jsonArg(raw), sql.NullInt64{Int64: by, Valid: by != 0})
	return wrap(err, "set setting %s", key)
}

// AdminSetSetting stores a setting with its audit entry.
func (s *DB) AdminSetSetting(ctx context.Context, a Actor, key string, value any) error {
	raw, err := json.Marshal(value)
	if err != nil {
		return fmt.Errorf("store: setting %s: %w", key, err)
	}
	return s.WithTx(ctx, func(tx *sqlx.Tx) error {
		before, err := rowJSON(ctx, tx, `SELECT value FROM settings WHERE key = $1 FOR UPDATE`, key)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `
			INSERT INTO settings (key, value, updated_by) VALUES ($1, $2, $3)
			ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_by = EXCLUDED.updated_by`,
			key, jsonArg(raw), nullID(a.ID))
		if err != nil {
			return wrap(err, "set setting %s", key)
		}
		return writeAudit(ctx, tx, a, auditRecord{Action: "setting.update", TargetType: "setting", TargetID: key,
			Before: before, After: json.RawMessage(raw)})
	})
}
