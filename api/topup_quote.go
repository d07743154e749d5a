package api

import (
	"crypto/hmac"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"time"
)

// Top-up rules (SPEC §5, §9). The maximum is ours: no single transfer to a
// mobile wallet is this large, so anything above is a typo, and it keeps
// every sum far from overflowing.
const (
	MinTopup = 2000
	MaxTopup = 5_000_000
	// A quote is good for this long: enough to open the banking app, make
	// the transfer and upload the receipt.
	quoteTTL = 30 * time.Minute
	// verificationSplit is where T's range changes (SPEC §9).
	verificationSplit = 100_000
)

var (
	errAmountNotWhole = errors.New("amount must be a whole number of kyat")
	errAmountTooSmall = errors.New("Minimum top-up amount is 2000Ks")
	errAmountTooLarge = fmt.Errorf("Maximum top-up amount is %dKs", MaxTopup)
	errQuoteInvalid   = errors.New("this top-up quote is not valid; please start the top-up again")
	errQuoteExpired   = errors.New("this top-up quote has expired; please start the top-up again")
)

// parseTopupAmount reads an amount as the customer sent it: digits only
// (no sign, decimal point, exponent or spaces), then the limits.
func parseTopupAmount(raw string) (int64, error) {
	if raw == "" || strings.TrimLeft(raw, "0123456789") != "" {
		return 0, errAmountNotWhole
	}
	n, err := strconv.ParseInt(raw, 10, 64)
	if err != nil { // only digits, so it overflowed
		return 0, errAmountTooLarge
	}
	return checkTopupAmount(n)
}

func checkTopupAmount(n int64) (int64, error) {
	switch {
	case n < MinTopup:
		return 0, errAmountTooSmall
	case n > MaxTopup:
		return 0, errAmountTooLarge
	}
	return n, nil
}

// verificationAmount picks T at random, so a forged receipt cannot guess
// the exact total: 1–500 Ks under 100,000 Ks, else 500–1,000 Ks (SPEC §9).
func verificationAmount(amount int64) (int64, error) {
	lo, hi := int64(1), int64(500)
	if amount >= verificationSplit {
		lo, hi = 500, 1000
	}
	n, err := rand.Int(rand.Reader, big.NewInt(hi-lo+1))
	if err != nil {
		return 0, fmt.Errorf("verification amount: %w", err)
	}
	return lo + n.Int64(), nil
}

// topupQuote is what the server promised one customer: transfer
// Amount + Verification before Expires.
type topupQuote struct {
	UserID       int64
	Amount       int64
	Verification int64
	Expires      time.Time
}

func (q topupQuote) Total() int64 { return q.Amount + q.Verification }

// quoteMAC is a keyed hash (secret.Box.Hash: HMAC with a key from APP_KEY).
type quoteMAC func([]byte) []byte

func (q topupQuote) payload() string {
	return fmt.Sprintf("v1.%d.%d.%d.%d", q.UserID, q.Amount, q.Verification, q.Expires.Unix())
}

// sign renders the quote as an opaque token: its fields, then their MAC.
func (q topupQuote) sign(mac quoteMAC) string {
	p := q.payload()
	return p + "." + hex.EncodeToString(mac([]byte("topup-quote:"+p)))
}

// parseQuote checks a token's MAC and expiry and returns what it promised.
func parseQuote(mac quoteMAC, token string, now time.Time) (topupQuote, error) {
	i := strings.LastIndexByte(token, '.')
	if i < 0 || len(token) > 200 {
		return topupQuote{}, errQuoteInvalid
	}
	payload, sig := token[:i], token[i+1:]
	got, err := hex.DecodeString(sig)
	if err != nil || !hmac.Equal(got, mac([]byte("topup-quote:"+payload))) {
		return topupQuote{}, errQuoteInvalid
	}
	var q topupQuote
	var exp int64
	if _, err := fmt.Sscanf(payload, "v1.%d.%d.%d.%d", &q.UserID, &q.Amount, &q.Verification, &exp); err != nil {
		return topupQuote{}, errQuoteInvalid
	}
	q.Expires = time.Unix(exp, 0)
	if !now.Before(q.Expires) {
		return topupQuote{}, errQuoteExpired
	}
	return q, nil
}
