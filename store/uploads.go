package store

import (
	"context"
	"time"
)

// Upload is a stored receipt file's record. The row outlives the file
// (DeletedAt) so its hash, size and type stay for disputes.
type Upload struct {
	ID          int64      `db:"id"`
	UserID      int64      `db:"user_id"`
	StorageName string     `db:"storage_name"`
	Size        int64      `db:"size"`
	ContentType string     `db:"content_type"`
	SHA256      []byte     `db:"sha256"`
	Width       int        `db:"width"`
	Height      int        `db:"height"`
	CreatedAt   time.Time  `db:"created_at"`
	DeletedAt   *time.Time `db:"deleted_at"`
}

const uploadColumns = `id, user_id, storage_name, size, content_type, sha256, width, height, created_at, deleted_at`

// NewUpload is what CreateUpload records about a file already stored.
type NewUpload struct {
	UserID      int64
	StorageName string
	Size        int64
	ContentType string
	SHA256      []byte
	Width       int
	Height      int
}

// CreateUpload records a stored file and queues it to be read
// (ClaimReceiptJob), in one statement.
func (s *DB) CreateUpload(ctx context.Context, nu NewUpload) (Upload, error) {
	var u Upload
	err := s.db.GetContext(ctx, &u, `
		WITH up AS (
			INSERT INTO uploads (user_id, storage_name, size, content_type, sha256, width, height)
			VALUES ($1, $2, $3, $4, $5, $6, $7)
			RETURNING `+uploadColumns+`),
		job AS (INSERT INTO receipt_read_jobs (upload_id) SELECT id FROM up)
		SELECT `+uploadColumns+` FROM up`,
		nu.UserID, nu.StorageName, nu.Size, nu.ContentType, nu.SHA256, nu.Width, nu.Height)
	return u, wrap(err, "create upload")
}

// UploadByID returns an upload, whoever owns it; callers check ownership.
func (s *DB) UploadByID(ctx context.Context, id int64) (Upload, error) {
	var u Upload
	err := s.db.GetContext(ctx, &u, `SELECT `+uploadColumns+` FROM uploads WHERE id = $1`, id)
	return u, wrap(err, "upload %d", id)
}

// UploadDuplicates lists the other uploads of the same bytes, oldest first:
// the same receipt sent twice (by one customer or two) is how a transfer
// gets claimed twice, so admins see it beside the top-up.
func (s *DB) UploadDuplicates(ctx context.Context, id int64) ([]Upload, error) {
	list := []Upload{}
	err := s.db.SelectContext(ctx, &list, `
		SELECT `+prefixed("o.", uploadColumns)+`
		FROM uploads u JOIN uploads o ON o.sha256 = u.sha256 AND o.id <> u.id
		WHERE u.id = $1
		ORDER BY o.created_at, o.id`, id)
	return list, wrap(err, "upload %d duplicates", id)
}
