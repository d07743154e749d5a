package redisadapter

import (
	"context"
	"strconv"

	"github.com/redis/go-redis/v9"
)

// Signed-in users, for watchlist events: a user is online while any node
// has them signed in. Each node records its first and last socket of a
// user; the script that sees the cluster-wide change announces it, with a
// version from Redis, on the bus.

// UserOnline records the user's first signed-in socket on this node.
func (a *Adapter) UserOnline(ctx context.Context, app, user string) error {
	return a.userOnNode(ctx, app, user, true)
}

// UserOffline records the user's last signed-in socket on this node.
func (a *Adapter) UserOffline(ctx context.Context, app, user string) error {
	return a.userOnNode(ctx, app, user, false)
}

func (a *Adapter) userOnNode(ctx context.Context, app, user string, on bool) error {
	a.opMu.RLock()
	defer a.opMu.RUnlock()
	if !a.up.Load() {
		if on {
			a.mir.userOn(app, user, false)
		} else {
			a.noteOverflow(a.mir.userOff(app, user, true))
		}
		return nil
	}
	if on {
		a.mir.userOn(app, user, false)
	} else {
		a.mir.userOff(app, user, false)
	}
	cctx, cancel := a.opCtx(ctx)
	defer cancel()
	var res *redis.Cmd
	_, err := a.rdb.Pipelined(cctx, func(p redis.Pipeliner) error {
		if on {
			p.SAdd(cctx, a.nodeKey(a.id(), "users"), pair(app, user))
		}
		res = userScript.Eval(cctx, p, a.userKeys(app, user), a.id(), flag(on), "0")
		if !on {
			p.SRem(cctx, a.nodeKey(a.id(), "users"), pair(app, user))
		}
		return nil
	})
	if err != nil {
		a.fail(err)
		return nil
	}
	if on {
		a.mir.userOn(app, user, true)
	}
	if moved, v, _ := userResult(res.Val()); moved != 0 {
		a.announceStatus(userStatus{App: app, User: user, Online: moved > 0, Version: v})
	}
	return nil
}

// userResult reads userScript's {moved, version, offline}.
func userResult(v any) (moved int64, version int64, offline bool) {
	xs, _ := v.([]any)
	if len(xs) != 3 {
		return 0, 0, false
	}
	moved, _ = xs[0].(int64)
	version, _ = xs[1].(int64)
	off, _ := xs[2].(int64)
	return moved, version, off == 1
}

func flag(b bool) string {
	if b {
		return "1"
	}
	return "0"
}

// OnlineUsers returns which of ids are online cluster-wide, with the
// version of their status.
func (a *Adapter) OnlineUsers(ctx context.Context, app string, ids []string) (map[string]int64, error) {
	if !a.up.Load() {
		return a.mir.onlineHere(app, ids), nil
	}
	cctx, cancel := a.opCtx(ctx)
	defer cancel()
	exists := make([]*redis.IntCmd, len(ids))
	versions := make([]*redis.StringCmd, len(ids))
	_, err := a.rdb.Pipelined(cctx, func(p redis.Pipeliner) error {
		for i, id := range ids {
			k := a.userKeys(app, id)
			exists[i] = p.Exists(cctx, k[0])
			versions[i] = p.Get(cctx, k[1])
		}
		return nil
	})
	if err != nil && err != redis.Nil {
		a.fail(err)
		return a.mir.onlineHere(app, ids), nil
	}
	out := map[string]int64{}
	for i, id := range ids {
		if exists[i].Val() == 1 {
			v, _ := strconv.ParseInt(versions[i].Val(), 10, 64)
			out[id] = v
		}
	}
	return out, nil
}
