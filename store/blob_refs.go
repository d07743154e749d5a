package store

import (
	"context"
	"fmt"
	"strings"
)

// BlobRef is a file the database points at: a live receipt (an upload not
// yet deleted by retention) or a public image in a catalogue column.
type BlobRef struct {
	Kind  string // BlobReceipt or BlobMedia
	Name  string // the blob's name in its store
	Where string // the row that points at it, for the operator
	// What the row says the file is: a receipt's type and size in pixels;
	// empty and 0 for media, whose type is its name's extension.
	ContentType   string
	Width, Height int
}

// mediaColumns are the catalogue columns that may hold a URL of an admin's
// uploaded image (docs/operations.md lists them for a restore).
var mediaColumns = []struct{ table, column string }{
	{"games", "logo_url"},
	{"games", "id_help_url"},
	{"banners", "image_url"},
	{"payment_methods", "icon"},
	{"products", "img_url"},
	{"products", "unnest(preview_img)"},
}

// BlobRefs calls fn with every file the database points at: each live
// upload's receipt, a page at a time, then each catalogue URL under
// mediaPrefix (the path public images are served under) with the prefix
// cut off. `topup verify` checks each against the blob store.
func (s *DB) BlobRefs(ctx context.Context, mediaPrefix string, fn func(BlobRef) error) error {
	for after := int64(0); ; {
		var rows []struct {
			ID          int64  `db:"id"`
			Name        string `db:"storage_name"`
			ContentType string `db:"content_type"`
			Width       int    `db:"width"`
			Height      int    `db:"height"`
		}
		err := s.db.SelectContext(ctx, &rows, `
			SELECT id, storage_name, content_type, width, height FROM uploads
			WHERE deleted_at IS NULL AND id > $1 ORDER BY id LIMIT 500`, after)
		if err != nil {
			return wrap(err, "list upload files")
		}
		for _, r := range rows {
			ref := BlobRef{Kind: BlobReceipt, Name: r.Name, Where: fmt.Sprintf("upload %d", r.ID),
				ContentType: r.ContentType, Width: r.Width, Height: r.Height}
			if err := fn(ref); err != nil {
				return err
			}
		}
		if len(rows) < 500 {
			break
		}
		after = rows[len(rows)-1].ID
	}

	// The catalogue is small (tens of rows): one query.
	parts := make([]string, len(mediaColumns))
	for i, c := range mediaColumns {
		label := c.table + "." + strings.TrimSuffix(strings.TrimPrefix(c.column, "unnest("), ")")
		parts[i] = fmt.Sprintf(`SELECT '%s ' || id AS row, url FROM (SELECT id, %s AS url FROM %s) t
			WHERE starts_with(url, $1)`, label, c.column, c.table)
	}
	var media []struct {
		Row string `db:"row"`
		URL string `db:"url"`
	}
	if err := s.db.SelectContext(ctx, &media, strings.Join(parts, " UNION ALL ")+` ORDER BY 1, 2`, mediaPrefix); err != nil {
		return wrap(err, "list media files")
	}
	for _, m := range media {
		if err := fn(BlobRef{Kind: BlobMedia, Name: strings.TrimPrefix(m.URL, mediaPrefix), Where: m.Row}); err != nil {
			return err
		}
	}
	return nil
}
