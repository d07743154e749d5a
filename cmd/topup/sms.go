package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rs/zerolog"

	"topup/api"
	"topup/internal/phone"
	"topup/internal/sms"
	"topup/store"
)

// SMSConfig is what texting reset codes may cost (SMS_COUNTRIES,
// SMS_BUDGET_HOURLY, SMS_BUDGET_DAILY).
type SMSConfig struct {
	// Countries are the regions ("MM") whose numbers may register and get
	// codes.
	Countries []string
	// Budget caps the texts all nodes together send per hour and per day.
	Budget store.SMSBudget
}

// loadSMSConfig reads the SMS settings; defaults: Myanmar only, and
// api.DefaultSMSBudget.
func loadSMSConfig(getenv func(string) string) (SMSConfig, error) {
	cfg := SMSConfig{Budget: api.DefaultSMSBudget}
	for _, c := range strings.Split(getenv("SMS_COUNTRIES"), ",") {
		c = strings.ToUpper(strings.TrimSpace(c))
		if c == "" {
			continue
		}
		if !phone.KnownRegion(c) {
			return SMSConfig{}, fmt.Errorf("SMS_COUNTRIES: %q is not a country code like MM or TH", c)
		}
		cfg.Countries = append(cfg.Countries, c)
	}
	if len(cfg.Countries) == 0 {
		cfg.Countries = api.DefaultSMSCountries
	}
	for _, b := range []struct {
		name string
		dst  *int
	}{{"SMS_BUDGET_HOURLY", &cfg.Budget.Hourly}, {"SMS_BUDGET_DAILY", &cfg.Budget.Daily}} {
		v := strings.TrimSpace(getenv(b.name))
		if v == "" {
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return SMSConfig{}, fmt.Errorf("%s must be a whole number of texts, at least 1, not %q", b.name, v)
		}
		*b.dst = n
	}
	if cfg.Budget.Daily < cfg.Budget.Hourly {
		return SMSConfig{}, fmt.Errorf("SMS_BUDGET_DAILY (%d) is below SMS_BUDGET_HOURLY (%d); the day's budget must hold at least one hour's", cfg.Budget.Daily, cfg.Budget.Hourly)
	}
	return cfg, nil
}

// newSMSSender picks the reset-code sender by SMS_PROVIDER: "log" (the
// default; codes go to the log, for local use) or "http" (a gateway at
// SMS_HTTP_URL with the key SMS_HTTP_KEY, optional sender name
// SMS_HTTP_FROM).
func newSMSSender(cfg Config, getenv func(string) string, log zerolog.Logger) (api.SMSSender, error) {
	switch cfg.SMSProvider {
	case "log":
		// Production refuses it before this point (checkStartup).
		return sms.Log{Logger: log.With().Str("component", "sms").Logger()}, nil
	case "http":
		return sms.NewHTTP(sms.HTTPConfig{URL: getenv("SMS_HTTP_URL"), Key: getenv("SMS_HTTP_KEY"), From: getenv("SMS_HTTP_FROM")})
	default:
		return nil, fmt.Errorf("SMS_PROVIDER must be log or http, not %q", cfg.SMSProvider)
	}
}
