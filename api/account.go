package api

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/gofiber/fiber/v2"

	"topup/internal/contract"
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

const (
	msgCurrentPasswordRequired = "Please enter your current password"
	msgWrongPassword           = "The current password is incorrect."
	msgEmailRequired           = "Please enter your email address"
	msgLocaleInvalid           = "Choose Burmese (my) or English (en)."
	msgBalanceNotZero          = "Your wallet still holds %s. Spend it or ask for a refund before deleting your account."
	msgDeletionNotRequested    = "No request to delete this account is open."
)

func accountMessage(c *fiber.Ctx, msg string, u store.User) error {
	return reply(c, http.StatusOK, fiber.Map{"message": msg, "data": toUserJSON(u)})
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
		return &Error{Status: http.StatusUnprocessableEntity, Code: "wrong_password", Message: msgWrongPassword,
			Fields: map[string][]string{field: {msgWrongPassword}}}
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
		f.add("current_password", msgCurrentPasswordRequired)
	}
	checkPassword(f, req.Password, req.PasswordConfirmation)
	if err := f.err(); err != nil {
		if req.Password != "" && f.has("password") {
			err.(*Error).Code = "weak_password"
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
	return reply(c, http.StatusOK, fiber.Map{"message": "Password changed. Other devices were signed out.",
		"data": fiber.Map{"revoked": n}})
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
		f.add("email", msgEmailRequired)
	case runes(email) > maxEmail:
		f.add("email", msgEmailMax)
	case !validEmail(email):
		f.add("email", msgEmailInvalid)
	}
	if req.Password == "" {
		f.add("password", msgPasswordRequired)
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
		return &Error{Status: http.StatusUnprocessableEntity, Code: "email_taken", Message: msgEmailTaken,
			Fields: map[string][]string{"email": {msgEmailTaken}}}
	}
	if err != nil {
		return err
	}
	return accountMessage(c, "Email changed.", u)
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
		return &Error{Status: http.StatusUnprocessableEntity, Code: "invalid_locale", Message: msgLocaleInvalid,
			Fields: map[string][]string{"locale": {msgLocaleInvalid}}}
	}
	u, err := s.opts.Store.SetLocale(c.UserContext(), currentUser(c).ID, req.Locale)
	if err != nil {
		return err
	}
	return accountMessage(c, "Language saved.", u)
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
		return Invalid(fieldErrors{"password": {msgPasswordRequired}})
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
	return accountMessage(c, "Your request to delete this account was sent. An admin will complete it.", u)
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
	return accountMessage(c, "Your account will not be deleted.", u)
}

func balanceNotZero(status int, amount int64) *Error {
	return &Error{Status: status, Code: "balance_not_zero", Message: fmt.Sprintf(msgBalanceNotZero, store.Kyat(amount))}
}

func deletionNotRequested() *Error {
	return &Error{Status: http.StatusConflict, Code: "deletion_not_requested", Message: msgDeletionNotRequested}
}

// toDeletionJSON is a waiting request as the back office lists it.
func toDeletionJSON(d store.DeletionRequest) contract.DeletionRequest {
	return contract.DeletionRequest{UserID: d.UserID, Username: d.Username, PhoneNumber: d.Phone,
		WalletAmount: d.WalletAmount, RequestedAt: d.RequestedAt}
}
