package password

import (
	"context"
	"errors"
	"runtime"
	"sync/atomic"
	"time"
)

// ErrBusy is returned when no hashing slot came free in time.
var ErrBusy = errors.New("password: every hashing slot is busy")

// DefaultWait is how long a hash waits for a slot before ErrBusy: a few
// hashes' time (20–40 ms each), so a short burst is served late rather
// than refused, while a flood of logins or sign-ups cannot pile up waiting
// goroutines for longer than this.
const DefaultWait = 250 * time.Millisecond

// Slots bounds how many argon2id hashes run at once. Each takes a core
// and 19 MiB for tens of milliseconds, so without a bound a few hundred
// parallel logins (wrong passwords cost the same) starve every other
// request of CPU and can take the process out of memory.
type Slots struct {
	sem  chan struct{}
	wait time.Duration

	runs    atomic.Uint64
	refused atomic.Uint64
}

// NewSlots allows n hashes at once (n <= 0: one per CPU), each waiting at
// most wait for its turn (wait <= 0: DefaultWait).
func NewSlots(n int, wait time.Duration) *Slots {
	if n <= 0 {
		n = runtime.NumCPU()
	}
	if wait <= 0 {
		wait = DefaultWait
	}
	return &Slots{sem: make(chan struct{}, n), wait: wait}
}

// Hash is Hash in a slot.
func (s *Slots) Hash(ctx context.Context, plain string) (string, error) {
	if err := s.acquire(ctx); err != nil {
		return "", err
	}
	defer s.release()
	return Hash(plain)
}

// Verify is Verify in a slot. The stored hash's own parameters decide its
// cost, which is why verifying takes a slot as hashing does.
func (s *Slots) Verify(ctx context.Context, plain, hash string) (bool, error) {
	if err := s.acquire(ctx); err != nil {
		return false, err
	}
	defer s.release()
	return Verify(plain, hash)
}

func (s *Slots) acquire(ctx context.Context) error {
	select {
	case s.sem <- struct{}{}:
	default:
		t := time.NewTimer(s.wait)
		defer t.Stop()
		select {
		case s.sem <- struct{}{}:
		case <-t.C:
			s.refused.Add(1)
			return ErrBusy
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	s.runs.Add(1)
	return nil
}

func (s *Slots) release() { <-s.sem }

// Runs is how many hashes or verifications started since the start.
func (s *Slots) Runs() uint64 { return s.runs.Load() }

// Refused is how many were refused with ErrBusy since the start.
func (s *Slots) Refused() uint64 { return s.refused.Load() }

// InUse is how many run now.
func (s *Slots) InUse() int { return len(s.sem) }
