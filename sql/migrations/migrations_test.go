package migrations

import (
	"fmt"
	"io/fs"
	"strings"
	"testing"
)

// Files are numbered 00001, 00002, … without gaps and each has an Up and a
// Down section, so goose applies them in the intended order.
func TestFiles(t *testing.T) {
	files, err := fs.Glob(FS, "*.sql")
	if err != nil || len(files) == 0 {
		t.Fatalf("no migrations: %v", err)
	}
	for i, f := range files {
		t.Run(f, func(t *testing.T) {
			if want := fmt.Sprintf("%05d_", i+1); !strings.HasPrefix(f, want) {
				t.Fatalf("want prefix %s", want)
			}
			b, err := fs.ReadFile(FS, f)
			if err != nil {
				t.Fatal(err)
			}
			s := string(b)
			if !strings.Contains(s, "-- +goose Up") || !strings.Contains(s, "-- +goose Down") {
				t.Fatal("missing goose Up or Down marker")
			}
			if strings.Count(s, "+goose StatementBegin") != strings.Count(s, "+goose StatementEnd") {
				t.Fatal("unbalanced StatementBegin/End")
			}
		})
	}
}
