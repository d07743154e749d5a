package api

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"

	"topup/internal/contract"
	"topup/internal/i18n"
	"topup/internal/password"
	"topup/internal/phone"
	"topup/store"
)

func toUserJSON(u store.User) contract.User {
	out := contract.User{
		ID: u.ID, Username: u.Username, PhoneNumber: u.Phone, WalletAmount: u.WalletAmount,
		IsAdmin: u.IsAdmin, IsBanned: u.IsBanned, Email: u.Email, BanReason: u.BanReason, CreatedAt: u.CreatedAt,
		Locale: u.Locale, DeletionRequestedAt: u.DeletionRequestedAt,
	}
	return out
}

type registerRequest struct {
	Username             string `json:"username"`
	PhoneNumber          string `json:"phone_number"`
	Email                string `json:"email"`
	Password             string `json:"password"`
	PasswordConfirmation string `json:"password_confirmation"`
	CaptchaToken         string `json:"captcha_token"`
}

// register creates a customer (POST /api/register). It answers every field
// error at once, and a taken phone, username or e-mail as 409 keyed by the
// field, so the form can show each under its input.
func (s *Server) register(c *fiber.Ctx) error {
	if err := s.throttle(c, perIP(c, "register", limitRegisterPerIP)); err != nil {
		return err
	}
	var req registerRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	username := cleanText(req.Username)
	email := strings.TrimSpace(req.Email)
	rawPhone := strings.TrimSpace(req.PhoneNumber)

	f := fieldErrors{}
	checkUsername(f, "username", username)
	var number string
	switch {
	case rawPhone == "":
		f.add("phone_number", i18n.PhoneRequired)
	case runes(rawPhone) > maxPhone:
		f.add("phone_number", i18n.PhoneMax)
	default:
		n, err := phone.Normalize(rawPhone)
		if err != nil {
			f.add("phone_number", i18n.PhoneInvalid)
		}
		number = n
	}
	switch {
	case email == "":
	case runes(email) > maxEmail:
		f.add("email", i18n.EmailMax)
	case !validEmail(email):
		f.add("email", i18n.EmailInvalid)
	}
	checkPassword(f, req.Password, req.PasswordConfirmation)
	if err := f.err(); err != nil {
		return err
	}
	// Reset codes go only to served countries; an account that could
	// never get one is refused up front.
	if !s.smsCountryAllowed(number) {
		return countryRefused()
	}
	// The captcha comes after the cheap checks, so a typo does not cost a
	// solution, and before anything that asks the database who exists.
	if err := s.checkCaptcha(c, req.CaptchaToken); err != nil {
		return err
	}

	// Look for every taken value first, so the customer fixes them in one
	// round; the unique indexes still decide a race.
	ctx := c.UserContext()
	taken := fieldErrors{}
	if _, err := s.opts.Store.UserByPhone(ctx, number); err == nil {
		taken.add("phone_number", i18n.PhoneTaken)
	} else if !errors.Is(err, store.ErrNotFound) {
		return err
	}
	if _, err := s.opts.Store.UserByUsername(ctx, username); err == nil {
		taken.add("username", i18n.UsernameTaken)
	} else if !errors.Is(err, store.ErrNotFound) {
		return err
	}
	if email != "" {
		if _, err := s.opts.Store.UserByEmail(ctx, email); err == nil {
			taken.add("email", i18n.EmailTaken)
		} else if !errors.Is(err, store.ErrNotFound) {
			return err
		}
	}
	if len(taken) > 0 {
		return conflict(taken)
	}

	hash, err := s.hashPassword(c, req.Password)
	if err != nil {
		return err
	}
	u, err := s.opts.Store.CreateUser(ctx, store.NewUser{
		Username: username, Phone: number, Email: email, PasswordHash: hash,
	})
	var ce *store.ConflictError
	if errors.As(err, &ce) {
		switch ce.Field {
		case "phone":
			return conflict(fieldsErr("phone_number", i18n.PhoneTaken))
		case "username":
			return conflict(fieldsErr("username", i18n.UsernameTaken))
		case "email":
			return conflict(fieldsErr("email", i18n.EmailTaken))
		}
	}
	if err != nil {
		return err
	}
	return reply(c, http.StatusCreated, fiber.Map{"message": say(c, i18n.Registered), "data": toUserJSON(u), "user": toUserJSON(u)})
}

// conflict is a 409 naming the taken fields.
func conflict(f fieldErrors) error {
	e := f.err().(*Error)
	e.Status = http.StatusConflict
	return e
}

type loginRequest struct {
	// PhoneNumber holds a phone number or an e-mail address (docs/spec.md §5).
	PhoneNumber string `json:"phone_number"`
	Password    string `json:"password"`
	// CaptchaToken is required once the account has failed
	// loginFailuresBeforeCaptcha times (see captcha.go).
	CaptchaToken string `json:"captcha_token"`
}

