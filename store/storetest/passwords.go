package storetest

import (
	"sync"

	"topup/internal/password"
)

var (
	hashMu sync.Mutex
	hashes = map[string]string{}
)

// PasswordHash is password.Hash for fixture accounts, made once per
// password and test binary: the same genuine argon2id hash (parameters,
// format, salt and all) that a login then verifies in full. Under -race
// one argon2id hash costs a large share of a second, and hashing the same
// few fixture passwords (the demo seed's, "shopper-pw", …) afresh in every
// test was most of the api package's CPU time (go test -cpuprofile).
// Code under test still hashes with password.Hash itself.
func PasswordHash(plain string) (string, error) {
	hashMu.Lock()
	defer hashMu.Unlock()
	if h, ok := hashes[plain]; ok {
		return h, nil
	}
	h, err := password.Hash(plain)
	if err != nil {
		return "", err
	}
	hashes[plain] = h
	return h, nil
}
