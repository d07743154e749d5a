package api

import (
	"errors"
	"net/http"

	"github.com/gofiber/fiber/v2"

	"topup/internal/i18n"
	"topup/internal/images"
	"topup/internal/media"
)

// adminUploadMedia stores a public image (multipart "file") and answers
// its URL, for logos, product pictures, banners and payment icons.
func (s *Server) adminUploadMedia(c *fiber.Ctx) error {
	if s.opts.Media == nil {
		return Fail(http.StatusServiceUnavailable, i18n.ImagesUnconfigured)
	}
	fh, err := c.FormFile("file")
	if err != nil {
		return Invalid(fieldsErr("file", i18n.ImageRequired))
	}
	if fh.Size > media.MaxBytes {
		return &Error{Status: http.StatusRequestEntityTooLarge, Text: i18n.T(i18n.ImageSize), Fields: fieldsErr("file", i18n.ImageSize)}
	}
	f, err := fh.Open()
	if err != nil {
		return err
	}
	defer f.Close()
	img, err := s.opts.Media.Save(c.UserContext(), f)
	switch {
	case errors.Is(err, images.ErrTooLarge):
		return &Error{Status: http.StatusRequestEntityTooLarge, Text: i18n.T(i18n.ImageSize), Fields: fieldsErr("file", i18n.ImageSize)}
	case errors.Is(err, images.ErrUnsupported):
		return &Error{Status: http.StatusUnsupportedMediaType, Text: i18n.T(i18n.ImageType), Fields: fieldsErr("file", i18n.ImageType)}
	case errors.Is(err, images.ErrDimensions):
		return Invalid(fieldsErr("file", i18n.ImageDimensions))
	case errors.Is(err, images.ErrEmpty):
		return Invalid(fieldsErr("file", i18n.ReceiptEmpty))
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
