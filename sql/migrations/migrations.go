// Package migrations holds the numbered goose SQL migrations of the whole
// data model. Files are applied in version order by store.Migrate; a file,
// once released, is never edited — fixes go in a new file.
package migrations

import "embed"

// FS holds the *.sql migration files.
//
//go:embed *.sql
var FS embed.FS
