package store

import (
	"context"
	"time"

	"github.com/lib/pq"
)

// Listen runs LISTEN channel on its own connection to dsn (a pool
// connection cannot wait for notifications) and calls wake for every
// NOTIFY, and after each reconnect, since notifications sent while the
// connection was down are lost. It reconnects by itself, waiting 1s
// doubling up to 1m; the problems it meets go to onErr. It stops when ctx
// ends or stop is called. err is LISTEN's first attempt: a caller that
// also polls may go on without notifications (and still calls stop).
func Listen(ctx context.Context, dsn, channel string, wake func(), onErr func(error)) (stop func() error, err error) {
	l := pq.NewListener(dsn, time.Second, time.Minute, func(ev pq.ListenerEventType, err error) {
		if err != nil && onErr != nil {
			onErr(err)
		}
		if ev == pq.ListenerEventReconnected {
			wake()
		}
	})
	err = l.Listen(channel)
	go func() {
		for {
			select {
			case <-ctx.Done():
				return
			case _, ok := <-l.Notify:
				if !ok {
					return
				}
				wake()
			}
		}
	}()
	return l.Close, err
}
