package api_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/rs/zerolog"

	"topup/api"
	"topup/sql/seed"
	"topup/store/storetest"
)

// A game page's first screen is only a head start: when the database is
// slow the page goes out as built, one render per game is in flight at a
// time, and a failure is not asked again for a few seconds. The database
// is made slow for real: another transaction holds products locked, as an
// ALTER TABLE in a migration would, so every query reading it waits.
func TestGamePageFirstScreenSlowStore(t *testing.T) {
	index := gameIndex()
	db := storetest.New(t)
	if err := db.SeedDemo(context.Background(), seed.Demo(), storetest.PasswordHash); err != nil {
		t.Fatal(err)
	}
	newPages := func(t *testing.T) *api.Server {
		t.Helper()
		srv := api.New(api.Options{Store: db, Log: zerolog.Nop(), Public: api.PublicConfig{GuestBrowsing: true}})
		if err := srv.MountWeb(fstest.MapFS{"index.html": {Data: []byte(index)}}, nil); err != nil {
			t.Fatal(err)
		}
		return srv
	}
	// get is safe off the test's goroutine: it reports, never fails the test.
	get := func(srv *api.Server, path string) (string, error) {
		res, err := srv.App().Test(httptest.NewRequest(http.MethodGet, path, nil), -1)
		if err != nil {
			return "", err
		}
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		return string(b), err
	}
	lock := func(t *testing.T) (release func()) {
		t.Helper()
		tx, err := db.SQL().Beginx()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tx.Exec(`LOCK TABLE products IN ACCESS EXCLUSIVE MODE`); err != nil {
			t.Fatal(err)
		}
		var once sync.Once
		release = func() { once.Do(func() { _ = tx.Rollback() }) }
		t.Cleanup(release)
		return release
	}
	// waiting is how many of the database's connections wait for a lock now.
	waiting := func(t *testing.T) int {
		t.Helper()
		var n int
		if err := db.SQL().Get(&n, `SELECT count(*) FROM pg_stat_activity
			WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`); err != nil {
			t.Fatal(err)
		}
		return n
	}

	t.Run("a slow store: the page as built within the limit, and the failure is not asked again at once", func(t *testing.T) {
		srv := newPages(t)
		release := lock(t)
		start, done := time.Now(), make(chan string, 1)
		go func() {
			body, err := get(srv, "/detail/top-up/mobile-legends")
			if err != nil {
				body = err.Error()
			}
			done <- body
		}()
		select {
		case body := <-done:
			if body != index {
				t.Fatalf("body %q, want index.html as built", body)
			}
			if took := time.Since(start); took > 3*time.Second {
				t.Fatalf("the page took %v", took)
			}
		case <-time.After(5 * time.Second):
			release()
			t.Fatal("the page waited for the database")
		}
		release()
		if body, err := get(srv, "/detail/top-up/mobile-legends"); err != nil || body != index {
			t.Fatalf("body %q, %v: want index.html as built, the failure remembered for a few seconds", body, err)
		}
		// And not for good: the copy is back once the failure is forgotten.
		for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(200 * time.Millisecond) {
			body, err := get(srv, "/detail/top-up/mobile-legends")
			if err != nil {
				t.Fatal(err)
			}
			if body != index {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("the game's page is still sent without its first screen")
			}
		}
	})

	t.Run("concurrent requests for a game not kept share one render", func(t *testing.T) {
		srv := newPages(t)
		release := lock(t)
		const visitors = 8
		var wg sync.WaitGroup
		bodies := make(chan string, visitors)
		for range visitors {
			wg.Go(func() {
				body, err := get(srv, "/detail/top-up/free-fire")
				if err != nil {
					body = err.Error()
				}
				bodies <- body
			})
		}
		finished := make(chan struct{})
		go func() { wg.Wait(); close(finished) }()
		most := 0
		for deadline := time.Now().Add(3 * time.Second); ; time.Sleep(10 * time.Millisecond) {
			most = max(most, waiting(t))
			select {
			case <-finished:
			default:
				if time.Now().Before(deadline) {
					continue
				}
				release() // the pages wait for the database: let them go, and fail below
				<-finished
			}
			break
		}
		if most != 1 {
			t.Fatalf("%d of %d requests' queries waited for the database at once, want one render shared", most, visitors)
		}
		close(bodies)
		for body := range bodies {
			if body != index {
				t.Fatalf("body %q, want index.html as built", body)
			}
		}
	})
}
