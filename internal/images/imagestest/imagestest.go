// Package imagestest helps tests of the packages that use internal/images.
package imagestest

import (
	"context"
	"testing"
	"time"

	"topup/internal/images"
)

// HoldDecodeSlots takes every free slot of images.DecodeSlots until the
// test ends; releaseOne gives one back early.
func HoldDecodeSlots(t testing.TB) (releaseOne func()) {
	t.Helper()
	held := 0
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		err := images.DecodeSlots.Acquire(ctx)
		cancel()
		if err != nil {
			break
		}
		held++
	}
	t.Cleanup(func() {
		for ; held > 0; held-- {
			images.DecodeSlots.Release()
		}
	})
	return func() {
		held--
		images.DecodeSlots.Release()
	}
}
