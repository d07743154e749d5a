package store

import (
	"context"
	"fmt"
	"sync"

	"github.com/jmoiron/sqlx"
)

// preparedStatements keeps the statements of the hot path (a purchase)
// prepared. An unnamed statement is parsed and
// planned anew each time it runs, and on the purchase that was half of
// PostgreSQL's CPU (docs/benchmarks.md); a prepared one is
// parsed once per connection and soon runs a cached generic plan.
// database/sql prepares each statement lazily on every connection it runs
// on and forgets it when the connection closes.
//
// Named prepared statements need a session of their own on the server: in
// front of PostgreSQL use no pooler, PgBouncer in session mode, or
// PgBouncer ≥ 1.21 with max_prepared_statements set (README).
type preparedStatements struct {
	mu sync.Mutex
	m  map[string]*sqlx.Stmt
}

// prepared returns query prepared on the pool, preparing it on first use.
// Inside a transaction, use tx.StmtxContext(ctx, stmt).
func (s *DB) prepared(ctx context.Context, query string) (*sqlx.Stmt, error) {
	s.stmts.mu.Lock()
	defer s.stmts.mu.Unlock()
	if st, ok := s.stmts.m[query]; ok {
		return st, nil
	}
	st, err := s.db.PreparexContext(ctx, query)
	if err != nil {
		return nil, fmt.Errorf("store: prepare: %w", mapErr(err))
	}
	if s.stmts.m == nil {
		s.stmts.m = map[string]*sqlx.Stmt{}
	}
	s.stmts.m[query] = st
	return st, nil
}

// closeStatements releases every prepared statement (DB.Close).
func (s *DB) closeStatements() {
	s.stmts.mu.Lock()
	defer s.stmts.mu.Unlock()
	for q, st := range s.stmts.m {
		_ = st.Close()
		delete(s.stmts.m, q)
	}
}
