package api

import (
	"net/mail"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Every message a client can show for a field lives here, in docs/spec.md §5 and §8's
// words where docs/spec.md has them, so the web app and the API never drift apart.
// Messages docs/spec.md does not name (a taken phone, a control character) are ours.
const (
	msgLoginIDRequired = "Please enter your email or phone number"

	msgUsernameRequired = "Username is required"
	msgUsernameMax      = "Username must be 50 characters or less"
	msgUsernameChars    = "Username contains characters that are not allowed"
	msgUsernameTaken    = "This username is already taken"

	msgPhoneRequired = "Phone number is required"
	msgPhoneMax      = "Phone number must be 20 characters or less"
	msgPhoneInvalid  = "Please enter a valid phone number"
	msgPhoneTaken    = "This phone number is already registered"
	// msgPhoneFormat is docs/spec.md §8's "invalid phone" for Send Code.
	msgPhoneFormat = "Invalid phone number format. Please use +country_code format (e.g., +959123456789)"
	// msgPhoneNotFound is docs/spec.md §4's reset error, in its words.
	msgPhoneNotFound = "phone number not found"

	msgEmailMax     = "Email must be 100 characters or less"
	msgEmailInvalid = "Please enter a valid email address"
	msgEmailTaken   = "This email is already registered"

	msgPasswordRequired = "Password is required"
	msgPasswordMin      = "Password must be at least 6 characters"
	msgPasswordMax      = "Password must be 128 characters or less"
	msgPasswordMismatch = "Passwords do not match"

	msgResetPasswordsRequired = "Please fill in both password fields"
	msgResetPasswordMin       = "Password must be at least 6 characters long"

	msgCodeRequired     = "Please enter the verification code"
	msgCodeInvalid      = "Invalid verification code. Please check and try again."
	msgCodeExpired      = "Verification code expired. Please request a new code."
	msgCodeNotRequested = "Please request OTP first"
	msgSMSFailed        = "Failed to send OTP. Please check your phone number and try again."
	msgResetExpired     = "Session expired. Please start over."

	msgTooManyRequests = "Too many requests. Please try again later."
	msgLoginFailed     = "The phone number, email or password is incorrect."

	msgUnauthenticated = "Unauthenticated."
	msgForbidden       = "This action is unauthorized."
	msgBanned          = "Your account has been banned."
	msgDefaultBan      = "Violation of platform guidelines"
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

// fieldErrors collects messages by the request's field names, first
// message first, and becomes a 422 through Invalid.
type fieldErrors map[string][]string

func (f fieldErrors) add(field, msg string) { f[field] = append(f[field], msg) }

func (f fieldErrors) has(field string) bool { return len(f[field]) > 0 }

// formOrder is the order fields appear on the forms; the top-level
// message is the first field's first error in it, not whichever a map
// iteration happens to give.
var formOrder = []string{"username", "phone_number", "email", "password", "password_confirmation", "code", "reset_token"}

// err is nil when nothing was added.
func (f fieldErrors) err() error {
	if len(f) == 0 {
		return nil
	}
	e := Invalid(f)
	for _, name := range formOrder {
		if f.has(name) {
			e.Message = f[name][0]
			break
		}
	}
	return e
}

// cleanText trims a one-line text value and puts it in NFC, so one name
// typed on two keyboards is one name.
func cleanText(s string) string { return norm.NFC.String(strings.TrimSpace(s)) }

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
		f.add(field, msgUsernameRequired)
	case runes(v) > maxUsername:
		f.add(field, msgUsernameMax)
	case strings.IndexFunc(v, badTextChar) >= 0 || !visible(v):
		f.add(field, msgUsernameChars)
	}
}

// checkPassword validates a new password and its confirmation with the
// register screen's messages.
func checkPassword(f fieldErrors, password, confirmation string) {
	switch {
	case password == "":
		f.add("password", msgPasswordRequired)
	case runes(password) < minPassword:
		f.add("password", msgPasswordMin)
	case runes(password) > maxPassword:
		f.add("password", msgPasswordMax)
	}
	if password != "" && confirmation != password {
		f.add("password_confirmation", msgPasswordMismatch)
	}
}

var slugRE = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// validSlug accepts a catalogue slug: lowercase letters and digits in
// single-hyphen runs, at most 100 bytes. The admin forms write slugs and
// the public routes look them up with the same rule.
func validSlug(s string) bool { return len(s) <= 100 && slugRE.MatchString(s) }
