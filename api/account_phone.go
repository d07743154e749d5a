package api

import (
	"errors"
	"net/http"
	"strings"

	"github.com/gofiber/fiber/v2"

	"topup/internal/i18n"
	"topup/internal/phone"
	"topup/store"
)

// Changing the phone number proves the new one first, with the password
// reset's code path and limits (otp.go, sms_limits.go): the same per-phone
// and per-address caps, the gap between codes, the store's SMS budget, the
// served countries, the same attempts and lifetime. A code is bound to the
// account that asked for it, so knowing it does not let anyone else take
// the number. Asking for the code needs the current password, as the
// e-mail change does: the password reset texts this number, so a stolen
// session that could move it could then take the account and its wallet.
//
//	POST account/phone/code  phone_number, current_password → a code by SMS to that number
//	PUT  account/phone       phone_number, code              → the account's phone is replaced

type phoneCodeRequest struct {
	PhoneNumber     string `json:"phone_number"`
	CurrentPassword string `json:"current_password"`
}

// newPhoneNumber reads and checks the number a customer wants to move to.
func (s *Server) newPhoneNumber(c *fiber.Ctx, raw string) (string, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return "", Invalid(fieldsErr("phone_number", i18n.PhoneRequired))
	}
	number, err := phone.Normalize(raw)
	if err != nil || runes(raw) > maxPhone {
		return "", otpError(http.StatusUnprocessableEntity, i18n.PhoneFormat, "phone_number")
	}
	if number == currentUser(c).Phone {
		return "", otpError(http.StatusUnprocessableEntity, i18n.SamePhone, "phone_number")
	}
	if !s.smsCountryAllowed(number) {
		return "", countryRefused()
	}
	return number, nil
}

func phoneTaken() error {
	return otpError(http.StatusUnprocessableEntity, i18n.PhoneInUse, "phone_number")
}

// sendPhoneCode answers POST /api/account/phone/code.
func (s *Server) sendPhoneCode(c *fiber.Ctx) error {
	var req phoneCodeRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	// The password first, so a wrong one spends no SMS and learns nothing
	// about the number (taken or not). An empty one is simply wrong.
	if err := s.checkCurrentPassword(c, "current_password", req.CurrentPassword); err != nil {
		return err
	}
	number, err := s.newPhoneNumber(c, req.PhoneNumber)
	if err != nil {
		return err
	}
	if err := s.throttle(c, perIP(c, "otp-send", limitOTPSendPerIP)); err != nil {
		return err
	}
	ctx := c.UserContext()
	if _, err := s.opts.Store.UserByPhone(ctx, number); err == nil {
		return phoneTaken()
	} else if !errors.Is(err, store.ErrNotFound) {
		return err
	}
	return s.textCode(c, store.NewOTP{Phone: number, Purpose: store.PurposeVerifyPhone, UserID: currentUser(c).ID}, func(code string) string {
		return say(c, i18n.SMSPhoneCode, "store", s.storeName(), "code", code, "minutes", int(otpTTL.Minutes()))
	})
}

type changePhoneRequest struct {
	PhoneNumber string `json:"phone_number"`
	Code        string `json:"code"`
}

// changePhone answers PUT /api/account/phone.
func (s *Server) changePhone(c *fiber.Ctx) error {
	var req changePhoneRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	number, err := s.newPhoneNumber(c, req.PhoneNumber)
	if err != nil {
		return err
	}
	code := strings.TrimSpace(req.Code)
	switch {
	case code == "":
		return Invalid(fieldsErr("code", i18n.CodeRequired))
	case !isDigits(code, codeLength):
		return otpError(http.StatusUnprocessableEntity, i18n.CodeInvalid, "code")
	}
	if err := s.throttle(c,
		perIP(c, "otp-verify", limitOTPVerifyPerIP),
		limitCheck{key: "otp-verify:phone:" + number, limit: limitOTPVerifyPhone},
	); err != nil {
		return err
	}
	u, err := s.opts.Store.ChangePhone(c.UserContext(), store.PhoneChange{UserID: currentUser(c).ID, Phone: number,
		Code: code, Now: s.now(), MaxAttempts: otpMaxAttempts})
	var ce *store.ConflictError
	switch {
	case errors.As(err, &ce):
		return phoneTaken()
	case errors.Is(err, store.ErrOTPNotRequested):
		return otpError(http.StatusUnprocessableEntity, i18n.CodeNotRequested, "code")
	case errors.Is(err, store.ErrOTPInvalid):
		return otpError(http.StatusUnprocessableEntity, i18n.CodeInvalid, "code")
	case errors.Is(err, store.ErrOTPExpired):
		return otpError(http.StatusUnprocessableEntity, i18n.CodeExpired, "code")
	case errors.Is(err, store.ErrOTPUsed):
		return otpError(http.StatusUnprocessableEntity, i18n.OTPUsed, "code")
	case err != nil:
		return err
	}
	return accountMessage(c, i18n.PhoneChanged, u)
}
