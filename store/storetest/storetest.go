// Package storetest gives tests a real, private PostgreSQL database.
//
// TEST_DATABASE_URL names a server (any database on it; the role needs
// CREATEDB), e.g. postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable.
// The first call in a test binary builds a migrated template database; each
// New then copies it with CREATE DATABASE … TEMPLATE, which takes tens of
// milliseconds, and drops the copy when the test ends. Names carry a Unix
// time and a random suffix, so test binaries of several packages running at
// once never collide, and databases left behind by a killed run are swept
// by later runs once they are a few hours old.
//
// There is no skipping: without a reachable server the tests fail, because a
// store test that silently does not run proves nothing.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	_ "github.com/lib/pq" // registers "postgres" for the admin connection

	"topup/internal/secret"
	"topup/store"
)

// EnvURL is the environment variable naming the test server.
const EnvURL = "TEST_DATABASE_URL"

// AppKey is the APP_KEY of the Box that New's stores use.
const AppKey = "storetest-app-key-not-secret-0123456789abcdef"

// staleAfter is how old a leftover test database must be before a later run
// drops it: older than any sane test run.
const staleAfter = 6 * time.Hour

var (
	tmplOnce sync.Once
	tmplName string
	tmplErr  error

	boxOnce sync.Once
	box     *secret.Box
)

// Box returns the secret box of stores made by New.
func Box() *secret.Box {
	boxOnce.Do(func() {
		var err error
		if box, err = secret.New(AppKey); err != nil {
			panic(err)
		}
	})
	return box
}

// New returns a store on a fresh, migrated database of its own, closed and
// dropped when the test ends. The store has Box() as its secret box.
func New(t testing.TB) *store.DB {
	t.Helper()
	dsn := NewDSN(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	db, err := store.Open(ctx, dsn, store.WithSecretBox(Box()))
	if err != nil {
		t.Fatalf("storetest: open: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// NewDSN creates a fresh, migrated database and returns its connection
// string, for tests that open their own pools. It is dropped when the test
// ends.
func NewDSN(t testing.TB) string {
	t.Helper()
	tmpl := template(t)
	return createDB(t, tmpl)
}

// EmptyDSN creates a fresh database without any migrations and returns its
// connection string. It is dropped when the test ends.
func EmptyDSN(t testing.TB) string {
	t.Helper()
	return createDB(t, "template0")
}

// Main runs the tests and then drops the template database. Use it from
// TestMain to leave nothing behind; without it the template is swept by a
// later run.
func Main(m *testing.M) {
	code := m.Run()
	if tmplName != "" {
		if db, err := sql.Open("postgres", serverURL()); err == nil {
			_, _ = db.Exec(`DROP DATABASE IF EXISTS ` + quoteIdent(tmplName) + ` WITH (FORCE)`)
			db.Close()
		}
	}
	os.Exit(code)
}

func serverURL() string { return os.Getenv(EnvURL) }

// admin opens a connection to the server named by TEST_DATABASE_URL.
func admin(t testing.TB) *sql.DB {
	t.Helper()
	u := serverURL()
	if u == "" {
		t.Fatalf("storetest: %s is not set; point it at a PostgreSQL server, e.g. "+
			"postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable", EnvURL)
	}
	db, err := sql.Open("postgres", u)
	if err != nil {
		t.Fatalf("storetest: %s: %v", EnvURL, err)
	}
	db.SetMaxOpenConns(2)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		t.Fatalf("storetest: cannot reach %s: %v", EnvURL, err)
	}
	return db
}

func template(t testing.TB) string {
	t.Helper()
	tmplOnce.Do(func() {
		// If buildTemplate stops the test (t.Fatal), later tests see this.
		tmplErr = errors.New("setup failed in an earlier test")
		tmplName, tmplErr = buildTemplate(t)
	})
	if tmplErr != nil {
		t.Fatalf("storetest: template database: %v", tmplErr)
	}
	return tmplName
}

func buildTemplate(t testing.TB) (string, error) {
	db := admin(t)
	defer db.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	sweep(ctx, db)

	name := newName("tmpl")
	if _, err := db.ExecContext(ctx, `CREATE DATABASE `+quoteIdent(name)+` TEMPLATE template0 ENCODING 'UTF8'`); err != nil {
		return "", err
	}
	dsn, err := withDatabase(serverURL(), name)
	if err != nil {
		return "", err
	}
	s, err := store.Open(ctx, dsn)
	if err != nil {
		return "", err
	}
	err = s.Migrate(ctx)
	s.Close()
	if err != nil {
		return "", err
	}
	return name, nil
}

func createDB(t testing.TB, tmpl string) string {
	t.Helper()
	db := admin(t)
	defer db.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	name := newName("test")
	if _, err := db.ExecContext(ctx, `CREATE DATABASE `+quoteIdent(name)+` TEMPLATE `+quoteIdent(tmpl)+` ENCODING 'UTF8'`); err != nil {
		t.Fatalf("storetest: create database: %v", err)
	}
	t.Cleanup(func() {
		db, err := sql.Open("postgres", serverURL())
		if err != nil {
			t.Errorf("storetest: drop %s: %v", name, err)
			return
		}
		defer db.Close()
		// FORCE ends sessions a test forgot to close.
		if _, err := db.Exec(`DROP DATABASE IF EXISTS ` + quoteIdent(name) + ` WITH (FORCE)`); err != nil {
			t.Errorf("storetest: drop %s: %v", name, err)
		}
	})
	dsn, err := withDatabase(serverURL(), name)
	if err != nil {
		t.Fatalf("storetest: %v", err)
	}
	return dsn
}

var nameRE = regexp.MustCompile(`^topup_(?:tmpl|test)_([0-9]+)_[0-9a-f]+$`)

// sweep drops test databases that a killed run left behind. Errors are
// ignored: another run may be dropping the same database.
func sweep(ctx context.Context, db *sql.DB) {
	rows, err := db.QueryContext(ctx, `SELECT datname FROM pg_database WHERE datname LIKE 'topup\_%'`)
	if err != nil {
		return
	}
	var stale []string
	for rows.Next() {
		var n string
		if rows.Scan(&n) != nil {
			continue
		}
		m := nameRE.FindStringSubmatch(n)
		if m == nil {
			continue
		}
		ts, _ := strconv.ParseInt(m[1], 10, 64)
		if time.Since(time.Unix(ts, 0)) > staleAfter {
			stale = append(stale, n)
		}
	}
	rows.Close()
	for _, n := range stale {
		_, _ = db.ExecContext(ctx, `DROP DATABASE IF EXISTS `+quoteIdent(n)+` WITH (FORCE)`)
	}
}

func newName(kind string) string {
	b := make([]byte, 5)
	_, _ = rand.Read(b)
	return fmt.Sprintf("topup_%s_%d_%s", kind, time.Now().Unix(), hex.EncodeToString(b))
}

// withDatabase returns dsn (URL or key=value form) pointing at database name.
func withDatabase(dsn, name string) (string, error) {
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		u, err := url.Parse(dsn)
		if err != nil {
			return "", fmt.Errorf("%s: %w", EnvURL, err)
		}
		u.Path = "/" + name
		u.RawPath = ""
		return u.String(), nil
	}
	return dsn + " dbname=" + name, nil
}

func quoteIdent(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }
