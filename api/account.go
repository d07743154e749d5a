package api

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/gofiber/fiber/v2"

	"topup/internal/contract"
	"topup/internal/i18n"
	"topup/store"
)

// A customer's account settings, on the account page (/{username}):
//
//	PUT    account/password  current_password, password, password_confirmation
//	PUT    account/email     email, password
//	PUT    account/locale    locale ("my" | "en")
//	POST   account/deletion  password → a request an admin completes
//	DELETE account/deletion  withdraw the request
//
// (sessions: account_sessions.go; phone: account_phone.go.) Whatever needs
// the password is throttled per account, so a stolen session cannot guess
// it faster than the login could.

func accountMessage(c *fiber.Ctx, msg i18n.Code, u store.User) error {
	return reply(c, http.StatusOK, fiber.Map{"message": say(c, msg), "data": toUserJSON(u)})
}

// checkCurrentPassword verifies the password typed on a settings form
// against the signed-in user's, as a 422 under field when it is wrong.
func (s *Server) checkCurrentPassword(c *fiber.Ctx, field, plain string) error {
	u := currentUser(c)
	if err := s.throttle(c, limitCheck{key: fmt.Sprintf("account:password:user:%d", u.ID), limit: limitLoginPerAccount}); err != nil {
		return err
	}
	good, err := s.verifyPassword(c, plain, u.PasswordHash)
	if err != nil {
		return err
	}
	if !good {
		return &Error{Status: http.StatusUnprocessableEntity, Text: i18n.T(i18n.WrongPassword),
			Fields: fieldsErr(field, i18n.WrongPassword)}
	}
	return nil
}

type changePasswordRequest struct {
	CurrentPassword      string `json:"current_password"`
	Password             string `json:"password"`
	PasswordConfirmation string `json:"password_confirmation"`
}

// changePassword answers PUT /api/account/password: the register screen's
// rules for the new password, the current one required, and every other
// session ended (this one is kept).
func (s *Server) changePassword(c *fiber.Ctx) error {
	var req changePasswordRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	f := fieldErrors{}
	if req.CurrentPassword == "" {
		f.add("current_password", i18n.CurrentPasswordRequired)
	}
	checkPassword(f, req.Password, req.PasswordConfirmation)
	if err := f.err(); err != nil {
		if req.Password != "" && f.has("password") {
			err.(*Error).Code = i18n.WeakPassword
		}
		return err
	}
	if err := s.checkCurrentPassword(c, "current_password", req.CurrentPassword); err != nil {
		return err
	}
	hash, err := s.hashPassword(c, req.Password)
	if err != nil {
		return err
	}
	n, err := s.opts.Store.ChangePassword(c.UserContext(), currentUser(c).ID, currentTokenID(c), hash, s.now())
	if err != nil {
		return err
	}
	return reply(c, http.StatusOK, fiber.Map{"message": say(c, i18n.PasswordChanged), "data": fiber.Map{"revoked": n}})
}

type changeEmailRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

// changeEmail answers PUT /api/account/email. An address another account
// has (in any case) is 422 email_taken.
func (s *Server) changeEmail(c *fiber.Ctx) error {
	var req changeEmailRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	email := strings.TrimSpace(req.Email)
	f := fieldErrors{}
	switch {
	case email == "":
		f.add("email", i18n.EmailRequired)
	case runes(email) > maxEmail:
		f.add("email", i18n.EmailMax)
	case !validEmail(email):
		f.add("email", i18n.EmailInvalid)
	}
	if req.Password == "" {
		f.add("password", i18n.PasswordRequired)
	}
	if err := f.err(); err != nil {
		return err
	}
	if err := s.checkCurrentPassword(c, "password", req.Password); err != nil {
		return err
	}
	u, err := s.opts.Store.ChangeEmail(c.UserContext(), currentUser(c).ID, email)
	var ce *store.ConflictError
	if errors.As(err, &ce) {
		return &Error{Status: http.StatusUnprocessableEntity, Text: i18n.T(i18n.EmailTaken), Fields: fieldsErr("email", i18n.EmailTaken)}
	}
	if err != nil {
		return err
	}
	return accountMessage(c, i18n.EmailChanged, u)
}

type setLocaleRequest struct {
	Locale string `json:"locale"`
}

// setLocale answers PUT /api/account/locale: the language every device of
// the customer, and what the server writes to them, uses.
func (s *Server) setLocale(c *fiber.Ctx) error {
	var req setLocaleRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	if req.Locale != store.LocaleBurmese && req.Locale != store.LocaleEnglish {
		return &Error{Status: http.StatusUnprocessableEntity, Text: i18n.T(i18n.LocaleInvalid), Fields: fieldsErr("locale", i18n.LocaleInvalid)}
	}
	u, err := s.opts.Store.SetLocale(c.UserContext(), currentUser(c).ID, req.Locale)
	if err != nil {
		return err
	}
	return accountMessage(c, i18n.LanguageSaved, u)
}

type deletionRequest struct {
	Password string `json:"password"`
}

// requestDeletion answers POST /api/account/deletion: the account is
// deleted by an admin later, and only with an empty wallet.
func (s *Server) requestDeletion(c *fiber.Ctx) error {
	var req deletionRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	if req.Password == "" {
		return Invalid(fieldsErr("password", i18n.PasswordRequired))
	}
	if err := s.checkCurrentPassword(c, "password", req.Password); err != nil {
		return err
	}
	u, err := s.opts.Store.RequestDeletion(c.UserContext(), currentUser(c).ID, s.now())
	if errors.Is(err, store.ErrBalanceNotZero) {
		return balanceNotZero(http.StatusUnprocessableEntity, currentUser(c).WalletAmount)
	}
	if err != nil {
		return err
	}
	return accountMessage(c, i18n.DeletionRequested, u)
}

// cancelDeletion answers DELETE /api/account/deletion.
func (s *Server) cancelDeletion(c *fiber.Ctx) error {
	u, err := s.opts.Store.CancelDeletion(c.UserContext(), currentUser(c).ID)
	if errors.Is(err, store.ErrDeletionNotRequested) {
		return deletionNotRequested()
	}
	if err != nil {
		return err
	}
	return accountMessage(c, i18n.DeletionCancelled, u)
}

func balanceNotZero(status int, amount int64) *Error {
	return &Error{Status: status, Text: i18n.T(i18n.BalanceNotZero, "amount", i18n.Kyat(amount))}
}

func deletionNotRequested() *Error {
	return &Error{Status: http.StatusConflict, Text: i18n.T(i18n.DeletionNotRequested)}
}

// toDeletionJSON is a waiting request as the back office lists it.
func toDeletionJSON(d store.DeletionRequest) contract.DeletionRequest {
	return contract.DeletionRequest{UserID: d.UserID, Username: d.Username, PhoneNumber: d.Phone,
		WalletAmount: d.WalletAmount, RequestedAt: d.RequestedAt}
}
