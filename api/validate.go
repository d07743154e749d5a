package api

import (
	"net/mail"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"topup/internal/i18n"
	"topup/internal/zawgyi"
)

// Field limits from docs/spec.md §9, counted in characters (runes): a Burmese
// username is three bytes a character.
const (
	maxUsername = 50
	maxPhone    = 20
	maxEmail    = 100
	minPassword = 6
	// maxPassword keeps one argon2id hash from being fed megabytes; long
	// passphrases still fit.
	maxPassword = 128
	codeLength  = 6
)

// cleanText trims a one-line text value, converts it from Zawgyi when it
// was typed in that encoding and puts it in NFC, so one name typed on two
// keyboards (or two Burmese fonts) is one name.
func cleanText(s string) string { return zawgyi.Normalize(strings.TrimSpace(s)) }

// cleanBody is cleanText for a multi-line text: Windows line ends become
// one.
func cleanBody(s string) string { return cleanText(strings.ReplaceAll(s, "\r\n", "\n")) }

// runes counts characters, not bytes.
func runes(s string) int { return utf8.RuneCountInString(s) }

// badTextChar reports characters no one-line name may hold: control
// characters (NUL included, which PostgreSQL's text refuses), bidi
// overrides that make a name read backwards, and line or paragraph
// separators. Burmese letters, marks and the zero-width joiners Burmese
// script needs are all allowed.
func badTextChar(r rune) bool {
	switch {
	case unicode.IsControl(r):
		return true
	case r >= '\u202A' && r <= '\u202E', r >= '\u2066' && r <= '\u2069', r == '\u061C':
		return true
	case r == '\u2028' || r == '\u2029' || r == utf8.RuneError:
		return true
	}
	return false
}

// visible reports whether s has at least one character that prints:
// a name of only zero-width or format characters looks empty.
func visible(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool {
		return !unicode.IsSpace(r) && !unicode.Is(unicode.Cf, r) && !unicode.Is(unicode.Mn, r)
	}) >= 0
}

// validEmail is the "simple address pattern" of docs/spec.md §5 made precise: one
// @, a dot in the domain, no spaces or display names, and what
// net/mail accepts as an address.
func validEmail(s string) bool {
	at := strings.LastIndexByte(s, '@')
	if at <= 0 || at == len(s)-1 || strings.ContainsAny(s, " \t\r\n<>\"") {
		return false
	}
	if !strings.Contains(s[at+1:], ".") || strings.HasSuffix(s, ".") {
		return false
	}
	a, err := mail.ParseAddress(s)
	return err == nil && a.Address == s && a.Name == ""
}

// checkUsername validates a cleaned username.
func checkUsername(f fieldErrors, field, v string) {
	switch {
	case v == "":
		f.add(field, i18n.UsernameRequired)
	case runes(v) > maxUsername:
		f.add(field, i18n.UsernameMax)
	case strings.IndexFunc(v, badTextChar) >= 0 || !visible(v):
		f.add(field, i18n.UsernameChars)
	}
}

// checkPassword validates a new password and its confirmation with the
// register screen's messages.
func checkPassword(f fieldErrors, password, confirmation string) {
	switch {
	case password == "":
		f.add("password", i18n.PasswordRequired)
	case runes(password) < minPassword:
		f.add("password", i18n.PasswordMin)
	case runes(password) > maxPassword:
		f.add("password", i18n.PasswordMax)
	}
	if password != "" && confirmation != password {
		f.add("password_confirmation", i18n.PasswordMismatch)
	}
}

var slugRE = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// validSlug accepts a catalogue slug: lowercase letters and digits in
// single-hyphen runs, at most 100 bytes. The admin forms write slugs and
// the public routes look them up with the same rule.
func validSlug(s string) bool { return len(s) <= 100 && slugRE.MatchString(s) }
