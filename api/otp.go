package api

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"math"
	"math/big"
	"net/http"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"

	"topup/internal/i18n"
	"topup/internal/phone"
	"topup/store"
)

// Password reset by SMS code, without a third party (docs/architecture.md#the-api-contract):
//
//	POST otp/send             phone_number            → a 6-digit code by SMS
//	POST otp/verify           phone_number, code      → data.reset_token
//	POST reset-password-phone phone_number, password, password_confirmation,
//	                          reset_token             → new password, all sessions ended
//
// Failures carry a code next to docs/spec.md §8's message so the app can move
// between its steps (an expired code sends the customer back to step 1).

// SMSSender delivers a text to a phone in E.164 form; package sms has the
// implementations.
type SMSSender interface {
	Send(ctx context.Context, to, text string) error
}

const (
	otpTTL = 10 * time.Minute
	// otpMaxAttempts wrong guesses burn a code: 5 tries at 1 in 10^6 each.
	otpMaxAttempts = 5
	// resetTokenTTL is how long after a correct code the new password may
	// be set.
	resetTokenTTL = 15 * time.Minute
	// Send caps over a sliding hour, counted in the database: each SMS
	// costs money, so the caps hold across restarts and nodes (SMS pumping).
	otpSendWindow   = time.Hour
	otpSendsByPhone = 3
	otpSendsByIP    = 10
	// smsTimeout bounds the gateway call inside a request.
	smsTimeout = 10 * time.Second
)

// otpError is a reset-flow failure: a message from docs/spec.md §8 under field,
// plus a stable code.
func otpError(status int, code i18n.Code, field string) *Error {
	return &Error{Status: status, Text: i18n.T(code), Fields: fieldsErr(field, code)}
}

// newOTPCode draws 000000–999999 uniformly from crypto/rand (no modulo
// bias, leading zeros kept).
func newOTPCode() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}

type otpSendRequest struct {
	PhoneNumber string `json:"phone_number"`
	// CaptchaToken is the altcha widget's solution (see captcha.go).
	CaptchaToken string `json:"captcha_token"`
}

// sendOTP texts a reset code (POST /api/otp/send). The phone must belong to
// a customer ('phone number not found' otherwise): registration already
// tells whether a number is taken, so hiding it here would protect nothing,
// and the throttles bound probing.
func (s *Server) sendOTP(c *fiber.Ctx) error {
	var req otpSendRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	raw := strings.TrimSpace(req.PhoneNumber)
	if raw == "" {
		return Invalid(fieldsErr("phone_number", i18n.PhoneInvalid))
	}
	number, err := phone.Normalize(raw)
	if err != nil || runes(raw) > maxPhone {
		return otpError(http.StatusUnprocessableEntity, i18n.PhoneFormat, "phone_number")
	}
	if !s.smsCountryAllowed(number) {
		return countryRefused()
	}
	if err := s.throttle(c, perIP(c, "otp-send", limitOTPSendPerIP)); err != nil {
		return err
	}
	if err := s.checkCaptcha(c, req.CaptchaToken); err != nil {
		return err
	}
	ctx := c.UserContext()
	recipient, err := s.opts.Store.UserByPhone(ctx, number)
	if errors.Is(err, store.ErrNotFound) {
		return otpError(http.StatusNotFound, i18n.PhoneNotFound, "phone_number")
	} else if err != nil {
		return err
	}
	return s.textCode(c, store.NewOTP{Phone: number, Purpose: store.PurposeResetPassword}, func(code string) string {
		return i18n.T(i18n.SMSResetCode, "store", s.storeName(), "code", code, "minutes", int(otpTTL.Minutes())).
			In(recipientLocale(c, recipient))
	})
}

// textCode sends a new code by SMS, for a reset (sendOTP) or a new number
// (sendPhoneCode): the store reserves the send against the caps and the
// SMS budget first, text writes the message around the code, and the
// answer says when the code expires and, as resend_in, when the dialog may
// offer another. otp names the number, the purpose and the user, if any.
func (s *Server) textCode(c *fiber.Ctx, otp store.NewOTP, text func(code string) string) error {
	if s.opts.SMS == nil {
		return Fail(http.StatusServiceUnavailable, i18n.SMSFailed)
	}
	code, err := newOTPCode()
	if err != nil {
		return err
	}
	otp.Code, otp.IP, otp.Now, otp.TTL = code, clientIP(c), s.now(), otpTTL
	ctx := c.UserContext()
	next, err := s.opts.Store.ReserveOTP(ctx, store.OTPSend{
		NewOTP: otp,
		Window: otpSendWindow, PhoneCap: otpSendsByPhone, IPCap: otpSendsByIP, Gap: otpResendGap, Budget: s.smsBudget(),
	})
	if err != nil {
		return s.sendRefusal(c, err)
	}
	sendCtx, cancel := context.WithTimeout(ctx, smsTimeout)
	defer cancel()
	if err := s.opts.SMS.Send(sendCtx, otp.Phone, text(code)); err != nil {
		s.log.Error().Err(err).Str("request_id", requestID(c)).Msg("sms send failed")
		return otpError(http.StatusBadGateway, i18n.SMSFailed, "phone_number")
	}
	return reply(c, http.StatusOK, fiber.Map{"message": say(c, i18n.CodeSent),
		"data": fiber.Map{"phone_number": otp.Phone, "expires_in": int(otpTTL.Seconds()), "resend_in": int(math.Ceil(next.Seconds()))}})
}

