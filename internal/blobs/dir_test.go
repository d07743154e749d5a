package blobs_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"topup/internal/blobs"
	"topup/internal/blobs/blobstest"
)

func TestDir(t *testing.T) {
	blobstest.Run(t, func(t *testing.T) blobs.Store {
		d, err := blobs.OpenDir(t.TempDir(), 0o600)
		if err != nil {
			t.Fatal(err)
		}
		return d
	})
}

// A name never leaves the folder, and temporary files are not blobs.
func TestDirNames(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	d, err := blobs.OpenDir(filepath.Join(root, "inner"), 0o600)
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"../outside", "a/b", `a\b`, ".partial-1", ""} {
		if err := d.Put(ctx, bad, []byte("x")); err == nil {
			t.Errorf("put %q was accepted", bad)
		}
		if _, err := d.Get(ctx, bad); err == nil {
			t.Errorf("get %q found something", bad)
		}
	}
	if _, err := os.Stat(filepath.Join(root, "outside")); !os.IsNotExist(err) {
		t.Fatalf("a file was written outside the folder: %v", err)
	}
	if err := os.WriteFile(filepath.Join(root, "inner", ".partial-123"), []byte("half"), 0o600); err != nil {
		t.Fatal(err)
	}
	n := 0
	if err := d.Names(ctx, func(string) error { n++; return nil }); err != nil || n != 0 {
		t.Fatalf("names listed %d (a temporary file), %v", n, err)
	}
	if err := d.Put(ctx, "public.png", []byte("x")); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(filepath.Join(root, "inner", "public.png"))
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("blob mode %v, %v; want 0600", info.Mode(), err)
	}
}
