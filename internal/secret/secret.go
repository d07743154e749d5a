// Package secret seals small secrets at rest (bought account passwords,
// redeem codes) with AES-256-GCM under a key derived from APP_KEY.
//
// Key derivation: HKDF-SHA256 (RFC 5869) over the APP_KEY bytes with a fixed
// salt and a purpose label, so the encryption key and the lookup-hash key are
// independent even though both come from one configuration value. APP_KEY
// may be given as raw text or as "base64:<std base64>" (the Laravel form);
// either way it must carry at least 32 bytes.
//
// Sealed format: one version byte, a 12-byte random nonce, then the GCM
// ciphertext with its 16-byte tag. The version byte names the key generation
// and algorithm, so a later key rotation can add generation 2 while Open keeps
// reading generation 1 until every row has been re-sealed.
package secret

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
)

// MinKeyLen is the least number of key bytes APP_KEY must carry.
const MinKeyLen = 32

const (
	version1  = 1
	nonceSize = 12
	overhead  = 1 + nonceSize + 16
)

var (
	// ErrShortKey means APP_KEY is missing or too short to be a key.
	ErrShortKey = errors.New("secret: APP_KEY must carry at least 32 bytes")
	// ErrOpen means a sealed value was truncated, tampered with, sealed under
	// another key, or carries an unknown version byte.
	ErrOpen = errors.New("secret: cannot open sealed value")
)

// Box seals and opens values. It is safe for concurrent use.
type Box struct {
	aead   cipher.AEAD
	macKey []byte
}

// New derives the keys from appKey.
func New(appKey string) (*Box, error) {
	ikm := []byte(appKey)
	if rest, ok := strings.CutPrefix(appKey, "base64:"); ok {
		b, err := base64.StdEncoding.DecodeString(rest)
		if err != nil {
			return nil, fmt.Errorf("secret: APP_KEY base64: %w", err)
		}
		ikm = b
	}
	if len(ikm) < MinKeyLen {
		return nil, ErrShortKey
	}
	salt := []byte("shwe-topup/secret")
	encKey, err := hkdf.Key(sha256.New, ikm, salt, "aes-256-gcm v1", 32)
	if err != nil {
		return nil, fmt.Errorf("secret: derive key: %w", err)
	}
	macKey, err := hkdf.Key(sha256.New, ikm, salt, "hmac-sha256 lookup v1", 32)
	if err != nil {
		return nil, fmt.Errorf("secret: derive key: %w", err)
	}
	block, err := aes.NewCipher(encKey)
	if err != nil {
		return nil, fmt.Errorf("secret: %w", err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, fmt.Errorf("secret: %w", err)
	}
	return &Box{aead: aead, macKey: macKey}, nil
}

// Seal encrypts plain. Every call uses a fresh random nonce, so sealing the
// same value twice gives different bytes; use Hash for equality lookups.
func (b *Box) Seal(plain []byte) []byte {
	out := make([]byte, 1+nonceSize, overhead+len(plain))
	out[0] = version1
	// crypto/rand.Read never returns an error on supported platforms.
	_, _ = rand.Read(out[1 : 1+nonceSize])
	// The version byte is authenticated as associated data so it cannot be
	// swapped without detection.
	return b.aead.Seal(out, out[1:1+nonceSize], plain, out[:1])
}

// Open decrypts a value produced by Seal.
func (b *Box) Open(sealed []byte) ([]byte, error) {
	if len(sealed) < overhead || sealed[0] != version1 {
		return nil, ErrOpen
	}
	plain, err := b.aead.Open(nil, sealed[1:1+nonceSize], sealed[1+nonceSize:], sealed[:1])
	if err != nil {
		return nil, ErrOpen
	}
	return plain, nil
}

// Hash returns a keyed HMAC-SHA256 of v. It gives sealed values a
// deterministic, non-reversible identity (for UNIQUE indexes on redeem codes)
// without storing them in the clear; unlike a bare SHA-256 it cannot be
// brute-forced by someone holding only the database.
func (b *Box) Hash(v []byte) []byte {
	m := hmac.New(sha256.New, b.macKey)
	m.Write(v)
	return m.Sum(nil)
}
