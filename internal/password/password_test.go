package password

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"
)

func TestHashVerify(t *testing.T) {
	h, err := Hash("customer123")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("unexpected encoding %q", h)
	}
	tests := []struct {
		name  string
		plain string
		want  bool
	}{
		{"right", "customer123", true},
		{"wrong", "customer124", false},
		{"empty", "", false},
		{"burmese", "စကားဝှက်", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ok, err := Verify(tt.plain, h)
			if err != nil {
				t.Fatal(err)
			}
			if ok != tt.want {
				t.Fatalf("Verify(%q) = %v, want %v", tt.plain, ok, tt.want)
			}
		})
	}
}

func TestSaltIsRandom(t *testing.T) {
	a, _ := Hash("same")
	b, _ := Hash("same")
	if a == b {
		t.Fatal("two hashes of the same password are equal")
	}
}

func TestVerifyMalformed(t *testing.T) {
	for _, h := range []string{"", "plain", "$argon2id$v=19$m=1$x$y", "$2a$10$abcdefghijklmnopqrstuv"} {
		if ok, err := Verify("x", h); ok || err == nil {
			t.Errorf("Verify(%q) = %v, %v; want false and an error", h, ok, err)
		}
	}
}

func TestNeedsRehash(t *testing.T) {
	h, _ := Hash("x")
	if NeedsRehash(h) {
		t.Error("fresh hash needs rehash")
	}
	old := strings.Replace(h, "m=19456", "m=65536", 1)
	if !NeedsRehash(old) {
		t.Error("hash with other params does not need rehash")
	}
	if !NeedsRehash("garbage") {
		t.Error("garbage does not need rehash")
	}
}

func TestDummy(t *testing.T) {
	if ok, err := Verify("anything", Dummy()); ok || err != nil {
		t.Fatalf("Verify(dummy) = %v, %v", ok, err)
	}
}

func BenchmarkHash(b *testing.B) {
	for b.Loop() {
		if _, err := Hash("customer123"); err != nil {
			b.Fatal(err)
		}
	}
}

func TestSlotsBoundConcurrency(t *testing.T) {
	ctx := context.Background()
	s := NewSlots(1, 20*time.Millisecond)
	s.sem <- struct{}{} // a hash that does not end
	if _, err := s.Hash(ctx, "pw"); !errors.Is(err, ErrBusy) {
		t.Fatalf("Hash with every slot taken: %v, want ErrBusy", err)
	}
	if _, err := s.Verify(ctx, "pw", Dummy()); !errors.Is(err, ErrBusy) {
		t.Fatalf("Verify with every slot taken: %v, want ErrBusy", err)
	}
	if s.Refused() != 2 || s.Runs() != 0 || s.InUse() != 1 {
		t.Fatalf("refused %d, runs %d, in use %d", s.Refused(), s.Runs(), s.InUse())
	}
	// A slot that frees within the wait is taken.
	go func() { time.Sleep(5 * time.Millisecond); s.release() }()
	s.wait = time.Second
	h, err := s.Hash(ctx, "pw")
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := s.Verify(ctx, "pw", h); !ok || err != nil {
		t.Fatalf("Verify = %v, %v", ok, err)
	}
	if s.Runs() != 2 || s.InUse() != 0 {
		t.Fatalf("runs %d, in use %d", s.Runs(), s.InUse())
	}
	if n := cap(NewSlots(0, 0).sem); n != runtime.NumCPU() {
		t.Fatalf("default slots %d, want one per CPU (%d)", n, runtime.NumCPU())
	}
}
