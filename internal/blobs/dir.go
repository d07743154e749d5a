package blobs

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Dir keeps blobs as files in one folder.
type Dir struct {
	path string
	perm os.FileMode
}

// OpenDir uses (and creates) the folder at path; files get perm (0o600 for
// receipts nobody but the server reads, 0o644 for public images a web
// server in front may serve).
func OpenDir(path string, perm os.FileMode) (*Dir, error) {
	dirPerm := os.FileMode(0o700)
	if perm&0o044 != 0 {
		dirPerm = 0o755
	}
	if err := os.MkdirAll(path, dirPerm); err != nil {
		return nil, fmt.Errorf("blobs: %w", err)
	}
	return &Dir{path: path, perm: perm}, nil
}

// Put writes atomically: a temporary file, fsync of the file, then rename,
// so a crash leaves a stray temporary file, never a half-written blob. The
// folder itself is not fsynced, so a power cut right after may lose the
// new name; and a rename over an existing name replaces it (names are
// random, so that would take a 128-bit collision).
func (d *Dir) Put(_ context.Context, name string, body []byte) error {
	if !safeName(name) {
		return fmt.Errorf("blobs: bad name %q", name)
	}
	tmp, err := os.CreateTemp(d.path, ".partial-*")
	if err != nil {
		return fmt.Errorf("blobs: %w", err)
	}
	defer os.Remove(tmp.Name()) // no-op after the rename
	if _, err := tmp.Write(body); err != nil {
		tmp.Close()
		return fmt.Errorf("blobs: write: %w", err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("blobs: sync: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("blobs: close: %w", err)
	}
	if err := os.Chmod(tmp.Name(), d.perm); err != nil {
		return fmt.Errorf("blobs: %w", err)
	}
	if err := os.Rename(tmp.Name(), filepath.Join(d.path, name)); err != nil {
		return fmt.Errorf("blobs: %w", err)
	}
	return nil
}

// Get reads a blob.
func (d *Dir) Get(_ context.Context, name string) ([]byte, error) {
	if !safeName(name) {
		return nil, ErrNotFound
	}
	b, err := os.ReadFile(filepath.Join(d.path, name))
	if errors.Is(err, os.ErrNotExist) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("blobs: %w", err)
	}
	return b, nil
}

// Delete removes a blob.
func (d *Dir) Delete(_ context.Context, name string) error {
	if !safeName(name) {
		return nil
	}
	err := os.Remove(filepath.Join(d.path, name))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("blobs: delete: %w", err)
	}
	return nil
}

// Names lists the folder's blobs (not its subfolders or temporary files).
func (d *Dir) Names(ctx context.Context, fn func(string) error) error {
	entries, err := os.ReadDir(d.path)
	if err != nil {
		return fmt.Errorf("blobs: %w", err)
	}
	for _, e := range entries {
		if e.IsDir() || !safeName(e.Name()) {
			continue
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := fn(e.Name()); err != nil {
			return err
		}
	}
	return nil
}

// safeName is one path element: no separator, no dot file (temporary
// files start with a dot), nothing that leaves the folder.
func safeName(name string) bool {
	return name != "" && len(name) <= 100 && !strings.ContainsAny(name, `/\`) && !strings.HasPrefix(name, ".")
}
