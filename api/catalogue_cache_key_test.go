package api

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"io"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"topup/sql/seed"
	"topup/store/storetest"
)

// The catalogue cache is keyed by what the handler reads (the route and
// the known query parameters, numbers in one spelling), not by the raw
// request URI: query strings are the client's to vary, and junk in them
// must neither grow the cache nor push out the answers everyone reads.
func TestCatalogueCacheKeyIgnoresJunk(t *testing.T) {
	db := storetest.New(t)
	if err := db.SeedDemo(context.Background(), seed.Demo(), storetest.PasswordHash); err != nil {
		t.Fatal(err)
	}
	s := New(Options{Store: db, Log: zerolog.Nop(), Now: time.Now})
	get := func(target string) string {
		t.Helper()
		res, err := s.app.Test(httptest.NewRequest("GET", target, nil), -1)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 {
			t.Fatalf("GET %s: %d %s", target, res.StatusCode, body)
		}
		return string(body)
	}
	entries := func() int {
		s.catalogue.mu.RLock()
		defer s.catalogue.mu.RUnlock()
		return len(s.catalogue.m)
	}
	junk := func() string {
		var b [6]byte
		_, _ = rand.Read(b[:])
		return hex.EncodeToString(b[:3]) + "=" + hex.EncodeToString(b[3:])
	}

	first := get("/api/products?per_page=5")
	// A change the cache is not told about (SQL by hand) shows only on a
	// miss: every answer below equal to first was a hit.
	if _, err := db.SQL().Exec(`UPDATE products SET name = name || ' (renamed)'`); err != nil {
		t.Fatal(err)
	}
	spellings := []string{"per_page=5&", "per_page=05&", "per_page=%205&", "", "utm_source=x&per_page=5&"}
	for i := range 1000 {
		target := "/api/products?" + spellings[i%len(spellings)] + junk()
		if i%len(spellings) == 3 {
			target += "&per_page=5"
		}
		if got := get(target); got != first {
			t.Fatalf("request %d (%s) missed the cache: %.200s", i, target, got)
		}
	}
	if n := entries(); n != 1 {
		t.Fatalf("%d cached answers after 1,000 requests with junk parameters, want 1", n)
	}
	// What the handler reads still tells answers apart.
	if get("/api/products?per_page=6") == first || entries() != 2 {
		t.Fatalf("per_page=6 answered as per_page=5 (%d entries)", entries())
	}
	if p := get("/api/products/1"); get("/api/products/01?x=1") != p || entries() != 3 {
		t.Fatalf("/api/products/01 is not /api/products/1 (%d entries)", entries())
	}
}

// A full cache makes room by dropping expired answers first, and then one
// answer, never all of them.
func TestCatalogueCacheMakesRoom(t *testing.T) {
	now := time.Now()
	c := &catalogueCache{m: map[string]*cachedAnswer{}}
	for i := range catalogueCacheSize {
		until := now.Add(time.Second)
		if i%4 == 0 {
			until = now.Add(-time.Second)
		}
		c.m[strconv.Itoa(i)] = &cachedAnswer{until: until}
	}
	c.makeRoom(now)
	if want := catalogueCacheSize - catalogueCacheSize/4; len(c.m) != want {
		t.Fatalf("%d answers after dropping the expired, want %d", len(c.m), want)
	}
	for i := 0; len(c.m) < catalogueCacheSize; i++ {
		c.m["more"+strconv.Itoa(i)] = &cachedAnswer{until: now.Add(time.Second)}
	}
	c.makeRoom(now)
	if len(c.m) != catalogueCacheSize-1 {
		t.Fatalf("%d answers after making room in a cache of live ones, want %d", len(c.m), catalogueCacheSize-1)
	}
}
