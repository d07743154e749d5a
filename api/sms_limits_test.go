package api_test

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"topup/api"
	"topup/store"
)

// SMS bombing: twenty requests at once for one number, each from its own
// address, text it once (the gap between codes), never more than the
// phone's hourly cap of 3.
func TestOTPSendParallelForOnePhone(t *testing.T) {
	h := newAuthHarness(t)
	h.user(t, "Aung", "09791234567", "password1", false)
	var wg sync.WaitGroup
	statuses := make([]int, 20)
	for i := range statuses {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses[i] = h.sendCode(t, resetPhone, fmt.Sprintf("10.40.0.%d", i)).status
		}()
	}
	wg.Wait()
	h.sms.mu.Lock()
	sent := len(h.sms.sent)
	h.sms.mu.Unlock()
	if sent != 1 {
		t.Fatalf("%d texts for 20 parallel requests (statuses %v), want 1", sent, statuses)
	}
	for _, st := range statuses {
		if st != 200 && st != 429 {
			t.Fatalf("statuses %v", statuses)
		}
	}
}

// SMS pumping: numbers outside SMS_COUNTRIES can neither register nor get
// a code, so premium-rate numbers abroad cost the store nothing.
func TestSMSCountries(t *testing.T) {
	h := newAuthHarness(t)
	h.user(t, "Somchai", "+66812345678", "password1", false) // registered before the rule
	r := h.sendCode(t, "+66812345678", "10.41.0.1")
	wantCode(t, r, 422, "phone_country_unsupported", "Phone numbers from this country are not supported.")
	if r.fieldError("phone_number") == "" || len(h.sms.sent) != 0 {
		t.Fatalf("%s; sent %v", r.body, h.sms.sent)
	}
	reg := h.do(t, authReq{method: "POST", path: "/api/register", ip: "10.41.0.2", body: map[string]string{
		"username": "Premium", "phone_number": "+447911123456", "password": "password1", "password_confirmation": "password1"}})
	wantCode(t, reg, 422, "phone_country_unsupported", "Phone numbers from this country are not supported.")

	// An operator serving Thailand too says so.
	th := newAuthHarness(t, func(o *api.Options) { o.SMSCountries = []string{"MM", "TH"} })
	th.user(t, "Somchai", "+66812345678", "password1", false)
	th.sendCode(t, "+66812345678", "10.41.0.3").want(t, 200)
}

// The budget all customers share: once spent, a send is 429
// sms_budget_spent until the next period, logged as an error and counted
// for /metrics; no text goes out.
func TestSMSBudget(t *testing.T) {
	var logs bytes.Buffer
	h := newAuthHarness(t, func(o *api.Options) {
		o.SMSBudget = store.SMSBudget{Hourly: 2, Daily: 3}
		o.Log = zerolog.New(&logs)
	})
	yangon, _ := time.LoadLocation("Asia/Yangon")
	h.clock.now = time.Date(2026, 5, 6, 9, 45, 0, 0, yangon)
	for i := range 4 {
		h.user(t, fmt.Sprintf("b%d", i), fmt.Sprintf("0979300000%d", i), "password1", false)
	}
	h.sendCode(t, "09793000000", "10.42.0.1").want(t, 200)
	h.sendCode(t, "09793000001", "10.42.0.2").want(t, 200)
	r := h.sendCode(t, "09793000002", "10.42.0.3")
	wantCode(t, r, 429, "sms_budget_spent", "We cannot send more codes right now. Please try again later.")
	if ra := r.header.Get("Retry-After"); ra != "900" { // 10:00 in Yangon
		t.Fatalf("Retry-After %q, want 900", ra)
	}
	if n := h.srv.SMSBudgetRefusals(); n != 1 {
		t.Fatalf("refusals counted %d", n)
	}
	if !strings.Contains(logs.String(), `"level":"error"`) || !strings.Contains(logs.String(), "SMS budget spent") {
		t.Fatalf("not logged as an error: %s", logs.String())
	}

	h.clock.Advance(15 * time.Minute)
	h.sendCode(t, "09793000002", "10.42.0.3").want(t, 200)
	r = h.sendCode(t, "09793000003", "10.42.0.4")
	wantCode(t, r, 429, "sms_budget_spent", "We cannot send more codes right now. Please try again later.")
	if ra := r.header.Get("Retry-After"); ra != "50400" { // midnight in Yangon
		t.Fatalf("Retry-After %q, want 50400", ra)
	}
	h.sms.mu.Lock()
	defer h.sms.mu.Unlock()
	if len(h.sms.sent) != 3 {
		t.Fatalf("%d texts sent, want the day's budget of 3", len(h.sms.sent))
	}
}
