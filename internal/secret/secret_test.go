package secret

import (
	"bytes"
	"encoding/base64"
	"errors"
	"strings"
	"testing"
)

const testKey = "test-app-key-0123456789abcdef-0123456789"

func TestRoundTrip(t *testing.T) {
	box, err := New(testKey)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		plain []byte
	}{
		{"empty", []byte{}},
		{"ascii", []byte("hunter2")},
		{"burmese", []byte("စကားဝှက် ၁၂၃")},
		{"binary", []byte{0, 1, 2, 255}},
		{"large", bytes.Repeat([]byte("x"), 1<<16)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sealed := box.Seal(tt.plain)
			if sealed[0] != 1 {
				t.Fatalf("version byte %d", sealed[0])
			}
			if len(tt.plain) > 3 && bytes.Contains(sealed, tt.plain) {
				t.Fatal("plaintext visible in sealed value")
			}
			got, err := box.Open(sealed)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, tt.plain) {
				t.Fatalf("got %q", got)
			}
		})
	}
}

func TestSealIsRandomized(t *testing.T) {
	box, _ := New(testKey)
	if bytes.Equal(box.Seal([]byte("a")), box.Seal([]byte("a"))) {
		t.Fatal("two seals of the same value are equal")
	}
}

func TestOpenRejects(t *testing.T) {
	box, _ := New(testKey)
	other, _ := New(testKey + "-other")
	good := box.Seal([]byte("secret"))
	flip := func(i int) []byte {
		b := bytes.Clone(good)
		b[i] ^= 1
		return b
	}
	tests := []struct {
		name   string
		sealed []byte
	}{
		{"nil", nil},
		{"short", good[:10]},
		{"version", flip(0)},
		{"nonce", flip(3)},
		{"ciphertext", flip(len(good) - 1)},
		{"other key", other.Seal([]byte("secret"))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := box.Open(tt.sealed); !errors.Is(err, ErrOpen) {
				t.Fatalf("err = %v, want ErrOpen", err)
			}
		})
	}
}

func TestNewKeys(t *testing.T) {
	raw := strings.Repeat("k", 32)
	b64 := "base64:" + base64.StdEncoding.EncodeToString([]byte(raw))
	tests := []struct {
		name    string
		key     string
		wantErr bool
	}{
		{"raw", raw, false},
		{"base64", b64, false},
		{"empty", "", true},
		{"short", "short-key", true},
		{"bad base64", "base64:!!!", true},
		{"short base64", "base64:" + base64.StdEncoding.EncodeToString([]byte("abc")), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := New(tt.key)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v", err)
			}
		})
	}
	// The raw and base64 forms of the same bytes are the same key.
	a, _ := New(raw)
	b, _ := New(b64)
	if _, err := b.Open(a.Seal([]byte("x"))); err != nil {
		t.Fatal("base64 and raw forms of one key differ")
	}
}

func TestHash(t *testing.T) {
	a, _ := New(testKey)
	b, _ := New(testKey + "-other")
	if !bytes.Equal(a.Hash([]byte("CODE-1")), a.Hash([]byte("CODE-1"))) {
		t.Fatal("hash not deterministic")
	}
	if bytes.Equal(a.Hash([]byte("CODE-1")), a.Hash([]byte("CODE-2"))) {
		t.Fatal("different values hash equal")
	}
	if bytes.Equal(a.Hash([]byte("CODE-1")), b.Hash([]byte("CODE-1"))) {
		t.Fatal("hash does not depend on the key")
	}
	if len(a.Hash(nil)) != 32 {
		t.Fatal("hash length")
	}
}
