package api

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

func testMAC(key string) quoteMAC {
	return func(b []byte) []byte {
		m := hmac.New(sha256.New, []byte(key))
		m.Write(b)
		return m.Sum(nil)
	}
}

func TestParseTopupAmount(t *testing.T) {
	tests := []struct {
		raw  string
		want int64
		err  error
	}{
		{"2000", 2000, nil},
		{"1999", 0, errAmountTooSmall},
		{"2000.5", 0, errAmountNotWhole},
		{"2000.0", 0, errAmountNotWhole},
		{"-5000", 0, errAmountNotWhole},
		{"+5000", 0, errAmountNotWhole},
		{"2e3", 0, errAmountNotWhole},
		{" 2000", 0, errAmountNotWhole},
		{"", 0, errAmountNotWhole},
		{"9223372036854775808", 0, errAmountTooLarge}, // 2^63
		{"9223372036854775807", 0, errAmountTooLarge},
		{"5000000", 5000000, nil},
		{"5000001", 0, errAmountTooLarge},
		{"0002000", 2000, nil},
		{"၂၀၀၀", 0, errAmountNotWhole},
	}
	for _, tt := range tests {
		t.Run(tt.raw, func(t *testing.T) {
			got, err := parseTopupAmount(tt.raw)
			if !errors.Is(err, tt.err) || got != tt.want {
				t.Fatalf("parseTopupAmount(%q) = %d, %v; want %d, %v", tt.raw, got, err, tt.want, tt.err)
			}
		})
	}
}

func TestVerificationAmountRanges(t *testing.T) {
	tests := []struct {
		amount, lo, hi int64
	}{{2000, 1, 500}, {99_999, 1, 500}, {100_000, 500, 1000}, {5_000_000, 500, 1000}}
	for _, tt := range tests {
		seen := map[int64]bool{}
		for range 300 {
			v, ok, err := verificationAmount(tt.amount, nil)
			if err != nil || !ok || v < tt.lo || v > tt.hi {
				t.Fatalf("verificationAmount(%d) = %d, %v, %v; want %d..%d", tt.amount, v, ok, err, tt.lo, tt.hi)
			}
			seen[v] = true
		}
		if len(seen) < 50 {
			t.Errorf("verificationAmount(%d) took only %d distinct values in 300 draws", tt.amount, len(seen))
		}
	}
}

func TestVerificationAmountAvoidsTakenTotals(t *testing.T) {
	var taken []int64
	for v := int64(1); v <= 500; v++ {
		if v != 77 && v != 300 {
			taken = append(taken, 2000+v)
		}
	}
	seen := map[int64]bool{}
	for range 200 {
		v, ok, err := verificationAmount(2000, taken)
		if err != nil || !ok || (v != 77 && v != 300) {
			t.Fatalf("verificationAmount = %d, %v, %v; want 77 or 300, the only free ones", v, ok, err)
		}
		seen[v] = true
	}
	if len(seen) != 2 {
		t.Fatalf("only %v drawn", seen)
	}
	if _, ok, err := verificationAmount(2000, append(taken, 2077, 2300)); ok || err != nil {
		t.Fatalf("every total taken: ok %v, %v; want not ok", ok, err)
	}
}

func TestQuoteSignAndParse(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	mac := testMAC("k1")
	q := topupQuote{UserID: 7, Amount: 5000, Verification: 123, Expires: now.Add(quoteTTL), Nonce: newQuoteNonce()}
	token := q.sign(mac)

	got, err := parseQuote(mac, token, now)
	if err != nil || got.UserID != 7 || got.Amount != 5000 || got.Verification != 123 || got.Total() != 5123 || got.Nonce != q.Nonce {
		t.Fatalf("parseQuote = %+v, %v", got, err)
	}
	if other := (topupQuote{UserID: 7, Amount: 5000, Verification: 123, Expires: q.Expires, Nonce: newQuoteNonce()}); other.sign(mac) == token {
		t.Fatal("two quotes for the same total are the same token")
	}
	tampered := strings.Replace(token, ".5000.", ".9000.", 1)
	// A v1 quote (no nonce) signed with the right key: from before quotes
	// were single-use, so it is refused.
	v1 := fmt.Sprintf("v1.7.5000.123.%d", q.Expires.Unix())
	v1 += "." + hex.EncodeToString(mac([]byte("topup-quote:"+v1)))
	short := fmt.Sprintf("v2.7.5000.123.%d.abcd", q.Expires.Unix())
	short += "." + hex.EncodeToString(mac([]byte("topup-quote:"+short)))
	tests := []struct {
		name  string
		mac   quoteMAC
		token string
		now   time.Time
		want  error
	}{
		{"expired", mac, token, now.Add(quoteTTL), errQuoteExpired},
		{"amount changed", mac, tampered, now, errQuoteInvalid},
		{"other key", testMAC("k2"), token, now, errQuoteInvalid},
		{"garbage", mac, "hello", now, errQuoteInvalid},
		{"empty", mac, "", now, errQuoteInvalid},
		{"signature not hex", mac, q.payload() + ".zz", now, errQuoteInvalid},
		{"v1 without a nonce", mac, v1, now, errQuoteInvalid},
		{"short nonce", mac, short, now, errQuoteInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := parseQuote(tt.mac, tt.token, tt.now); !errors.Is(err, tt.want) {
				t.Fatalf("parseQuote = %v, want %v", err, tt.want)
			}
		})
	}
}
