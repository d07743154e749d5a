// Package ocrtest helps tests stand in for the tesseract program, to test
// what happens when it hangs, crashes or misbehaves; the real program is
// tested on the corpus.
package ocrtest

import (
	"os"
	"path/filepath"
	"testing"
)

// FakeTesseract writes a stand-in for the tesseract program that lists
// English as its one language and otherwise runs body (sh), and returns
// its path.
func FakeTesseract(t testing.TB, body string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "tesseract")
	script := "#!/bin/sh\nif [ \"$1\" = --list-langs ]; then echo 'List of available languages (1):'; echo eng; exit 0; fi\n" + body + "\n"
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}
