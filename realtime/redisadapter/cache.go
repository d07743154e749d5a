package redisadapter

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/redis/go-redis/v9"

	"topup/realtime"
)

// keepLast stores a cache channel's event as its last: here, and in Redis
// for every node.
func (a *Adapter) keepLast(ctx context.Context, m realtime.Message) {
	a.mir.keep(m, a.opt.CacheTTL)
	if !a.up.Load() {
		return
	}
	b, _ := json.Marshal(m)
	cctx, cancel := a.opCtx(ctx)
	defer cancel()
	if err := a.rdb.Set(cctx, a.chanKey(m.AppID, m.Channel, "cache"), b, a.opt.CacheTTL).Err(); err != nil {
		a.fail(err)
	}
}

// LastEvent returns a cache channel's last event: from Redis, or while it
// is away from what this node published.
func (a *Adapter) LastEvent(ctx context.Context, app, ch string) (realtime.Message, bool, error) {
	if a.up.Load() {
		cctx, cancel := a.opCtx(ctx)
		defer cancel()
		b, err := a.rdb.Get(cctx, a.chanKey(app, ch, "cache")).Bytes()
		switch {
		case errors.Is(err, redis.Nil):
			return realtime.Message{}, false, nil
		case err == nil:
			var m realtime.Message
			if json.Unmarshal(b, &m) == nil {
				return m, true, nil
			}
		default:
			a.fail(err)
		}
	}
	m, ok := a.mir.last(app, ch)
	return m, ok, nil
}
