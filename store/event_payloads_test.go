package store_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"

	"topup/internal/contract"
	"topup/store"
)

// The database builds user.updated and order.* (migration 00007): these
// are docs/spec.md §3's shapes, every key and nothing more, with the row's values,
// for every writer of them.
func TestEventPayloads(t *testing.T) {
	ctx := context.Background()
	s := newShop(t)
	admin := s.buyer(0)
	var mlbb int64
	if err := s.db.SQL().Get(&mlbb, `SELECT p.id FROM products p JOIN games g ON g.id = p.game_id
		WHERE g.slug = 'mobile-legends' ORDER BY p.id LIMIT 1`); err != nil {
		t.Fatal(err)
	}

	userKeys := []string{"ban_reason", "created_at", "deletion_requested_at", "email", "id", "is_admin", "is_banned", "locale",
		"phone_number", "username", "wallet_amount"}
	orderKeys := []string{"created_at", "game_uid", "id", "payment_status", "price", "product", "product_kind",
		"server_id", "service_charge", "total_price", "updated_at", "user_id"}
	// The wire contract describes these payloads: its types must name the
	// same keys the database writes.
	if keys := contractKeys(t, contract.User{}); !slices.Equal(keys, userKeys) {
		t.Fatalf("contract.User keys %v, want %v", keys, userKeys)
	}
	if keys := contractKeys(t, contract.OrderSummary{}); !slices.Equal(keys, orderKeys) {
		t.Fatalf("contract.OrderSummary keys %v, want %v", keys, orderKeys)
	}

	// checkUser compares a user.updated payload with the user's row.
	checkUser := func(t *testing.T, e store.OutboxEvent, updateType string, userID int64) {
		t.Helper()
		u, err := s.db.UserByID(ctx, userID)
		if err != nil {
			t.Fatal(err)
		}
		var got struct {
			UpdateType string                     `json:"updateType"`
			User       map[string]json.RawMessage `json:"user"`
		}
		decode(t, e.Payload, &got)
		if got.UpdateType != updateType || !slices.Equal(e.Channels, []string{store.UserChannel(userID)}) {
			t.Fatalf("user.updated %s on %v", e.Payload, e.Channels)
		}
		if keys := sortedKeys(got.User); !slices.Equal(keys, userKeys) {
			t.Fatalf("user keys %v, want %v", keys, userKeys)
		}
		want := map[string]any{"id": u.ID, "username": u.Username, "phone_number": u.Phone, "wallet_amount": u.WalletAmount,
			"is_admin": u.IsAdmin, "is_banned": u.IsBanned, "email": u.Email,
			"ban_reason": u.BanReason, "locale": u.Locale}
		for k, v := range want {
			if w, _ := json.Marshal(v); string(got.User[k]) != string(w) {
				t.Errorf("user %s = %s, want %s", k, got.User[k], w)
			}
		}
		sameTime(t, got.User["created_at"], u.CreatedAt)
	}

	// checkOrder compares an order event with the order's row.
	checkOrder := func(t *testing.T, e store.OutboxEvent, event string, channels []string, orderID int64) {
		t.Helper()
		var o store.Order
		if err := s.db.SQL().Get(&o, `SELECT id, user_id, product_id, product_name, product_kind, service_name, game_name,
			price, service_charge, total_price, game_uid, server_id, status, idempotency_key, meta,
			fail_reason, completed_at, created_at, updated_at FROM orders WHERE id = $1`, orderID); err != nil {
			t.Fatal(err)
		}
		var got struct {
			Order map[string]json.RawMessage `json:"order"`
		}
		decode(t, e.Payload, &got)
		if e.Event != event || !slices.Equal(e.Channels, channels) {
			t.Fatalf("%s on %v, want %s on %v", e.Event, e.Channels, event, channels)
		}
		if keys := sortedKeys(got.Order); !slices.Equal(keys, orderKeys) {
			t.Fatalf("order keys %v, want %v", keys, orderKeys)
		}
		want := map[string]any{"id": o.ID, "user_id": o.UserID, "product_kind": o.ProductKind, "price": o.Price,
			"service_charge": o.ServiceCharge, "total_price": o.TotalPrice, "payment_status": o.Status,
			"game_uid": o.GameUID, "server_id": o.ServerID,
			"product": map[string]any{"id": o.ProductID, "name": o.ProductName, "service": map[string]any{"name": o.ServiceName}}}
		for k, v := range want {
			var gv, wv any
			w, _ := json.Marshal(v)
			_ = json.Unmarshal(w, &wv)
			_ = json.Unmarshal(got.Order[k], &gv)
			if g, w := mustJSON(t, gv), mustJSON(t, wv); g != w {
				t.Errorf("order %s = %s, want %s", k, g, w)
			}
		}
		sameTime(t, got.Order["created_at"], o.CreatedAt)
		sameTime(t, got.Order["updated_at"], o.UpdatedAt)
	}

	t.Run("coin purchase", func(t *testing.T) {
		u := s.buyer(100000)
		events := s.eventsOf(func() {
			if _, _, err := s.db.PlaceOrder(ctx, u.ID, mlbb, "၁၂၃45", " 2001 ", ""); err != nil {
				t.Fatal(err)
			}
		})
		names := eventNames(events)
		if !slices.Equal(names, []string{store.EventUserUpdated, store.EventOrderUpdated, store.EventOrderCreated}) {
			t.Fatalf("events %v", names)
		}
		checkUser(t, events[0], contract.UpdateWallet, u.ID)
		o := orderID(t, events[1])
		checkOrder(t, events[1], store.EventOrderUpdated, []string{store.UserChannel(u.ID)}, o)
		checkOrder(t, events[2], store.EventOrderCreated, []string{store.ChannelAdmins}, o)
		// Burmese digits and spaces are stored, and announced, as ASCII.
		if got := orderFields(t, events[1]); got != (orderSummary{"12345", "2001", store.OrderPending}) {
			t.Fatalf("coin order %+v", got)
		}
	})
	t.Run("code purchase is announced completed", func(t *testing.T) {
		u := s.buyer(100000)
		p := s.product("valorant-points-1000")
		events := s.eventsOf(func() {
			if _, _, err := s.db.PlaceOrder(ctx, u.ID, p.ID, "", "", ""); err != nil {
				t.Fatal(err)
			}
		})
		for _, e := range events {
			if e.Event == store.EventOrderUpdated {
				checkOrder(t, e, store.EventOrderUpdated, []string{store.UserChannel(u.ID)}, orderID(t, e))
				if got := orderFields(t, e); got != (orderSummary{"", "", store.OrderCompleted}) {
					t.Fatalf("code order %+v", got)
				}
				return
			}
		}
		t.Fatalf("no order.updated in %v", eventNames(events))
	})
	t.Run("failed order refunds and announces", func(t *testing.T) {
		u := s.buyer(100000)
		o, _, err := s.db.PlaceOrder(ctx, u.ID, mlbb, "777", "8", "")
		if err != nil {
			t.Fatal(err)
		}
		events := s.eventsOf(func() {
			if _, err := s.db.FailOrder(ctx, o.ID, admin.ID, "wrong server"); err != nil {
				t.Fatal(err)
			}
		})
		byName := map[string]store.OutboxEvent{}
		for _, e := range events {
			byName[e.Event] = e
		}
		checkUser(t, byName[store.EventUserUpdated], contract.UpdateWallet, u.ID)
		checkOrder(t, byName[store.EventOrderUpdated], store.EventOrderUpdated,
			[]string{store.UserChannel(u.ID), store.ChannelAdmins}, o.ID)
	})
	t.Run("ban", func(t *testing.T) {
		u := s.buyer(0)
		events := s.eventsOf(func() {
			if _, _, err := s.db.BanUser(ctx, store.Actor{ID: admin.ID}, u.ID, "chargeback fraud"); err != nil {
				t.Fatal(err)
			}
		})
		// The ban is announced, then the user's sockets are closed.
		if names := eventNames(events); !slices.Equal(names, []string{store.EventUserUpdated, store.EventTerminateConnections}) {
			t.Fatalf("events %v", names)
		}
		checkUser(t, events[0], contract.UpdateBan, u.ID)
		if got, want := string(events[1].Payload), fmt.Sprintf(`{"user_id": "%d"}`, u.ID); got != want {
			t.Fatalf("terminate payload %s, want %s", got, want)
		}
	})
}

