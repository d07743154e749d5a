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
			Total: 5013, PaymentMethod: "KBZPay", Status: "rejected", ReceiptID: 8, RejectReason: &reason, CreatedAt: at, DecidedAt: &at}},
			`{"topup":{"id":1,"user_id":2,"amount":5000,"verification_amount":13,"total":5013,"payment_method":"KBZPay",` +
				`"status":"rejected","receipt_id":8,"reject_reason":"wrong amount","created_at":"2026-05-01T09:30:00Z","decided_at":"2026-05-01T09:30:00Z"}}`},
		{"topup as its owner reads it", contract.Topup{ID: 1, Amount: 5000, VerificationAmount: 13, Total: 5013,
			PaymentMethod: "KBZPay", Status: "pending", ReceiptID: 8, CreatedAt: at},
			`{"id":1,"amount":5000,"verification_amount":13,"total":5013,"payment_method":"KBZPay",` +
				`"status":"pending","receipt_id":8,"reject_reason":null,"created_at":"2026-05-01T09:30:00Z","decided_at":null}`},
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

// The types that replaced maps write the bytes the maps wrote (a map's
// keys come out sorted).
func TestMapsReplacedKeepTheirBytes(t *testing.T) {
	at := time.Date(2026, 5, 1, 9, 30, 0, 0, time.UTC)
	id, status := int64(4), "pending"
	tests := []struct {
		name string
		v    any
		was  map[string]any
	}{
		{"admin review", contract.AdminReview{ID: 1, UserID: 2, Username: "mya", OrderID: 3, ProductID: &id,
			ProductName: "Steam 10", Rating: 5, Comment: "fast", IsVisible: true, CreatedAt: at},
			map[string]any{"id": 1, "user_id": 2, "username": "mya", "order_id": 3, "product_id": &id,
				"product_name": "Steam 10", "rating": 5, "comment": "fast", "is_visible": true, "created_at": at}},
		{"code stock", contract.CodeStock{ProductID: 1, ProductName: "Steam 10", Available: 3, Sold: 2, Total: 5,
			LowStock: true, Threshold: 5},
			map[string]any{"product_id": 1, "product_name": "Steam 10", "available": 3, "sold": 2, "total": 5,
				"low_stock": true, "threshold": 5}},
		{"receipt duplicate", contract.ReceiptDuplicate{UploadID: 1, UserID: 2, Username: "mya", TopupID: &id,
			TopupStatus: &status, CreatedAt: at},
			map[string]any{"upload_id": 1, "user_id": 2, "username": "mya", "topup_id": &id, "topup_status": &status,
				"created_at": at}},
		{"ledger mismatch", contract.LedgerMismatch{UserID: 1, WalletAmount: 2, LedgerSum: 3, LastBalance: 4, Entries: 5},
			map[string]any{"user_id": 1, "wallet_amount": 2, "ledger_sum": 3, "last_balance": 4, "entries": 5}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := json.Marshal(tt.v)
			if err != nil {
				t.Fatal(err)
			}
			want, err := json.Marshal(tt.was)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != string(want) {
				t.Fatalf("got  %s\nwant %s", got, want)
			}
		})
	}
}
