package store_test

import (
	"context"
	"testing"
)

func TestBannerAndPaymentMethods(t *testing.T) {
	ctx := context.Background()
	s := newShop(t)
	b, ok, err := s.db.ActiveBanner(ctx)
	if err != nil || !ok || b.Title == "" {
		t.Fatalf("%+v %v %v", b, ok, err)
	}
	s.db.SQL().MustExec(`UPDATE banners SET ends_at = now() - interval '1 minute', starts_at = now() - interval '1 day'`)
	if _, ok, err := s.db.ActiveBanner(ctx); ok || err != nil {
		t.Fatalf("expired banner shown: %v %v", ok, err)
	}
	methods, err := s.db.PaymentMethods(ctx)
	if err != nil || len(methods) != 2 || methods[0].Name != "KBZPay" || methods[0].HolderName == "" {
		t.Fatalf("%+v %v", methods, err)
	}
}
