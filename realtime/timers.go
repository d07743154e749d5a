package realtime

import (
	"sync"
	"time"
)

// timers runs the server's delayed work (webhooks waiting out their delay,
// subscription counts waiting for their period) so that Shutdown can
// cancel what has not started and wait for what has: nothing delayed
// touches the adapter after it is closed.
type timers struct {
	mu      sync.Mutex
	stopped bool
	pending map[*delayed]struct{}
	running sync.WaitGroup
}

// delayed is one piece of delayed work.
type delayed struct {
	owner *timers
	t     *time.Timer
}

// after runs f after d unless stopped first; nil once the server stops.
func (ts *timers) after(d time.Duration, f func()) *delayed {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if ts.stopped {
		return nil
	}
	if ts.pending == nil {
		ts.pending = map[*delayed]struct{}{}
	}
	dl := &delayed{owner: ts}
	dl.t = time.AfterFunc(d, func() {
		ts.mu.Lock()
		_, ok := ts.pending[dl]
		delete(ts.pending, dl)
		if ok {
			ts.running.Add(1)
		}
		ts.mu.Unlock()
		if !ok {
			return // stopped meanwhile
		}
		defer ts.running.Done()
		f()
	})
	ts.pending[dl] = struct{}{}
	return dl
}

// Stop cancels the work if it has not started; it reports whether it did.
func (dl *delayed) Stop() bool {
	if dl == nil {
		return false
	}
	dl.owner.mu.Lock()
	_, ok := dl.owner.pending[dl]
	delete(dl.owner.pending, dl)
	dl.owner.mu.Unlock()
	dl.t.Stop()
	return ok
}

// stop cancels everything pending, refuses new work and waits for what
// is running.
func (ts *timers) stop() {
	ts.mu.Lock()
	ts.stopped = true
	for dl := range ts.pending {
		dl.t.Stop()
	}
	ts.pending = nil
	ts.mu.Unlock()
	ts.running.Wait()
}
