// Package captcha is a self-hosted proof-of-work captcha: the server side of
// ALTCHA's challenge format (v1, "SHA-256"), which the altcha web component
// solves in the browser. No third party is asked anything.
//
// A challenge is a random salt carrying its expiry ("…?expires=<unix>"), a
// secret number n in [0, MaxNumber], challenge = hex(SHA-256(salt + n)) and
// signature = hex(HMAC-SHA256(key, challenge)). The browser tries numbers
// until SHA-256(salt + number) matches, about MaxNumber/2 hashes on average,
// and posts base64(JSON{algorithm, challenge, number, salt, signature}).
//
// Verify checks that payload statelessly: the signature proves the server
// made the challenge (the salt and its expiry are bound to it through the
// hash), the hash proves the work. It cannot tell a first use from a replay;
// callers spend each challenge once in a shared store (see store.SpendCaptcha).
package captcha

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"math/big"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Algorithm is the only hash offered and accepted.
const Algorithm = "SHA-256"

// maxPayload bounds what is decoded: a genuine payload is about 300 bytes.
const maxPayload = 2048

var (
	// ErrMissing: no payload at all.
	ErrMissing = errors.New("captcha: missing")
	// ErrInvalid: not made by us, not solved, or not a payload.
	ErrInvalid = errors.New("captcha: invalid")
	// ErrExpired: made by us and solved, but too late.
	ErrExpired = errors.New("captcha: expired")
)

// Challenge is what GET /api/captcha/challenge answers, in ALTCHA's names.
type Challenge struct {
	Algorithm string `json:"algorithm"`
	Challenge string `json:"challenge"`
	MaxNumber int64  `json:"maxnumber"`
	Salt      string `json:"salt"`
	Signature string `json:"signature"`
}

// Payload is a solution as the widget posts it (base64 JSON).
type Payload struct {
	Algorithm string `json:"algorithm"`
	Challenge string `json:"challenge"`
	Number    int64  `json:"number"`
	Salt      string `json:"salt"`
	Signature string `json:"signature"`
}

// Solved is a verified solution: ID identifies its challenge for spending
// it once, until Expires.
type Solved struct {
	ID      []byte
	Expires time.Time
}

// Issuer makes and checks challenges under one key.
type Issuer struct {
	key       []byte
	maxNumber int64
	ttl       time.Duration
}

// New returns an issuer signing with key, whose challenges take up to
// maxNumber hashes to solve and expire after ttl.
func New(key []byte, maxNumber int64, ttl time.Duration) *Issuer {
	return &Issuer{key: key, maxNumber: max(maxNumber, 1), ttl: ttl}
}

// Challenge makes a fresh challenge at now.
func (is *Issuer) Challenge(now time.Time) Challenge {
	var nonce [12]byte
	_, _ = rand.Read(nonce[:]) // crypto/rand.Read never fails on supported platforms
	n, _ := rand.Int(rand.Reader, big.NewInt(is.maxNumber+1))
	salt := hex.EncodeToString(nonce[:]) + "?expires=" + strconv.FormatInt(now.Add(is.ttl).Unix(), 10)
	ch := hashHex(salt, n.Int64())
	return Challenge{Algorithm: Algorithm, Challenge: ch, MaxNumber: is.maxNumber, Salt: salt, Signature: is.sign(ch)}
}

// Verify checks a posted payload at now. A forged or unsolved payload is
// ErrInvalid even when it is also old: only a genuine one learns it expired.
func (is *Issuer) Verify(payload string, now time.Time) (Solved, error) {
	payload = strings.TrimSpace(payload)
	if payload == "" {
		return Solved{}, ErrMissing
	}
	if len(payload) > maxPayload {
		return Solved{}, ErrInvalid
	}
	raw, err := base64.StdEncoding.DecodeString(payload)
	if err != nil {
		return Solved{}, ErrInvalid
	}
	var p Payload
	if err := json.Unmarshal(raw, &p); err != nil {
		return Solved{}, ErrInvalid
	}
	if p.Algorithm != Algorithm || p.Number < 0 {
		return Solved{}, ErrInvalid
	}
	sig, err := hex.DecodeString(p.Signature)
	if err != nil || !hmac.Equal(sig, is.mac(p.Challenge)) {
		return Solved{}, ErrInvalid
	}
	if !hmac.Equal([]byte(hashHex(p.Salt, p.Number)), []byte(p.Challenge)) {
		return Solved{}, ErrInvalid
	}
	expires, ok := saltExpiry(p.Salt)
	if !ok {
		return Solved{}, ErrInvalid
	}
	if !now.Before(expires) {
		return Solved{}, ErrExpired
	}
	id, _ := hex.DecodeString(p.Challenge) // a hash we made: valid hex
	return Solved{ID: id, Expires: expires}, nil
}

// Solve finds the number of ch by brute force, as the widget does, and
// encodes the payload. It is for tests and scripted clients; ok is false
// when no number up to ch.MaxNumber fits.
func Solve(ch Challenge) (payload string, ok bool) {
	for n := int64(0); n <= ch.MaxNumber; n++ {
		if hashHex(ch.Salt, n) == ch.Challenge {
			b, _ := json.Marshal(Payload{Algorithm: ch.Algorithm, Challenge: ch.Challenge, Number: n, Salt: ch.Salt, Signature: ch.Signature})
			return base64.StdEncoding.EncodeToString(b), true
		}
	}
	return "", false
}

func (is *Issuer) mac(challenge string) []byte {
	m := hmac.New(sha256.New, is.key)
	m.Write([]byte(challenge))
	return m.Sum(nil)
}

func (is *Issuer) sign(challenge string) string { return hex.EncodeToString(is.mac(challenge)) }

func hashHex(salt string, n int64) string {
	sum := sha256.Sum256([]byte(salt + strconv.FormatInt(n, 10)))
	return hex.EncodeToString(sum[:])
}

// saltExpiry reads the expires parameter our salts carry; a salt without
// one was not made here.
func saltExpiry(salt string) (time.Time, bool) {
	_, query, ok := strings.Cut(salt, "?")
	if !ok {
		return time.Time{}, false
	}
	q, err := url.ParseQuery(query)
	if err != nil {
		return time.Time{}, false
	}
	secs, err := strconv.ParseInt(q.Get("expires"), 10, 64)
	if err != nil {
		return time.Time{}, false
	}
	return time.Unix(secs, 0), true
}
