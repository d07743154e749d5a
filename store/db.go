// Package store owns the data: domain types, SQL, transactions, the wallet
// ledger and the outbox. It speaks PostgreSQL through sqlx and lib/pq with
// raw SQL and explicit column lists, and knows nothing about HTTP, client
// JSON or logging. Every function takes a context first; every error is
// wrapped with %w and, where callers must tell outcomes apart, wraps one of
// the sentinel errors in errors.go.
//
// Files are by resource, not by audience: products.go holds every products
// query, the customer's and the admin's; a resource too big for one file
// adds suffixed ones (orders.go, order_delivery.go, order_decisions.go).
// admin_table.go is the audited create and update the catalogue tables
// share, audit.go the audit log every admin change writes in its
// transaction, page.go the paging of lists.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"topup/internal/secret"
)

// DB is the connection pool plus what store needs to seal secrets.
// It is safe for concurrent use.
type DB struct {
	db    *sqlx.DB
	cfg   pq.Config
	box   *secret.Box
	stmts preparedStatements
	hooks sessionHooks // session_hooks.go
}

// Option configures Open.
type Option func(*options)

type options struct {
	box              *secret.Box
	maxOpen          int
	statementTimeout time.Duration
	appName          string
}

// WithSecretBox gives the store the key that seals account credentials and
// redeem codes. Functions that read or write those fail without it.
func WithSecretBox(b *secret.Box) Option { return func(o *options) { o.box = b } }

// WithMaxOpenConns overrides the pool size (default 20).
func WithMaxOpenConns(n int) Option { return func(o *options) { o.maxOpen = n } }

// WithStatementTimeout overrides the server-side statement_timeout
// (default 15s). A statement_timeout given in the DSN wins over both.
func WithStatementTimeout(d time.Duration) Option {
	return func(o *options) { o.statementTimeout = d }
}

// WithApplicationName sets application_name, visible in pg_stat_activity
// (default "topup"). One given in the DSN wins.
func WithApplicationName(name string) Option { return func(o *options) { o.appName = name } }