const (
	// loginFailuresBeforeCaptcha failed logins for an account, from any
	// address, make its next logins carry a captcha until one succeeds or
	// loginFailureWindow passes.
	loginFailuresBeforeCaptcha = 3
	loginFailureWindow         = time.Hour
)

// login exchanges a phone number or e-mail and a password for a token
// (POST /api/login). An unknown account and a wrong password get the same
// answer after the same work, so the answer tells nothing about who is a
// customer. Banned users do get a token: the app needs it to show the
// banned page, and every other call refuses them.
func (s *Server) login(c *fiber.Ctx) error {
	var req loginRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	id := strings.TrimSpace(req.PhoneNumber)
	f := fieldErrors{}
	if id == "" {
		f.add("phone_number", i18n.LoginIDRequired)
	}
	if req.Password == "" {
		f.add("password", i18n.PasswordRequired)
	}
	if err := f.err(); err != nil {
		return err
	}

	ctx := c.UserContext()
	byEmail := strings.Contains(id, "@")
	account := strings.ToLower(id)
	if !byEmail {
		if n, err := phone.Normalize(id); err == nil {
			account = n
		}
	}
	if err := s.throttle(c,
		perIP(c, "login", limitLoginPerIP),
		perIP(c, "login:account:"+account, limitLoginPerAccountIP),
	); err != nil {
		return err
	}
	failures, err := s.opts.Store.LoginFailures(ctx, account, s.now(), loginFailureWindow)
	if err != nil {
		return err
	}
	if failures >= loginFailuresBeforeCaptcha {
		if err := s.checkCaptcha(c, req.CaptchaToken); err != nil {
			return err
		}
	}
	// The ceiling comes after the captcha, so attempts without the work
	// cannot spend the owner's allowance.
	if err := s.throttle(c, limitCheck{key: "login:account:" + account, limit: limitLoginPerAccount}); err != nil {
		return err
	}

	var u store.User
	if byEmail {
		u, err = s.opts.Store.UserByEmail(ctx, id)
	} else {
		u, err = s.opts.Store.UserByPhone(ctx, id)
	}
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return err
	}
	hash := u.PasswordHash
	if err != nil || len(req.Password) > 4*maxPassword {
		hash = password.Dummy()
	}
	ok, verr := s.verifyPassword(c, req.Password, hash)
	if verr != nil {
		return verr
	}
	if err != nil || !ok {
		n, err := s.opts.Store.AddLoginFailure(ctx, account, s.now(), loginFailureWindow)
		if err != nil {
			return err
		}
		// captcha_required tells the app to show the widget before the
		// next try rather than after a refusal.
		return &Error{Status: http.StatusUnauthorized, Code: i18n.Unauthenticated, Text: i18n.T(i18n.LoginFailed),
			Fields: fieldsErr("phone_number", i18n.LoginFailed),
			Extra:  map[string]any{"captcha_required": n >= loginFailuresBeforeCaptcha}}
	}
	if failures > 0 {
		if err := s.opts.Store.ClearLoginFailures(ctx, account); err != nil {
			return err
		}
	}

	tok, tokHash := newToken()
	now := s.now()
	expires := now.Add(TokenTTL)
	if _, err := s.opts.Store.CreateSession(ctx, store.NewSession{UserID: u.ID, TokenHash: tokHash, Name: "login",
		UserAgent: c.Get(fiber.HeaderUserAgent), IP: clientIP(c), Now: now, Expires: expires}); err != nil {
		return err
	}
	return reply(c, http.StatusOK, fiber.Map{"token": tok, "token_type": "Bearer", "expires_at": expires.UTC(),
		"user": toUserJSON(u),
	})
}

// logout revokes the token the request came with (POST /api/logout).
// Banned users may log out.
func (s *Server) logout(c *fiber.Ctx) error {
	if err := s.opts.Store.RevokeToken(c.UserContext(), currentTokenID(c), s.now()); err != nil {
		return err
	}
	return okMessage(c, i18n.LoggedOut)
}

// showUser answers GET /api/user/{id}: oneself, or anyone for an admin.
// Another user's id is 404, not 403, so ids cannot be probed. Banned users
// may read themselves: the banned page shows the reason.
func (s *Server) showUser(c *fiber.Ctx) error {
	me := currentUser(c)
	id, err := strconv.ParseInt(c.Params("id"), 10, 64)
	if err != nil || id <= 0 || (id != me.ID && (!me.IsAdmin || me.IsBanned)) {
		return Fail(http.StatusNotFound, i18n.UserNotFound)
	}
	// Read fresh even for oneself: the session's copy of the user may be
	// seconds old, and this is where the balance is shown.
	u, err := s.opts.Store.UserByID(c.UserContext(), id)
	if err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return Fail(http.StatusNotFound, i18n.UserNotFound)
		}
		return err
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	return ok(c, toUserJSON(u))
}
