package redisadapter

import (
	"context"
	"errors"
	"strconv"

	"github.com/redis/go-redis/v9"

	"topup/realtime"
)

// Subscribed counts a socket of this node joining a channel.
func (a *Adapter) Subscribed(ctx context.Context, app, ch string) (int, error) {
	return a.countBy(ctx, app, ch, 1)
}

// Unsubscribed counts a socket of this node leaving a channel.
func (a *Adapter) Unsubscribed(ctx context.Context, app, ch string) (int, error) {
	return a.countBy(ctx, app, ch, -1)
}

// countBy answers -1 (unknown: no webhook) while Redis is away; the resync
// reports the transitions.
func (a *Adapter) countBy(ctx context.Context, app, ch string, d int) (int, error) {
	a.opMu.RLock()
	defer a.opMu.RUnlock()
	if !a.up.Load() {
		a.mir.count(app, ch, d, true)
		return -1, nil
	}
	local := a.mir.count(app, ch, d, false)
	cctx, cancel := a.opCtx(ctx)
	defer cancel()
	n, err := countScript.Run(cctx, a.rdb, []string{a.opt.Prefix + "ns:" + a.opt.NodeID, a.opt.Prefix + "subs:" + app},
		app+sep+ch, ch, d).Int()
	if err == nil && n < 0 {
		err = errors.New("subscription count missing in Redis")
	}
	if err != nil {
		a.fail(err)
		a.mir.outage(app, ch, d, local)
		return -1, nil
	}
	return n, nil
}

// ErrUnavailable answers occupancy questions while Redis is unreachable:
// only the cluster knows.
var ErrUnavailable = errors.New("redisadapter: Redis unreachable")

// Channel returns one channel's cluster-wide occupancy.
func (a *Adapter) Channel(ctx context.Context, app, ch string) (realtime.ChannelStats, error) {
	if !a.up.Load() {
		return realtime.ChannelStats{}, ErrUnavailable
	}
	cctx, cancel := a.opCtx(ctx)
	defer cancel()
	var subs *redis.StringCmd
	var users *redis.IntCmd
	_, err := a.rdb.TxPipelined(cctx, func(p redis.Pipeliner) error {
		subs = p.HGet(cctx, a.opt.Prefix+"subs:"+app, ch)
		users = p.HLen(cctx, a.key("pr:", app, ch))
		return nil
	})
	if err != nil && !errors.Is(err, redis.Nil) {
		a.fail(err)
		return realtime.ChannelStats{}, ErrUnavailable
	}
	n, _ := strconv.Atoi(subs.Val())
	return realtime.ChannelStats{Subscriptions: n, Users: int(users.Val())}, nil
}

// Channels returns every occupied channel of the app, cluster-wide.
func (a *Adapter) Channels(ctx context.Context, app string) (map[string]realtime.ChannelStats, error) {
	if !a.up.Load() {
		return nil, ErrUnavailable
	}
	cctx, cancel := a.opCtx(ctx)
	defer cancel()
	v, err := channelsScript.Run(cctx, a.rdb, []string{a.opt.Prefix + "subs:" + app}, a.opt.Prefix+"pr:"+app+":").Slice()
	if err != nil {
		a.fail(err)
		return nil, ErrUnavailable
	}
	out := make(map[string]realtime.ChannelStats, len(v)/3)
	for i := 0; i+2 < len(v); i += 3 {
		name, _ := v[i].(string)
		subs, _ := v[i+1].(int64)
		users, _ := v[i+2].(int64)
		if subs > 0 {
			out[name] = realtime.ChannelStats{Subscriptions: int(subs), Users: int(users)}
		}
	}
	return out, nil
}
