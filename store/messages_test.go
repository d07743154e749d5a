package store_test

import (
	"context"
	"errors"
	"testing"

	"topup/store"
)

func TestMessages(t *testing.T) {
	ctx := context.Background()
	s := newShop(t)
	a, b := s.buyer(0), s.buyer(0)
	admin := s.buyer(0)
	m, err := s.db.CreateMessage(ctx, store.NewMessage{UserID: a.ID, Title: "Hello", Body: "Welcome", SenderID: admin.ID})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.CreateMessage(ctx, store.NewMessage{UserID: a.ID, Title: " "}); !errors.Is(err, store.ErrInvalid) {
		t.Fatalf("blank title: %v", err)
	}
	tests := []struct {
		name string
		do   func() error
		want error
	}{
		{"other user cannot mark read", func() error { return s.db.MarkMessageRead(ctx, b.ID, m.ID) }, store.ErrNotFound},
		{"owner marks read", func() error { return s.db.MarkMessageRead(ctx, a.ID, m.ID) }, nil},
		{"marking again is fine", func() error { return s.db.MarkMessageRead(ctx, a.ID, m.ID) }, nil},
		{"other user cannot delete", func() error { return s.db.DeleteMessage(ctx, b.ID, m.ID) }, store.ErrNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.do(); !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
		})
	}
	list, err := s.db.MessagesOfUser(ctx, a.ID)
	if err != nil || len(list) != 1 || !list[0].IsRead || list[0].Title != "Hello" {
		t.Fatalf("%+v %v", list, err)
	}
	if other, _ := s.db.MessagesOfUser(ctx, b.ID); len(other) != 0 {
		t.Fatalf("b sees %+v", other)
	}
	if err := s.db.DeleteMessage(ctx, a.ID, m.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.db.DeleteMessage(ctx, a.ID, m.ID); !errors.Is(err, store.ErrNotFound) {
		t.Fatal(err)
	}
}
