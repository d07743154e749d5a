package contract_test

import (
	"encoding/json"
	"testing"
	"time"

	"topup/internal/contract"
)

// The events' bytes are what connected clients already parse: these are
// the payloads as they were before the contract package held their types.
func TestEventBytes(t *testing.T) {
	at := time.Date(2026, 5, 1, 9, 30, 0, 0, time.UTC)
	reason, order := "wrong amount", int64(7)
	tests := []struct {
		name string
		v    any
		want string
	}{
		{"topup event", contract.TopupEvent{Topup: contract.Topup{ID: 1, UserID: 2, Amount: 5000, VerificationAmount: 13,
			Total: 5013, PaymentMethod: "KBZPay", Status: "rejected", RejectReason: &reason, CreatedAt: at, DecidedAt: &at}},
			`{"topup":{"id":1,"user_id":2,"amount":5000,"verification_amount":13,"total":5013,"payment_method":"KBZPay",` +
				`"status":"rejected","reject_reason":"wrong amount","created_at":"2026-05-01T09:30:00Z","decided_at":"2026-05-01T09:30:00Z"}}`},
		{"topup as its owner reads it", contract.Topup{ID: 1, Amount: 5000, VerificationAmount: 13, Total: 5013,
			PaymentMethod: "KBZPay", Status: "pending", CreatedAt: at},
			`{"id":1,"amount":5000,"verification_amount":13,"total":5013,"payment_method":"KBZPay",` +
				`"status":"pending","reject_reason":null,"created_at":"2026-05-01T09:30:00Z","decided_at":null}`},
		{"message sent, with a product", contract.Message{ID: 3, Title: "ABCD-1234", Body: "Your code", UserID: 2, CreatedAt: at,
			OrderID: &order, Product: &contract.OrderProduct{ID: 9, Name: "Steam 10", Service: contract.ServiceName{Name: "Code"}}}.Sent(),
			`{"id":3,"title":"ABCD-1234","body":"Your code","user_id":2,"created_at":"2026-05-01T09:30:00Z","is_read":false,` +
				`"product":{"id":9,"name":"Steam 10","service":{"name":"Code"}}}`},
		{"message sent, without", contract.Message{ID: 3, Title: "Hi", Body: "b", UserID: 2, CreatedAt: at}.Sent(),
			`{"id":3,"title":"Hi","body":"b","user_id":2,"created_at":"2026-05-01T09:30:00Z","is_read":false}`},
		{"message as the inbox reads it", contract.Message{ID: 3, Title: "Hi", Body: "b", UserID: 2, CreatedAt: at},
			`{"id":3,"title":"Hi","body":"b","user_id":2,"created_at":"2026-05-01T09:30:00Z","is_read":false,"order_id":null,"product":null}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := json.Marshal(tt.v)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Fatalf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}
