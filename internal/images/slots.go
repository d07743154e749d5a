package images

import "context"

// DecodeSlots bounds how many images the process decodes at once, receipts
// and public images together: each decode can hold ~100 MB of pixels at the
// bounds, and the machine has two cores to decode with anyway. An upload
// that finds both taken waits for one (or for its request to end).
var DecodeSlots = NewSlots(2)

// Slots is a counting semaphore.
type Slots struct{ c chan struct{} }

// NewSlots makes n slots.
func NewSlots(n int) *Slots { return &Slots{c: make(chan struct{}, n)} }

// Acquire takes a slot, waiting while all are taken; it gives up when ctx
// ends. Every successful Acquire is paired with a Release.
func (s *Slots) Acquire(ctx context.Context) error {
	select {
	case s.c <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Release gives a slot back.
func (s *Slots) Release() { <-s.c }
