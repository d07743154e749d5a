package store_test

import (
	"context"
	"errors"
	"io"
	"net"
	"net/url"
	"sync"
	"testing"

	"github.com/jmoiron/sqlx"

	"topup/store"
	"topup/store/storetest"
)

// A transaction that cannot begin because the database went away is an
// outage like any other statement's (ErrUnavailable, answered 503), not a
// bug (the fault drill saw top-up confirmations answered 500 while
// PostgreSQL shut down: docs/reliability.md, "Faults").
func TestBeginWithoutADatabaseIsUnavailable(t *testing.T) {
	u, err := url.Parse(storetest.NewDSN(t))
	if err != nil {
		t.Fatal(err)
	}
	// The store reaches the database through a relay the test can cut.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	target := u.Host
	var mu sync.Mutex
	var conns []net.Conn
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			s, err := net.Dial("tcp", target)
			if err != nil {
				c.Close()
				continue
			}
			mu.Lock()
			conns = append(conns, c, s)
			mu.Unlock()
			go func() { _, _ = io.Copy(s, c) }()
			go func() { _, _ = io.Copy(c, s) }()
		}
	}()
	u.Host = ln.Addr().String()
	db, err := store.Open(context.Background(), u.String())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()

	ln.Close()
	mu.Lock()
	for _, c := range conns {
		c.Close()
	}
	mu.Unlock()
	err = db.WithTx(context.Background(), func(*sqlx.Tx) error { return nil })
	if !errors.Is(err, store.ErrUnavailable) {
		t.Fatalf("begin without a database: %v, want ErrUnavailable", err)
	}
}
