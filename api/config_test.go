package api_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"topup/api"
)

// The support channels the shop configured reach the app through
// /api/config; one it did not configure is absent, so the app shows no
// link that leads nowhere.
func TestPublicConfigSupport(t *testing.T) {
	h := newAuthHarness(t, func(o *api.Options) {
		o.Public.Support = api.Support{
			Telegram: "https://t.me/shwetopup", Phone: "+959791234567",
			Viber: "viber://chat?number=%2B959791234567", Hours: "9:00–23:00", DeliveryMinutes: 10,
		}
	})
	r := h.do(t, authReq{method: "GET", path: "/api/config"}).want(t, 200)
	var body struct {
		Data struct {
			Support map[string]any `json:"support"`
		} `json:"data"`
	}
	if err := json.Unmarshal([]byte(r.body), &body); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"telegram": "https://t.me/shwetopup", "phone": "+959791234567",
		"viber": "viber://chat?number=%2B959791234567", "hours": "9:00–23:00", "delivery_minutes": float64(10),
	}
	if !reflect.DeepEqual(body.Data.Support, want) {
		t.Fatalf("support = %v, want %v (no facebook, no tiktok)", body.Data.Support, want)
	}
}
