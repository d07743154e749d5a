package api

import (
	"github.com/gofiber/fiber/v2"

	"topup/internal/i18n"
)

// requestLocale is the language an answer is written in: the request's
// Accept-Language when it names one we speak (the web app sends its UI
// language), else the signed-in user's stored preference, else English
// (docs/architecture.md#the-api-contract).
func requestLocale(c *fiber.Ctx) i18n.Locale {
	if loc, ok := i18n.FromAcceptLanguage(c.Get(fiber.HeaderAcceptLanguage)); ok {
		return loc
	}
	if u, ok := c.Locals(localUser).(interface{ Language() string }); ok {
		if lang, ok := i18n.ParseLang(u.Language()); ok {
			return i18n.In(lang)
		}
	}
	return i18n.In(i18n.Default)
}

// say writes a text for the request's reader.
func say(c *fiber.Ctx, code i18n.Code, kv ...any) string {
	return i18n.T(code, kv...).In(requestLocale(c))
}

// recipientLocale is the language of a text sent to u outside this answer
// (an SMS): u's stored preference when there is one, else the language
// the request was made in, since the person asking holds the phone.
func recipientLocale(c *fiber.Ctx, u any) i18n.Locale {
	if p, ok := u.(interface{ Language() string }); ok {
		if lang, ok := i18n.ParseLang(p.Language()); ok {
			return i18n.In(lang)
		}
	}
	return requestLocale(c)
}
