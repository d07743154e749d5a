package api

import (
	"crypto/hmac"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"time"

	"topup/internal/i18n"
)

// Top-up rules (docs/spec.md §5, §9). The maximum is ours: no single transfer to a
// mobile wallet is this large, so anything above is a typo, and it keeps
// every sum far from overflowing.
const (
	MinTopup = 2000
	MaxTopup = 5_000_000
	// A quote is good for this long: enough to open the banking app, make
	// the transfer and upload the receipt.
	quoteTTL = 30 * time.Minute
	// verificationSplit is where T's range changes (docs/spec.md §9).
	verificationSplit = 100_000
)

var (
	errAmountNotWhole = newCodedError(i18n.TopupAmountWhole)
	errAmountTooSmall = newCodedError(i18n.TopupAmountMin, "min", i18n.Kyat(MinTopup))
	errAmountTooLarge = newCodedError(i18n.TopupAmountMax, "max", i18n.Kyat(MaxTopup))
	errQuoteInvalid   = newCodedError(i18n.TopupQuoteInvalid)
	errQuoteExpired   = newCodedError(i18n.TopupQuoteExpired)
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

// verificationRange is where T lies for amount (docs/spec.md §9): 1–500 Ks under
// 100,000 Ks, else 500–1,000 Ks.
func verificationRange(amount int64) (lo, hi int64) {
	if amount >= verificationSplit {
		return 500, 1000
	}
	return 1, 500
}

// verificationAmount picks T at random, so a forged receipt cannot guess
// the exact total, among the values whose total amount+T no top-up holds
// (taken). ok is false when every total in the range is taken.
func verificationAmount(amount int64, taken []int64) (t int64, ok bool, err error) {
	lo, hi := verificationRange(amount)
	held := make(map[int64]bool, len(taken))
	for _, total := range taken {
		held[total] = true
	}
	free := make([]int64, 0, hi-lo+1)
	for v := lo; v <= hi; v++ {
		if !held[amount+v] {
			free = append(free, v)
		}
	}
	if len(free) == 0 {
		return 0, false, nil
	}
	n, err := rand.Int(rand.Reader, big.NewInt(int64(len(free))))
	if err != nil {
		return 0, false, fmt.Errorf("verification amount: %w", err)
	}
	return free[n.Int64()], true, nil
}

// quoteNonceBytes is the size of a quote's nonce, the one-use key under
// which the top-up it backs is stored.
const quoteNonceBytes = 16

// topupQuote is what the server promised one customer: transfer
// Amount + Verification before Expires, once (Nonce).
type topupQuote struct {
	UserID       int64
	Amount       int64
	Verification int64
	Expires      time.Time
	Nonce        [quoteNonceBytes]byte
}

func (q topupQuote) Total() int64 { return q.Amount + q.Verification }

// Issued is when the quote was given (to the second): the receipt-date
// check fails a receipt dated before the customer knew the total.
func (q topupQuote) Issued() time.Time { return q.Expires.Add(-quoteTTL) }

// newQuoteNonce draws a nonce from crypto/rand.
func newQuoteNonce() [quoteNonceBytes]byte {
	var n [quoteNonceBytes]byte
	_, _ = rand.Read(n[:]) // crypto/rand.Read never fails on supported platforms
	return n
}

// quoteMAC is a keyed hash (secret.Box.Hash: HMAC with a key from APP_KEY).
type quoteMAC func([]byte) []byte

// payload is v2: v1 quotes had no nonce and are refused, so none of them
// can back a second top-up after an upgrade.
func (q topupQuote) payload() string {
	return fmt.Sprintf("v2.%d.%d.%d.%d.%s", q.UserID, q.Amount, q.Verification, q.Expires.Unix(), hex.EncodeToString(q.Nonce[:]))
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
	parts := strings.Split(payload, ".")
	if len(parts) != 6 || parts[0] != "v2" {
		return topupQuote{}, errQuoteInvalid
	}
	var nums [4]int64
	for k := range nums {
		if nums[k], err = strconv.ParseInt(parts[k+1], 10, 64); err != nil {
			return topupQuote{}, errQuoteInvalid
		}
	}
	q := topupQuote{UserID: nums[0], Amount: nums[1], Verification: nums[2], Expires: time.Unix(nums[3], 0)}
	nonce, err := hex.DecodeString(parts[5])
	if err != nil || len(nonce) != quoteNonceBytes {
		return topupQuote{}, errQuoteInvalid
	}
	copy(q.Nonce[:], nonce)
	if !now.Before(q.Expires) {
		return topupQuote{}, errQuoteExpired
	}
	return q, nil
}
