package api

import (
	"errors"
	"net/http"
	"slices"
	"sync/atomic"
	"time"

	"github.com/gofiber/fiber/v2"

	"topup/internal/i18n"
	"topup/internal/phone"
	"topup/store"
)

// What texting a code may cost. Codes go only to numbers of the countries
// the operator serves (SMS_COUNTRIES): premium-rate numbers abroad are how
// SMS pumping fraud earns, and a store in Myanmar has no customer there.
// Each phone and each address has a cap and a gap between codes, and all
// customers together share an hourly and a daily budget (SMS_BUDGET_HOURLY,
// SMS_BUDGET_DAILY); the store decides all of it in one transaction that
// every node shares (store.ReserveOTP).

// DefaultSMSBudget is the budget when Options.SMSBudget is zero: a shop
// resets a few dozen passwords a day; a flood beyond this is an attack.
var DefaultSMSBudget = store.SMSBudget{Hourly: 60, Daily: 500}

// DefaultSMSCountries are the regions served when Options.SMSCountries is
// empty.
var DefaultSMSCountries = []string{"MM"}

const (
	// otpResendGap is the shortest time between two codes to one phone;
	// the reset dialog counts it down.
	otpResendGap = time.Minute
)

// smsCountryAllowed reports whether number (E.164) belongs to a served
// country.
func (s *Server) smsCountryAllowed(number string) bool {
	countries := s.opts.SMSCountries
	if len(countries) == 0 {
		countries = DefaultSMSCountries
	}
	return slices.Contains(countries, phone.Region(number))
}

func (s *Server) smsBudget() store.SMSBudget {
	if b := s.opts.SMSBudget; b.Hourly > 0 && b.Daily > 0 {
		return b
	}
	return DefaultSMSBudget
}

// smsStats counts refusals operators must hear about.
type smsStats struct {
	budgetSpent atomic.Uint64
}

// SMSBudgetRefusals is how many codes were refused because the SMS budget
// was spent, since start (exported as a Prometheus counter by cmd/topup).
func (s *Server) SMSBudgetRefusals() uint64 { return s.sms.budgetSpent.Load() }

// sendRefusal answers a send the store refused: 429 with Retry-After. A
// spent budget is logged as an error and counted: either real demand has
// outgrown it or someone is pumping SMS, and an operator must look.
func (s *Server) sendRefusal(c *fiber.Ctx, err error) error {
	var we *store.WaitError
	if !errors.As(err, &we) {
		return err
	}
	if errors.Is(err, store.ErrSMSBudgetSpent) {
		s.sms.budgetSpent.Add(1)
		s.log.Error().Str("request_id", requestID(c)).Str("period", we.Limit).Dur("retry_after", we.RetryAfter).
			Msg("SMS budget spent: refusing reset codes (SMS_BUDGET_HOURLY / SMS_BUDGET_DAILY)")
		e := tooManyRequests(c, we.RetryAfter)
		e.Text = i18n.T(i18n.SMSBudgetSpent)
		return e
	}
	return tooManyRequests(c, we.RetryAfter)
}

// countryRefused is the 422 for a number outside SMS_COUNTRIES.
func countryRefused() error {
	return &Error{Status: http.StatusUnprocessableEntity, Text: i18n.T(i18n.PhoneCountry),
		Fields: fieldsErr("phone_number", i18n.PhoneCountry)}
}
