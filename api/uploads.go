package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/gofiber/fiber/v2"

	"topup/internal/i18n"
	"topup/internal/images"
	"topup/internal/ratelimit"
	"topup/internal/receipts"
	"topup/store"
)

// docs/spec.md §5 and §8 words for receipt problems.
const ()

// A customer uploads one receipt per top-up; this leaves room for retries
// without letting one account fill the disk.
var limitUploadsPerUser = ratelimit.Limit{Burst: 20, Every: 3 * time.Minute}

func (s *Server) uploadReceipt(c *fiber.Ctx) error {
	u := currentUser(c)
	if err := s.throttle(c, limitCheck{key: "upload:user:" + strconv.FormatInt(u.ID, 10), limit: limitUploadsPerUser}); err != nil {
		return err
	}
	fh, err := c.FormFile("file")
	if err != nil {
		return Invalid(fieldsErr("file", i18n.ReceiptRequired))
	}
	// The part's size is known before reading; this refuses at once what
	// receipts.Save would refuse after reading 10 MB.
	if fh.Size >= receipts.MaxBytes {
		return &Error{Status: http.StatusRequestEntityTooLarge, Text: i18n.T(i18n.ReceiptSize), Fields: fieldsErr("file", i18n.ReceiptSize)}
	}
	f, err := fh.Open()
	if err != nil {
		return fmt.Errorf("open uploaded part: %w", err)
	}
	defer f.Close()
	// The file's name and declared type are ignored: what it is is decided
	// by its content, and it is stored under a random name.
	saved, err := s.opts.Receipts.Save(c.UserContext(), f)
	switch {
	case errors.Is(err, images.ErrTooLarge):
		return &Error{Status: http.StatusRequestEntityTooLarge, Text: i18n.T(i18n.ReceiptSize), Fields: fieldsErr("file", i18n.ReceiptSize)}
	case errors.Is(err, images.ErrUnsupported):
		return &Error{Status: http.StatusUnsupportedMediaType, Text: i18n.T(i18n.ReceiptType), Fields: fieldsErr("file", i18n.ReceiptType)}
	case errors.Is(err, images.ErrDimensions):
		return Invalid(fieldsErr("file", i18n.ReceiptDimensions))
	case errors.Is(err, images.ErrEmpty):
		return Invalid(fieldsErr("file", i18n.ReceiptEmpty))
	case err != nil:
		return err
	}
	up, err := s.opts.Store.CreateUpload(c.UserContext(), store.NewUpload{
		UserID: u.ID, StorageName: saved.Name, Size: saved.Size, ContentType: saved.ContentType,
		SHA256: saved.SHA256, Width: saved.Width, Height: saved.Height,
	})
	if err != nil {
		// Removed even when the client has gone: nothing refers to it.
		if rmErr := s.opts.Receipts.Delete(context.WithoutCancel(c.UserContext()), saved.Name); rmErr != nil {
			s.log.Warn().Err(rmErr).Str("name", saved.Name).Msg("removing an unrecorded receipt")
		}
		return err
	}
	return created(c, fiber.Map{"id": up.ID})
}

// showReceipt serves a receipt to its owner and to admins only; anyone else
// gets the same 404 as for a missing id.
func (s *Server) showReceipt(c *fiber.Ctx) error {
	id, err := strconv.ParseInt(c.Params("id"), 10, 64)
	if err != nil || id <= 0 {
		return store.ErrNotFound
	}
	u := currentUser(c)
	up, err := s.opts.Store.UploadByID(c.UserContext(), id)
	if err != nil {
		return err
	}
	if up.UserID != u.ID {
		// Another's receipt: admins only, and a banned admin is no admin.
		if u.IsAdmin && u.IsBanned {
			return banned(u)
		}
		if !u.IsAdmin {
			return store.ErrNotFound
		}
	}
	if up.DeletedAt != nil {
		return Fail(http.StatusGone, i18n.ReceiptGone)
	}
	body, err := s.opts.Receipts.Read(c.UserContext(), up.StorageName)
	if errors.Is(err, images.ErrNotFound) {
		return Fail(http.StatusGone, i18n.ReceiptGone)
	}
	if err != nil {
		return err
	}
	// A fixed type and nosniff: the browser renders an image and nothing
	// else; the sandboxing CSP covers opening it directly.
	c.Set(fiber.HeaderContentType, up.ContentType)
	c.Set(fiber.HeaderXContentTypeOptions, "nosniff")
	c.Set(fiber.HeaderCacheControl, "private, no-store")
	c.Set(fiber.HeaderContentSecurityPolicy, "default-src 'none'; img-src 'self'; sandbox")
	c.Set(fiber.HeaderContentDisposition, fmt.Sprintf(`inline; filename="receipt-%d"`, up.ID))
	return c.Send(body)
}
