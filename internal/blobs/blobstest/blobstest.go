// Package blobstest holds the behaviour every blobs.Store must have, run
// against each backend by its own tests.
package blobstest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"

	"topup/internal/blobs"
)

// Run checks a fresh, empty store made by open.
func Run(t *testing.T, open func(t *testing.T) blobs.Store) {
	ctx := context.Background()
	body := bytes.Repeat([]byte{0x89, 'P', 'N', 'G', 0}, 1000)

	t.Run("put, get, delete", func(t *testing.T) {
		s := open(t)
		if _, err := s.Get(ctx, "missing"); !errors.Is(err, blobs.ErrNotFound) {
			t.Fatalf("get of a missing blob: %v", err)
		}
		if err := s.Put(ctx, "a1", body); err != nil {
			t.Fatal(err)
		}
		got, err := s.Get(ctx, "a1")
		if err != nil || !bytes.Equal(got, body) {
			t.Fatalf("get: %d bytes, %v", len(got), err)
		}
		if err := s.Delete(ctx, "a1"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Get(ctx, "a1"); !errors.Is(err, blobs.ErrNotFound) {
			t.Fatalf("get after delete: %v", err)
		}
		if err := s.Delete(ctx, "a1"); err != nil {
			t.Fatalf("deleting a missing blob: %v", err)
		}
	})

	t.Run("names and copy", func(t *testing.T) {
		from, to := open(t), open(t)
		var want []string
		for i := range 7 {
			name := fmt.Sprintf("b%02d", i)
			want = append(want, name)
			if err := from.Put(ctx, name, append([]byte(name), body...)); err != nil {
				t.Fatal(err)
			}
		}
		if err := to.Put(ctx, "b03", append([]byte("b03"), body...)); err != nil {
			t.Fatal(err)
		}
		n, err := blobs.Copy(ctx, from, to)
		if err != nil || n != 6 {
			t.Fatalf("copy: %d, %v; want 6 (one was there)", n, err)
		}
		var names []string
		if err := to.Names(ctx, func(name string) error { names = append(names, name); return nil }); err != nil {
			t.Fatal(err)
		}
		slices.Sort(names)
		if !slices.Equal(names, want) {
			t.Fatalf("names after copy %v, want %v", names, want)
		}
		for _, name := range want {
			got, err := to.Get(ctx, name)
			if err != nil || !bytes.Equal(got, append([]byte(name), body...)) {
				t.Fatalf("%s after copy: %v", name, err)
			}
		}
	})

	t.Run("concurrent puts and gets", func(t *testing.T) {
		s := open(t)
		var wg sync.WaitGroup
		errs := make(chan error, 40)
		for i := range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				name := fmt.Sprintf("c%02d", i)
				if err := s.Put(ctx, name, append([]byte(name), body...)); err != nil {
					errs <- err
					return
				}
				if got, err := s.Get(ctx, name); err != nil || !bytes.HasPrefix(got, []byte(name)) {
					errs <- fmt.Errorf("%s: %v", name, err)
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
	})
}
