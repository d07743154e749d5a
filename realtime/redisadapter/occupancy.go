package redisadapter

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

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
// reports the transitions. The server calls it for one channel at a time
// (under the channel's lock), so this node's index of its channels is
// written in order.
func (a *Adapter) countBy(ctx context.Context, app, ch string, d int) (int, error) {
	a.opMu.RLock()
	defer a.opMu.RUnlock()
	if !a.up.Load() {
		a.mir.count(app, ch, d, true)
		return -1, nil
	}
	local, started, ended := a.mir.count(app, ch, d, false)
	cctx, cancel := a.opCtx(ctx)
	defer cancel()
	var n *redis.Cmd
	_, err := a.rdb.Pipelined(cctx, func(p redis.Pipeliner) error {
		if started {
			p.SAdd(cctx, a.nodeKey(a.id(), "chans"), pair(app, ch))
		}
		n = countScript.Eval(cctx, p, a.chanKeys(app, ch)[:2], a.id(), d)
		if ended {
			p.SRem(cctx, a.nodeKey(a.id(), "chans"), pair(app, ch))
		}
		return nil
	})
	count, cerr := n.Int()
	if err == nil && cerr == nil && count < 0 {
		err = errors.New("subscription count missing in Redis")
	}
	if err != nil {
		a.fail(err)
		a.mir.outage(app, ch, d, local)
		return -1, nil
	}
	a.seeApp(app)
	if d > 0 && count == 1 {
		if err := indexScript.Run(cctx, a.rdb, []string{a.appKey(app, "chans"), a.appKey(app, "seq")}, ch).Err(); err != nil {
			a.fail(err)
		}
	}
	return count, nil
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
	_, err := a.rdb.Pipelined(cctx, func(p redis.Pipeliner) error {
		subs = p.Get(cctx, a.chanKey(app, ch, "subs"))
		users = p.HLen(cctx, a.chanKey(app, ch, "pr"))
		return nil
	})
	if err != nil && !errors.Is(err, redis.Nil) {
		a.fail(err)
		return realtime.ChannelStats{}, ErrUnavailable
	}
	n, _ := strconv.Atoi(subs.Val())
	return realtime.ChannelStats{Subscriptions: n, Users: int(users.Val())}, nil
}

// Channels returns every occupied channel of the app, cluster-wide, from
// the app's index; entries of channels found empty are pruned on the way.
func (a *Adapter) Channels(ctx context.Context, app string) (map[string]realtime.ChannelStats, error) {
	if !a.up.Load() {
		return nil, ErrUnavailable
	}
	cctx, cancel := a.opCtx(ctx)
	defer cancel()
	out, err := a.scanIndex(cctx, app)
	if err != nil {
		a.fail(err)
		return nil, ErrUnavailable
	}
	return out, nil
}

// scanIndex reads an app's index: each channel's count and users, in one
// pipeline, then drops the entries of empty channels. An entry is dropped
// only if it is still the one read before the count: a channel occupied
// again meanwhile has a newer entry (pruneScript).
func (a *Adapter) scanIndex(ctx context.Context, app string) (map[string]realtime.ChannelStats, error) {
	idx := a.appKey(app, "chans")
	entries, err := a.rdb.ZRangeWithScores(ctx, idx, 0, -1).Result()
	if err != nil {
		return nil, err
	}
	subs := make([]*redis.StringCmd, len(entries))
	users := make([]*redis.IntCmd, len(entries))
	_, err = a.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		for i, e := range entries {
			ch := e.Member.(string)
			subs[i] = p.Get(ctx, a.chanKey(app, ch, "subs"))
			if strings.HasPrefix(ch, "presence-") {
				users[i] = p.HLen(ctx, a.chanKey(app, ch, "pr"))
			}
		}
		return nil
	})
	if err != nil && !errors.Is(err, redis.Nil) {
		return nil, err
	}
	out := make(map[string]realtime.ChannelStats, len(entries))
	var empty []redis.Z
	for i, e := range entries {
		n, _ := strconv.Atoi(subs[i].Val())
		if n <= 0 {
			empty = append(empty, e)
			continue
		}
		st := realtime.ChannelStats{Subscriptions: n}
		if users[i] != nil {
			st.Users = int(users[i].Val())
		}
		out[e.Member.(string)] = st
	}
	if len(empty) > 0 {
		_, err = a.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
			for _, e := range empty {
				pruneScript.Eval(ctx, p, []string{idx}, e.Member, strconv.FormatFloat(e.Score, 'f', -1, 64))
			}
			return nil
		})
	}
	return out, err
}

// seeApp remembers an app this node serves, whose index the janitor prunes.
func (a *Adapter) seeApp(app string) {
	if _, ok := a.apps.Load(app); !ok {
		a.apps.Store(app, struct{}{})
	}
}

// pruneIndexes drops the index entries of channels that became empty, for
// the apps this node serves (GET /channels does the same for its app).
func (a *Adapter) pruneIndexes(ctx context.Context) {
	a.apps.Range(func(k, _ any) bool {
		if _, err := a.scanIndex(ctx, k.(string)); err != nil {
			a.log.Debug().Err(err).Msg("redisadapter: pruning the channel index")
		}
		return true
	})
}

// Claim holds what for the channel, cluster-wide, for window: the first
// claim wins.
func (a *Adapter) Claim(ctx context.Context, app, ch, what string, window time.Duration) (bool, error) {
	if !a.up.Load() {
		return false, ErrUnavailable
	}
	cctx, cancel := a.opCtx(ctx)
	defer cancel()
	ok, err := a.rdb.SetNX(cctx, a.chanKey(app, ch, "claim:"+what), a.id(), window).Result()
	if err != nil {
		a.fail(err)
		return false, ErrUnavailable
	}
	return ok, nil
}
