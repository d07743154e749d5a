package main

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"topup/api"
	"topup/internal/phone"
)

// maxDeliveryMinutes bounds DELIVERY_MINUTES: a promise of more than a day
// is a typo.
const maxDeliveryMinutes = 24 * 60

// loadSupport reads how customers reach the shop (docs/operations.md). Unset
// channels stay empty and the app hides them: a made-up default such as a
// bare t.me/ would open nothing.
func loadSupport(getenv func(string) string) (api.Support, error) {
	var s api.Support
	links := []struct {
		name string
		dst  *string
	}{
		{"SUPPORT_TELEGRAM_URL", &s.Telegram},
		{"SUPPORT_FACEBOOK_URL", &s.Facebook},
		{"SUPPORT_TIKTOK_URL", &s.TikTok},
	}
	for _, l := range links {
		v := strings.TrimSpace(getenv(l.name))
		if v == "" {
			continue
		}
		// https only: the link goes into customers' pages as an href.
		if u, err := url.Parse(v); err != nil || u.Scheme != "https" || u.Host == "" {
			return api.Support{}, fmt.Errorf("%s must be an https:// link, not %q", l.name, v)
		}
		*l.dst = v
	}

	if v := strings.TrimSpace(getenv("SUPPORT_VIBER")); v != "" {
		number, err := phone.Normalize(v)
		if err != nil {
			return api.Support{}, fmt.Errorf("SUPPORT_VIBER must be the phone number of the shop's Viber, not %q", v)
		}
		s.Viber = "viber://chat?number=" + url.QueryEscape(number)
	}
	if v := strings.TrimSpace(getenv("SUPPORT_PHONE")); v != "" {
		number, err := phone.Normalize(v)
		if err != nil {
			return api.Support{}, fmt.Errorf("SUPPORT_PHONE must be a phone number, not %q", v)
		}
		s.Phone = number
	}
	s.Hours = strings.TrimSpace(getenv("SUPPORT_HOURS"))

	s.DeliveryMinutes = api.DefaultDeliveryMinutes
	if v := strings.TrimSpace(getenv("DELIVERY_MINUTES")); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxDeliveryMinutes {
			return api.Support{}, fmt.Errorf("DELIVERY_MINUTES must be a whole number of minutes from 1 to %d, not %q", maxDeliveryMinutes, v)
		}
		s.DeliveryMinutes = n
	}
	return s, nil
}

// supportWarning is what `serve` logs at start in production when
// customers have no way to reach the shop; empty otherwise.
func supportWarning(cfg Config) string {
	if !cfg.Production() || cfg.Support.Channels() {
		return ""
	}
	return "no support channel is set: customers who need help see no way to reach the shop; " +
		"set SUPPORT_TELEGRAM_URL, SUPPORT_FACEBOOK_URL, SUPPORT_TIKTOK_URL, SUPPORT_VIBER or SUPPORT_PHONE (docs/operations.md)"
}
