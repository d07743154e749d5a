package store

import (
	"context"
	"fmt"
	"strings"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"

	"topup/sql/migrations"
)

// migrationLockID is the advisory lock key that serialises Migrate across
// processes ("topup-migrations" as an int64); it differs from goose's
// default so another goose-managed schema in the same database cannot block
// us.
const migrationLockID int64 = 0x746f7075705f6d67

// Migrate applies the pending embedded migrations.
//
// Several nodes may start at once: goose holds a session-level PostgreSQL
// advisory lock for the whole run, so the others wait (polling once a
// second, for up to 5 minutes), then find nothing pending. Migrations run on
// a separate small pool without statement_timeout, because building an
// index on a large table may take longer than any request should.
func (s *DB) Migrate(ctx context.Context) error {
	_, err := s.migrate(ctx)
	return err
}

func (s *DB) migrate(ctx context.Context) ([]*goose.MigrationResult, error) {
	cfg := s.cfg.Clone()
	for k := range cfg.Runtime {
		if strings.EqualFold(k, "statement_timeout") {
			delete(cfg.Runtime, k)
		}
	}
	cfg.Runtime["statement_timeout"] = "0"
	cfg.ApplicationName += " migrate"
	db, err := openPool(cfg)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	db.SetMaxOpenConns(2)

	locker, err := lock.NewPostgresSessionLocker(
		lock.WithLockID(migrationLockID),
		lock.WithLockTimeout(1, 300),
	)
	if err != nil {
		return nil, fmt.Errorf("store: migrate: %w", err)
	}
	p, err := goose.NewProvider(goose.DialectPostgres, db.DB, migrations.FS,
		goose.WithSessionLocker(locker),
		goose.WithDisableGlobalRegistry(true),
	)
	if err != nil {
		return nil, fmt.Errorf("store: migrate: %w", err)
	}
	res, err := p.Up(ctx)
	if err != nil {
		return res, fmt.Errorf("store: migrate: %w", err)
	}
	return res, nil
}

// SchemaVersion returns the newest applied migration version and the newest
// embedded one; they differ when Migrate has not run.
func (s *DB) SchemaVersion(ctx context.Context) (current, latest int64, err error) {
	p, err := goose.NewProvider(goose.DialectPostgres, s.db.DB, migrations.FS,
		goose.WithDisableGlobalRegistry(true))
	if err != nil {
		return 0, 0, fmt.Errorf("store: schema version: %w", err)
	}
	current, latest, err = p.GetVersions(ctx)
	if err != nil {
		return 0, 0, fmt.Errorf("store: schema version: %w", err)
	}
	return current, latest, nil
}
