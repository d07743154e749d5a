package store_test

import (
	"context"
	"strings"
	"testing"

	"topup/store"
	"topup/store/storetest"
)

// A balance change the customer did not make tells them so, with the
// reason, in the same transaction as the money.
func TestAdjustmentSendsAMessage(t *testing.T) {
	ctx := context.Background()
	db := storetest.New(t)
	u := newUser(t, db, "09791112244")
	admin := newUser(t, db, "09791112255")
	if _, err := db.AdjustWallet(ctx, u.ID, 2500, admin.ID, "Goodwill for the late delivery", "adj-msg-1"); err != nil {
		t.Fatal(err)
	}
	if _, err := db.AdjustWallet(ctx, u.ID, -500, admin.ID, "Double credit corrected", "adj-msg-2"); err != nil {
		t.Fatal(err)
	}
	list, err := db.MessagesOfUser(ctx, u.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 || list[0].SenderID == nil || *list[0].SenderID != admin.ID {
		t.Fatalf("%d messages (%+v), want one per adjustment from the admin", len(list), list)
	}
	for i, want := range []string{"500 Ks was taken from your wallet: Double credit corrected", "2,500 Ks was added to your wallet: Goodwill for the late delivery"} {
		if !strings.Contains(list[i].Body, want) {
			t.Errorf("message %d: %q, want %q in it", i, list[i].Title+" / "+list[i].Body, want)
		}
	}
	var events int
	if err := db.SQL().Get(&events, `SELECT count(*) FROM outbox WHERE event = 'user.message.sent' AND $1 = ANY(channels)`, store.UserChannel(u.ID)); err != nil {
		t.Fatal(err)
	}
	if events != 2 {
		t.Fatalf("%d live message events, want 2", events)
	}
	// A retried adjustment (same reference) sends nothing more.
	if _, err := db.AdjustWallet(ctx, u.ID, 2500, admin.ID, "Goodwill for the late delivery", "adj-msg-1"); err == nil {
		t.Fatal("a repeated reference was posted again")
	}
	if list, _ := db.MessagesOfUser(ctx, u.ID); len(list) != 2 {
		t.Fatalf("%d messages after a refused retry", len(list))
	}
}
