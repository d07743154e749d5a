// Package push sends Web Push notifications (RFC 8030 with the message
// encryption of RFC 8291 and the VAPID authentication of RFC 8292) for the
// outbox's webpush.* events: it reads what the event names, writes the
// notification in the recipient's language and hands it, encrypted, to the
// browser's push service. The encryption and the VAPID header are
// github.com/SherClockHolmes/webpush-go's (aes128gcm, "vapid t=…, k=…").
package push

import (
	"crypto/ecdh"
	"crypto/hkdf"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
)

// Keys are the application server's VAPID key pair and contact.
type Keys struct {
	// Public is the uncompressed P-256 point (65 bytes), base64url
	// without padding: what the browser's applicationServerKey takes.
	Public string
	// Private is the 32-byte scalar, base64url without padding.
	Private string
	// Subject is the contact a push service may use (mailto: or https:).
	Subject string
}

var b64 = base64.RawURLEncoding

// ParseKeys checks a configured key pair: both halves present, the
// private scalar valid, the public key its own, the subject a mailto: or
// https: URI.
func ParseKeys(public, private, subject string) (Keys, error) {
	priv, err := decodeKey(private)
	if err != nil {
		return Keys{}, fmt.Errorf("VAPID_PRIVATE_KEY: %w", err)
	}
	k, err := ecdh.P256().NewPrivateKey(priv)
	if err != nil {
		return Keys{}, fmt.Errorf("VAPID_PRIVATE_KEY is not a P-256 private key: %w", err)
	}
	pub, err := decodeKey(public)
	if err != nil {
		return Keys{}, fmt.Errorf("VAPID_PUBLIC_KEY: %w", err)
	}
	if string(pub) != string(k.PublicKey().Bytes()) {
		return Keys{}, errors.New("VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY")
	}
	if !strings.HasPrefix(subject, "mailto:") && !strings.HasPrefix(subject, "https://") {
		return Keys{}, fmt.Errorf("VAPID_SUBJECT must be a mailto: or https:// URI, not %q", subject)
	}
	return Keys{Public: b64.EncodeToString(pub), Private: b64.EncodeToString(priv), Subject: subject}, nil
}

// decodeKey reads base64url with or without padding (what key generators
// print varies).
func decodeKey(s string) ([]byte, error) {
	b, err := b64.DecodeString(strings.TrimRight(strings.TrimSpace(s), "="))
	if err != nil {
		return nil, errors.New("not base64url")
	}
	return b, nil
}

// GenerateKeys makes a new random key pair (`topup vapid-keys`).
func GenerateKeys(subject string) (Keys, error) {
	k, err := ecdh.P256().GenerateKey(nil)
	if err != nil {
		return Keys{}, err
	}
	return fromPrivate(k, subject), nil
}

// DeriveKeys makes the key pair of a secret, the same every time: local
// runs derive theirs from APP_KEY, so `make run` has working push without
// setup and browsers' subscriptions survive a restart. Production sets
// VAPID_* instead (a key derived from APP_KEY would change with it).
func DeriveKeys(secret, subject string) (Keys, error) {
	for i := byte(0); i < 16; i++ {
		// A scalar ≥ the group order is refused; HKDF with another
		// label gives another candidate (a chance of 2⁻³² each).
		b, err := hkdf.Key(sha256.New, []byte(secret), nil, "topup vapid key "+string('a'+i), 32)
		if err != nil {
			return Keys{}, err
		}
		if k, err := ecdh.P256().NewPrivateKey(b); err == nil {
			return fromPrivate(k, subject), nil
		}
	}
	return Keys{}, errors.New("push: no valid key derived")
}

func fromPrivate(k *ecdh.PrivateKey, subject string) Keys {
	return Keys{Public: b64.EncodeToString(k.PublicKey().Bytes()), Private: b64.EncodeToString(k.Bytes()), Subject: subject}
}
