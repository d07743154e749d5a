package api

import (
	"errors"
	"net/http"

	"github.com/gofiber/fiber/v2"

	"topup/internal/images"
	"topup/internal/media"
)

// adminUploadMedia stores a public image (multipart "file") and answers
// its URL, for logos, product pictures, banners and payment icons.
func (s *Server) adminUploadMedia(c *fiber.Ctx) error {
	if s.opts.Media == nil {
		return Fail(http.StatusServiceUnavailable, "Image uploads are not configured on this server.")
	}
	fh, err := c.FormFile("file")
	if err != nil {
		return Invalid(map[string][]string{"file": {"Please choose an image."}})
	}
	const msgType = "Only PNG, JPEG and WebP images are allowed."
	const msgSize = "The image must be 5 MB or smaller."
	if fh.Size > media.MaxBytes {
		return &Error{Status: http.StatusRequestEntityTooLarge, Message: msgSize, Fields: map[string][]string{"file": {msgSize}}}
	}
	f, err := fh.Open()
	if err != nil {
		return err
	}
	defer f.Close()
	img, err := s.opts.Media.Save(c.UserContext(), f)
	switch {
	case errors.Is(err, images.ErrTooLarge):
		return &Error{Status: http.StatusRequestEntityTooLarge, Message: msgSize, Fields: map[string][]string{"file": {msgSize}}}
	case errors.Is(err, images.ErrUnsupported):
		return &Error{Status: http.StatusUnsupportedMediaType, Message: msgType, Fields: map[string][]string{"file": {msgType}}}
	case errors.Is(err, images.ErrDimensions):
		return Invalid(map[string][]string{"file": {"The image is too large (at most 8000 pixels a side)."}})
	case errors.Is(err, images.ErrEmpty):
		return Invalid(map[string][]string{"file": {msgReceiptEmpty}})
	case err != nil:
		return err
	}
	url := media.URLPrefix + img.Name
	info := fiber.Map{"url": url, "content_type": img.ContentType, "size": img.Size, "width": img.Width, "height": img.Height}
	if err := s.opts.Store.RecordAudit(c.UserContext(), adminActor(c), "media.upload", "media", img.Name, info, ""); err != nil {
		return err
	}
	return created(c, info)
}
