package main

import (
	"context"
	"errors"
	"flag"
	"fmt"

	"topup/internal/password"
	"topup/internal/secret"
	"topup/sql/seed"
	"topup/store"
)

var errNoDatabase = errors.New("DATABASE_URL is not set: `make run` starts a private PostgreSQL, or point it at yours (postgres://user:pass@host:5432/db)")

// openStore connects with the secret box built from APP_KEY, so account
// logins and codes are sealed at rest.
func openStore(ctx context.Context, cfg Config) (*store.DB, error) {
	if cfg.DatabaseURL == "" {
		return nil, errNoDatabase
	}
	box, err := secret.New(cfg.AppKey)
	if err != nil {
		return nil, fmt.Errorf("APP_KEY: %w", err)
	}
	return store.Open(ctx, cfg.DatabaseURL, store.WithSecretBox(box), store.WithApplicationName("topup"))
}

// flaglessConfig parses the flags of a command that has none of its own
// (so -h works and a stray argument is an error) and loads the configuration.
func flaglessConfig(name string, args []string, e env) (Config, error) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	if err := fs.Parse(args); err != nil {
		return Config{}, err
	}
	if fs.NArg() > 0 {
		return Config{}, fmt.Errorf("%s takes no arguments, got %q", name, fs.Args())
	}
	return loadConfig(e.getenv)
}

// openMigrated is openStore with the schema brought up to date, as every
// command that writes needs it.
// openConfigured is what every command that works on the store starts
// with: the configuration from the environment and the migrated database.
func openConfigured(ctx context.Context, e env) (Config, *store.DB, error) {
	cfg, err := loadConfig(e.getenv)
	if err != nil {
		return Config{}, nil, err
	}
	db, err := openMigrated(ctx, cfg)
	return cfg, db, err
}

func openMigrated(ctx context.Context, cfg Config) (*store.DB, error) {
	db, err := openStore(ctx, cfg)
	if err != nil {
		return nil, err
	}
	if err := db.Migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

func migrate(ctx context.Context, args []string, e env) error {
	cfg, err := flaglessConfig("migrate", args, e)
	if err != nil {
		return err
	}
	db, err := openMigrated(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	current, _, err := db.SchemaVersion(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "database schema at version %d\n", current)
	return nil
}

func seedDemo(ctx context.Context, args []string, e env) error {
	cfg, err := flaglessConfig("seed", args, e)
	if err != nil {
		return err
	}
	if cfg.Production() {
		return errors.New("refusing to load demo accounts with known passwords in production")
	}
	db, err := openMigrated(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	data := seed.Demo()
	if err := db.SeedDemo(ctx, data, password.Hash); err != nil {
		return err
	}
	fmt.Fprintln(e.stdout, "demo store loaded; demo logins:")
	for _, u := range data.Users {
		role := "customer"
		if u.IsAdmin {
			role = "admin"
		}
		fmt.Fprintf(e.stdout, "  %-8s phone %s  password %s\n", role, u.Phone, u.Password)
	}
	return nil
}
