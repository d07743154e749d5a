package store_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"topup/store"
	"topup/store/storetest"
)

// Ban is a compare-and-set that ends every session in its transaction.
func TestBanUser(t *testing.T) {
	ctx := context.Background()
	db := storetest.New(t)
	admin := newUser(t, db, "09420000093")
	alice := newUser(t, db, "09420000094")
	a := store.Actor{ID: admin.ID}
	for i := 0; i < 3; i++ {
		if _, err := db.CreateToken(ctx, alice.ID, adminTokenHash(byte(i)), "t", time.Now(), time.Now().Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	results := make([]error, 4)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _, results[i] = db.BanUser(ctx, a, alice.ID, "spam")
		}()
	}
	wg.Wait()
	won := 0
	for _, err := range results {
		switch {
		case err == nil:
			won++
		case !errors.Is(err, store.ErrInvalidState):
			t.Fatalf("ban = %v", err)
		}
	}
	if won != 1 {
		t.Fatalf("%d bans won", won)
	}
	var live, entries, events int
	_ = db.SQL().Get(&live, `SELECT count(*) FROM api_tokens WHERE user_id = $1 AND revoked_at IS NULL`, alice.ID)
	_ = db.SQL().Get(&entries, `SELECT count(*) FROM audit_log WHERE action = 'user.ban'`)
	_ = db.SQL().Get(&events, `SELECT count(*) FROM outbox WHERE event = 'user.updated' AND payload->>'updateType' = 'ban'`)
	if live != 0 || entries != 1 || events != 1 {
		t.Fatalf("live tokens %d, entries %d, events %d", live, entries, events)
	}
	if _, _, err := db.BanUser(ctx, a, admin.ID, "me"); !errors.Is(err, store.ErrSelfBan) {
		t.Fatalf("self-ban = %v", err)
	}
	if _, err := db.UnbanUser(ctx, a, alice.ID, ""); !errors.Is(err, store.ErrInvalid) {
		t.Fatalf("unban without reason = %v", err)
	}
	u, err := db.UnbanUser(ctx, a, alice.ID, "appeal")
	if err != nil || u.IsBanned || u.BanReason != nil {
		t.Fatalf("unban = %+v, %v", u, err)
	}
}

func adminTokenHash(b byte) []byte {
	h := make([]byte, 32)
	h[0], h[31] = 0xad, b
	return h
}