// Open connects to PostgreSQL and checks the connection.
//
// The pool is sized for a 2-core node: 20 connections is far more than the
// CPU can use at once yet leaves room in PostgreSQL's default 100 for a
// second node, migrations and psql. Every session gets statement_timeout
// (a stuck query must not hold a request, a lock and a connection forever),
// idle_in_transaction_session_timeout (a leaked transaction must not hold
// row locks on a wallet) and TimeZone UTC (times come back in one zone;
// clients show Asia/Yangon).
func Open(ctx context.Context, dsn string, opts ...Option) (*DB, error) {
	o := options{maxOpen: 20, statementTimeout: 15 * time.Second, appName: "topup"}
	for _, opt := range opts {
		opt(&o)
	}
	cfg, err := pq.NewConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("store: parse DSN: %w", err)
	}
	if cfg.Runtime == nil {
		cfg.Runtime = map[string]string{}
	}
	setDefault(cfg.Runtime, "statement_timeout", fmt.Sprint(o.statementTimeout.Milliseconds()))
	setDefault(cfg.Runtime, "idle_in_transaction_session_timeout", "60000")
	if cfg.TZ == "" {
		setDefault(cfg.Runtime, "TimeZone", "UTC")
	}
	if cfg.ApplicationName == "" {
		cfg.ApplicationName = o.appName
	}
	if cfg.ConnectTimeout == 0 {
		cfg.ConnectTimeout = 5 * time.Second
	}
	// One round trip per statement with arguments instead of two (lib/pq
	// otherwise prepares every such statement first): the money path makes
	// a dozen of them per order. []byte arguments then travel in binary, so
	// JSON for jsonb columns is always bound as a string (see jsonArg).
	// A DSN that names binary_parameters keeps its own choice.
	if !strings.Contains(dsn, "binary_parameters") {
		cfg.BinaryParameters = true
	}

	db, err := openPool(cfg)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(o.maxOpen)
	db.SetMaxIdleConns(min(o.maxOpen, 10))
	// Recycle connections so a failover or a PgBouncer restart is picked up
	// and server-side memory does not grow without bound.
	db.SetConnMaxLifetime(30 * time.Minute)
	db.SetConnMaxIdleTime(5 * time.Minute)

	s := &DB{db: db, cfg: cfg, box: o.box}
	if err := s.Ping(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

func openPool(cfg pq.Config) (*sqlx.DB, error) {
	c, err := pq.NewConnectorConfig(cfg)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	return sqlx.NewDb(sql.OpenDB(c), "postgres"), nil
}

// setDefault sets a run-time parameter unless the DSN already names it
// (parameter names are case-insensitive in PostgreSQL).
func setDefault(rt map[string]string, key, value string) {
	for k := range rt {
		if strings.EqualFold(k, key) {
			return
		}
	}
	rt[key] = value
}

// Close closes the prepared statements and the pool.
func (s *DB) Close() error {
	s.closeStatements()
	return s.db.Close()
}

// Ping checks that the database answers; it backs the readiness probe.
func (s *DB) Ping(ctx context.Context) error {
	if err := s.db.PingContext(ctx); err != nil {
		return fmt.Errorf("store: ping: %w", err)
	}
	return nil
}

// SQL returns the underlying pool for tests and maintenance tools. Code that
// changes data goes through store functions so the invariants stay in one
// place.
func (s *DB) SQL() *sqlx.DB { return s.db }

// Box returns the secret box given to Open, or nil.
func (s *DB) Box() *secret.Box { return s.box }

// WithTx runs fn in one transaction at READ COMMITTED, the level the money
// paths are written for (conditional UPDATEs re-check their WHERE clause
// against concurrent commits). fn's error, or a panic, rolls back; a panic
// is re-raised after the rollback. The error from fn is returned as is so
// sentinels survive.
func (s *DB) WithTx(ctx context.Context, fn func(*sqlx.Tx) error) (err error) {
	tx, err := s.db.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: begin: %w", mapErr(err))
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback()
			panic(p)
		}
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	// an admin's audit hook (see audit.go) joins this transaction.
	if err = auditTxBegin(ctx, tx); err != nil {
		return err
	}
	if err = fn(tx); err != nil {
		return err
	}
	if err = auditTxEnd(ctx, tx); err != nil {
		return err
	}
	if err = tx.Commit(); err != nil {
		// A deferred constraint (the wallet/ledger check) reports here.
		return fmt.Errorf("store: commit: %w", mapErr(err))
	}
	return nil
}

// needBox returns the secret box or an error explaining it is missing.
func (s *DB) needBox() (*secret.Box, error) {
	if s.box == nil {
		return nil, errors.New("store: no secret box: pass store.WithSecretBox to Open")
	}
	return s.box, nil
}

// prefixed qualifies each of a comma-separated column list with a table
// alias, so one column list serves plain and joined queries.
func prefixed(alias, columns string) string {
	parts := strings.Split(columns, ",")
	for i, p := range parts {
		parts[i] = alias + strings.TrimSpace(p)
	}
	return strings.Join(parts, ", ")
}

// jsonArg binds encoded JSON for a jsonb column. With binary parameters a
// []byte would be sent as jsonb's binary format (which starts with a
// version byte) and refused; text is parsed as JSON.
func jsonArg(b []byte) any {
	if b == nil {
		return nil
	}
	return string(b)
}

// aliased is prefixed for a sqlx nested struct: each column of table t
// answered as "alias.column" (scanned into a field tagged db:"alias").
func aliased(t, alias, columns string) string {
	parts := strings.Split(columns, ",")
	for i, p := range parts {
		c := strings.TrimSpace(p)
		parts[i] = t + "." + c + ` AS "` + alias + "." + c + `"`
	}
	return strings.Join(parts, ", ")
}
