package api

import (
	"errors"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v2"

	"topup/internal/i18n"
	"topup/store"
)

const (
	maxAdminReason = 500
)

// actor is the signed-in admin and the request, for the audit log.
func adminActor(c *fiber.Ctx) store.Actor {
	return store.Actor{ID: currentUser(c).ID, IP: clientIP(c), RequestID: requestID(c)}
}

// pageOf reads ?page and ?per_page.
func adminPageOf(c *fiber.Ctx) store.Paging {
	p, _ := strconv.Atoi(c.Query("page"))
	n, _ := strconv.Atoi(c.Query("per_page"))
	return store.Paging{Page: p, PerPage: n}
}

func adminID(c *fiber.Ctx) (int64, error) { return pathID(c, "id", i18n.NotFound) }

// queryID reads an optional positive id from the query string.
func adminQueryID(c *fiber.Ctx, name string) int64 {
	n, err := strconv.ParseInt(c.Query(name), 10, 64)
	if err != nil || n < 0 {
		return 0
	}
	return n
}

func adminQueryBool(c *fiber.Ctx, name string) *bool {
	switch strings.ToLower(c.Query(name)) {
	case "1", "true", "yes":
		t := true
		return &t
	case "0", "false", "no":
		f := false
		return &f
	}
	return nil
}

// checkReason validates a required reason.
func adminReason(f fieldErrors, field, reason string) string {
	reason = cleanText(reason)
	switch {
	case reason == "" || !visible(reason):
		f.add(field, i18n.ReasonRequired)
	case runes(reason) > maxAdminReason:
		f.add(field, i18n.ReasonMax)
	case strings.IndexFunc(reason, badTextChar) >= 0:
		f.add(field, i18n.ReasonChars)
	}
	return reason
}

// Catalogue administration. Create takes every required field; PATCH
// changes only the fields sent. Rows are switched off with is_active
// rather than deleted (orders point at them); banners can be deleted.

var adminSkuRE = regexp.MustCompile(`^[a-z0-9]+([-_.][a-z0-9]+)*$`)

var adminKinds = map[string]bool{store.KindCoin: true, store.KindCode: true, store.KindAccount: true}

// checkName validates a one-line name of at most max characters.
func adminName(f fieldErrors, field, v string, required bool, max int) string {
	v = cleanText(v)
	switch {
	case v == "" && required:
		f.add(field, i18n.FieldRequired)
	case runes(v) > max:
		f.add(field, i18n.FieldTooLong)
	case strings.IndexFunc(v, badTextChar) >= 0:
		f.add(field, i18n.FieldChars)
	}
	return v
}

func adminLongText(f fieldErrors, field, v string, max int) string {
	v = strings.TrimSpace(strings.ReplaceAll(v, "\r\n", "\n"))
	switch {
	case runes(v) > max:
		f.add(field, i18n.FieldTooLong)
	case strings.IndexFunc(v, badBodyChar) >= 0:
		f.add(field, i18n.FieldChars)
	}
	return v
}

// checkURL accepts "", a path on this site ("/media/…") or an https URL:
// nothing a browser would run (javascript:, data:).
func adminURL(f fieldErrors, field, v string) string {
	v = strings.TrimSpace(v)
	if v == "" {
		return v
	}
	ok := len(v) <= 500 && strings.IndexFunc(v, func(r rune) bool { return r <= ' ' || r == 0x7f }) < 0
	if ok {
		if strings.HasPrefix(v, "/") {
			ok = !strings.HasPrefix(v, "//") && !strings.Contains(v, `\`)
		} else {
			u, err := url.Parse(v)
			ok = err == nil && u.Scheme == "https" && u.Host != ""
		}
	}
	if !ok {
		f.add(field, i18n.MediaURL)
	}
	return v
}

func catalogueSlug(f fieldErrors, field, v string) string {
	v = strings.TrimSpace(v)
	if !validSlug(v) {
		f.add(field, i18n.SlugFormat)
	}
	return v
}

func adminSet[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}

// foreignKey turns a missing service or game into a field error.
func adminForeignKey(err error, field string, code i18n.Code) error {
	if errors.Is(err, store.ErrInvalid) && strings.Contains(err.Error(), "foreign key") {
		return Invalid(fieldsErr(field, code))
	}
	return err
}
