package main

import (
	"slices"
	"testing"

	"topup/store"
)

func TestLoadSMSConfig(t *testing.T) {
	cfg, err := loadSMSConfig(envOf(map[string]string{}))
	if err != nil || !slices.Equal(cfg.Countries, []string{"MM"}) || cfg.Budget != (store.SMSBudget{Hourly: 60, Daily: 500}) {
		t.Fatalf("defaults %+v, %v", cfg, err)
	}
	cfg, err = loadSMSConfig(envOf(map[string]string{"SMS_COUNTRIES": " mm, TH ", "SMS_BUDGET_HOURLY": "10", "SMS_BUDGET_DAILY": "80"}))
	if err != nil || !slices.Equal(cfg.Countries, []string{"MM", "TH"}) || cfg.Budget != (store.SMSBudget{Hourly: 10, Daily: 80}) {
		t.Fatalf("set %+v, %v", cfg, err)
	}
}