// contractKeys are the JSON keys of a contract type, sorted.
func contractKeys(t *testing.T, v any) []string {
	t.Helper()
	var m map[string]json.RawMessage
	decode(t, []byte(mustJSON(t, v)), &m)
	return sortedKeys(m)
}

// eventsOf runs fn and returns the events it queued, in outbox order.
func (s *shop) eventsOf(fn func()) []store.OutboxEvent {
	s.t.Helper()
	s.db.SQL().MustExec(`UPDATE outbox SET sent_at = now() WHERE sent_at IS NULL`)
	fn()
	events, err := s.db.ClaimOutbox(context.Background(), store.LaneLive, 100, 0)
	if err != nil {
		s.t.Fatal(err)
	}
	return events
}

func eventNames(events []store.OutboxEvent) []string {
	var names []string
	for _, e := range events {
		names = append(names, e.Event)
	}
	return names
}

// orderSummary is what an order event says about game info and status.
type orderSummary struct {
	GameUID  string `json:"game_uid"`
	ServerID string `json:"server_id"`
	Status   string `json:"payment_status"`
}

func orderFields(t *testing.T, e store.OutboxEvent) orderSummary {
	t.Helper()
	var v struct {
		Order orderSummary `json:"order"`
	}
	decode(t, e.Payload, &v)
	return v.Order
}

func orderID(t *testing.T, e store.OutboxEvent) int64 {
	t.Helper()
	var v struct {
		Order struct {
			ID int64 `json:"id"`
		} `json:"order"`
	}
	decode(t, e.Payload, &v)
	return v.Order.ID
}

// sameTime checks that a payload's time is RFC 3339 in UTC ("Z", as the
// REST API writes times) and the row's instant to the microsecond.
func sameTime(t *testing.T, raw json.RawMessage, want time.Time) {
	t.Helper()
	var s string
	decode(t, raw, &s)
	got, err := time.Parse(time.RFC3339Nano, s)
	if err != nil || s[len(s)-1] != 'Z' {
		t.Fatalf("time %s: %v", raw, err)
	}
	if !got.Equal(want.Truncate(time.Microsecond)) {
		t.Fatalf("time %s, want %s", s, want)
	}
}

func decode(t *testing.T, raw []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func sortedKeys(m map[string]json.RawMessage) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
