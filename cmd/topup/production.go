package main

import (
	"errors"
	"fmt"
	"net"
	"slices"
	"strings"

	"topup/realtime"
)

// minSecretLen is the shortest secret production accepts: an app secret
// signs every channel authorisation a customer can ask for, so a short one
// can be brute-forced offline from a single answer.
const minSecretLen = 32

// secretHint is how to make a secret that passes.
const secretHint = "set at least 32 random characters (e.g. `openssl rand -hex 32`)"

// checkStartup refuses to start `serve` with settings that are unsafe
// where real customers can reach the store. In production it names every
// problem at once; in any mode it refuses the public default secrets when
// PUBLIC_URL is not this machine, because a binary started without
// APP_ENV on a public address is production whatever its flag says.
func checkStartup(cfg Config, apps []realtime.App, getenv func(string) string) error {
	defaults, short := pusherSecretProblems(apps, getenv)
	if cfg.AppKey == defaultAppKey {
		defaults = append([]string{"APP_KEY is the local default; " + secretHint}, defaults...)
	} else if len(cfg.AppKey) < minSecretLen {
		short = append([]string{"APP_KEY is shorter than 32 characters; " + secretHint}, short...)
	}
	production := slices.Concat(defaults, short)
	if cfg.DatabaseURL == "" {
		production = append(production, "DATABASE_URL is not set; point it at the store's PostgreSQL")
	}
	if cfg.CaptchaMaxNumber < minCaptchaMaxNumber {
		production = append(production, fmt.Sprintf("CAPTCHA_MAX_NUMBER is %d, too easy to slow anyone down; unset it or set at least %d", cfg.CaptchaMaxNumber, minCaptchaMaxNumber))
	}
	if cfg.SMSProvider == "log" {
		production = append(production, "SMS_PROVIDER is log, which writes password-reset codes to the log (anyone who reads logs could take over any account); set SMS_PROVIDER=http with SMS_HTTP_URL and SMS_HTTP_KEY")
	}
	return refuse(cfg, production, defaults)
}

// checkPusherStartup is checkStartup for `topup pusher`, which has only
// app secrets: no database, key or SMS.
func checkPusherStartup(cfg Config, apps []realtime.App, getenv func(string) string) error {
	defaults, short := pusherSecretProblems(apps, getenv)
	return refuse(cfg, slices.Concat(defaults, short), defaults)
}

// pusherSecretProblems names the app secrets at the public default, and
// those too short for production.
func pusherSecretProblems(apps []realtime.App, getenv func(string) string) (defaults, short []string) {
	for _, a := range apps {
		switch {
		case a.Secret == realtime.DefaultAppSecret:
			defaults = append(defaults, appSecretName(a, getenv)+" is the local default; "+secretHint)
		case len(a.Secret) < minSecretLen:
			short = append(short, appSecretName(a, getenv)+" is shorter than 32 characters; "+secretHint)
		}
	}
	return defaults, short
}

// refuse answers the production problems in production, and the default
// secrets anywhere PUBLIC_URL is not this machine.
func refuse(cfg Config, production, defaults []string) error {
	switch {
	case cfg.Production() && len(production) > 0:
		return errors.New("refusing to start in production: " + strings.Join(production, "; "))
	case !cfg.Production() && len(defaults) > 0 && !loopbackHost(cfg.PublicURL.Hostname()):
		return fmt.Errorf("refusing to start on %s with public default secrets (APP_ENV is %q): %s; or use a localhost PUBLIC_URL for local work",
			cfg.PublicURL, cfg.Env, strings.Join(defaults, "; "))
	}
	return nil
}

// appSecretName says where an app's secret was configured, so the
// operator knows what to change.
func appSecretName(a realtime.App, getenv func(string) string) string {
	if strings.TrimSpace(getenv("PUSHER_APPS_FILE")) == "" {
		return "PUSHER_APP_SECRET"
	}
	envID := getenv("PUSHER_APP_ID")
	if envID == "" {
		envID = realtime.DefaultAppID
	}
	if a.ID == envID && (a.Secret == getenv("PUSHER_APP_SECRET") || a.Secret == realtime.DefaultAppSecret) {
		return "PUSHER_APP_SECRET"
	}
	return fmt.Sprintf("the secret of app %q in PUSHER_APPS_FILE", a.ID)
}

// loopbackHost reports whether host names this machine only.
func loopbackHost(host string) bool {
	if strings.EqualFold(host, "localhost") || strings.HasSuffix(strings.ToLower(host), ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