type otpVerifyRequest struct {
	PhoneNumber string `json:"phone_number"`
	Code        string `json:"code"`
}

// verifyOTP checks a code (POST /api/otp/verify) and answers a short-lived
// reset token for reset-password-phone.
func (s *Server) verifyOTP(c *fiber.Ctx) error {
	var req otpVerifyRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	f := fieldErrors{}
	number, err := phone.Normalize(req.PhoneNumber)
	if err != nil {
		f.add("phone_number", i18n.PhoneInvalid)
	}
	code := strings.TrimSpace(req.Code)
	switch {
	case code == "":
		f.add("code", i18n.CodeRequired)
	case !isDigits(code, codeLength):
		f.add("code", i18n.CodeInvalid)
	}
	if err := f.err(); err != nil {
		return err
	}
	if err := s.throttle(c,
		perIP(c, "otp-verify", limitOTPVerifyPerIP),
		limitCheck{key: "otp-verify:phone:" + number, limit: limitOTPVerifyPhone},
	); err != nil {
		return err
	}

	tok, tokHash := newToken()
	err = s.opts.Store.VerifyOTP(c.UserContext(), store.OTPCheck{
		Phone: number, Purpose: store.PurposeResetPassword, Code: code, Now: s.now(),
		MaxAttempts: otpMaxAttempts, ResetTokenHash: tokHash,
	})
	switch {
	case errors.Is(err, store.ErrOTPNotRequested):
		return otpError(http.StatusUnprocessableEntity, i18n.CodeNotRequested, "code")
	case errors.Is(err, store.ErrOTPInvalid):
		return otpError(http.StatusUnprocessableEntity, i18n.CodeInvalid, "code")
	case errors.Is(err, store.ErrOTPExpired):
		return otpError(http.StatusUnprocessableEntity, i18n.CodeExpired, "code")
	case errors.Is(err, store.ErrOTPUsed):
		// Used, or burnt by wrong guesses: either way a new code is needed,
		// which is what the expired message tells the customer.
		return otpError(http.StatusUnprocessableEntity, i18n.OTPUsed, "code")
	case err != nil:
		return err
	}
	// reset_token is also top-level, where the web app reads it.
	return reply(c, http.StatusOK, fiber.Map{"message": say(c, i18n.CodeConfirmed), "reset_token": tok,
		"data": fiber.Map{"phone_number": number, "reset_token": tok, "expires_in": int(resetTokenTTL.Seconds())}})
}

type resetPasswordRequest struct {
	PhoneNumber          string `json:"phone_number"`
	Password             string `json:"password"`
	PasswordConfirmation string `json:"password_confirmation"`
	ResetToken           string `json:"reset_token"`
}

// resetPassword sets a new password with a reset token (POST
// /api/reset-password-phone) and ends every session of the account.
func (s *Server) resetPassword(c *fiber.Ctx) error {
	if err := s.throttle(c, perIP(c, "reset", limitResetPerIP)); err != nil {
		return err
	}
	var req resetPasswordRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	f := fieldErrors{}
	number, err := phone.Normalize(req.PhoneNumber)
	if err != nil {
		f.add("phone_number", i18n.PhoneInvalid)
	}
	switch {
	case req.Password == "" || req.PasswordConfirmation == "":
		f.add("password", i18n.ResetPasswords)
	case req.Password != req.PasswordConfirmation:
		f.add("password_confirmation", i18n.PasswordMismatch)
	case runes(req.Password) < minPassword:
		f.add("password", i18n.ResetPasswordMin)
	case runes(req.Password) > maxPassword:
		f.add("password", i18n.PasswordMax)
	}
	if err := f.err(); err != nil {
		return err
	}
	tok := strings.TrimSpace(req.ResetToken)
	if !wellFormedToken(tok) {
		return otpError(http.StatusUnprocessableEntity, i18n.ResetExpired, "reset_token")
	}

	// The token is checked before the new password is hashed, so a reset
	// without one costs a query, not an argon2id hash.
	reset := store.PasswordReset{Phone: number, TokenHash: hashToken(tok), Now: s.now(), TokenTTL: resetTokenTTL}
	err = s.opts.Store.CheckResetToken(c.UserContext(), reset)
	if err == nil {
		reset.PasswordHash, err = s.hashPassword(c, req.Password)
	}
	if err == nil {
		_, err = s.opts.Store.ResetPassword(c.UserContext(), reset)
	}
	switch {
	case errors.Is(err, store.ErrResetTokenInvalid):
		return otpError(http.StatusUnprocessableEntity, i18n.ResetExpired, "reset_token")
	case errors.Is(err, store.ErrNotFound):
		return otpError(http.StatusNotFound, i18n.PhoneNotFound, "phone_number")
	case err != nil:
		return err
	}
	return okMessage(c, i18n.PasswordReset)
}

// isDigits reports whether s is exactly n ASCII digits.
func isDigits(s string, n int) bool {
	if len(s) != n {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func (s *Server) storeName() string {
	if s.opts.Public.StoreName != "" {
		return s.opts.Public.StoreName
	}
	return "Shwe Top-Up"
}
