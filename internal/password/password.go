// Package password hashes login passwords with argon2id.
//
// Parameters: 19 MiB of memory, 2 passes, 1 lane — the OWASP Password
// Storage Cheat Sheet's first argon2id configuration. On the 2-core machines
// we deploy to, one hash takes roughly 20–40 ms (see BenchmarkHash), which
// keeps a login well under 100 ms, and 19 MiB per hash keeps a burst of 50
// concurrent logins under 1 GiB instead of the 3 GiB that the library's
// 64 MiB default would need. A single lane is chosen on purpose: on 2 cores
// the API serves other requests in parallel, so extra lanes only shift load.
//
// Hashes are PHC strings ($argon2id$v=19$m=...,t=...,p=...$salt$key) that
// carry their own parameters, so raising them later only affects new hashes;
// NeedsRehash tells the login path when to upgrade a stored one.
package password

import (
	"fmt"
	"sync"

	"github.com/alexedwards/argon2id"
)

// Params are the argon2id settings used for new hashes.
var Params = argon2id.Params{
	Memory:      19 * 1024,
	Iterations:  2,
	Parallelism: 1,
	SaltLength:  16,
	KeyLength:   32,
}

// Hash returns a PHC-encoded argon2id hash of plain.
func Hash(plain string) (string, error) {
	h, err := argon2id.CreateHash(plain, &Params)
	if err != nil {
		return "", fmt.Errorf("password: hash: %w", err)
	}
	return h, nil
}

// Verify reports whether plain matches hash. The comparison is
// constant-time. An error means the stored hash is malformed, not that the
// password is wrong.
func Verify(plain, hash string) (bool, error) {
	ok, err := argon2id.ComparePasswordAndHash(plain, hash)
	if err != nil {
		return false, fmt.Errorf("password: verify: %w", err)
	}
	return ok, nil
}

// NeedsRehash reports whether hash was made with parameters other than
// Params, so a successful login can store a fresh hash.
func NeedsRehash(hash string) bool {
	p, _, _, err := argon2id.DecodeHash(hash)
	if err != nil {
		return true
	}
	return *p != Params
}

// Dummy returns a valid hash of a throwaway string. Verifying against it
// when the user does not exist makes "unknown phone" and "wrong password"
// take the same time. It is computed on first use, not at start-up.
var Dummy = sync.OnceValue(func() string {
	h, err := Hash("no-such-user")
	if err != nil {
		panic(err)
	}
	return h
})
