package redisadapter

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/redis/go-redis/v9"

	"topup/realtime"
)

// AddMember records a user's first connection on this node. While Redis is
// away it reports not-first: the cluster hears of the user at the resync.
func (a *Adapter) AddMember(ctx context.Context, app, ch string, m realtime.Member) (bool, error) {
	a.opMu.RLock()
	defer a.opMu.RUnlock()
	if !a.up.Load() {
		a.mir.addMember(app, ch, m, false)
		return false, nil
	}
	started := a.mir.addMember(app, ch, m, false)
	cctx, cancel := a.opCtx(ctx)
	defer cancel()
	var first *redis.Cmd
	_, err := a.rdb.Pipelined(cctx, func(p redis.Pipeliner) error {
		if started {
			p.SAdd(cctx, a.nodeKey(a.id(), "chans"), pair(app, ch))
		}
		first = addMemberScript.Eval(cctx, p, a.chanKeys(app, ch), a.id(), m.ID, string(m.Info))
		return nil
	})
	if err != nil {
		a.fail(err)
		return false, nil
	}
	a.mir.addMember(app, ch, m, true)
	n, _ := first.Int()
	return n == 1, nil
}

// RemoveMember records a user's last connection on this node leaving.
func (a *Adapter) RemoveMember(ctx context.Context, app, ch, userID string) (bool, error) {
	a.opMu.RLock()
	defer a.opMu.RUnlock()
	if !a.up.Load() {
		overflow, _ := a.mir.removeMember(app, ch, userID, true)
		a.noteOverflow(overflow)
		return false, nil
	}
	// The socket's subscription is still counted here, so the node's share
	// of the channel does not end with its member.
	a.mir.removeMember(app, ch, userID, false)
	cctx, cancel := a.opCtx(ctx)
	defer cancel()
	last, err := removeMemberScript.Run(cctx, a.rdb, a.chanKeys(app, ch), a.id(), userID).Int()
	if err == nil && last < 0 {
		err = errors.New("presence entry missing in Redis")
	}
	if err != nil {
		a.fail(err)
		return false, nil
	}
	return last == 1, nil
}

func (a *Adapter) noteOverflow(o bool) {
	if o {
		a.overflow.Add(1)
	}
}

// Members lists a presence channel's users in join order, cluster-wide;
// while Redis is away, this node's.
func (a *Adapter) Members(ctx context.Context, app, ch string) ([]realtime.Member, error) {
	if !a.up.Load() {
		return a.mir.localMembers(app, ch), nil
	}
	cctx, cancel := a.opCtx(ctx)
	defer cancel()
	var ids *redis.StringSliceCmd
	var infos *redis.MapStringStringCmd
	_, err := a.rdb.TxPipelined(cctx, func(p redis.Pipeliner) error {
		ids = p.ZRange(cctx, a.chanKey(app, ch, "po"), 0, -1)
		infos = p.HGetAll(cctx, a.chanKey(app, ch, "pi"))
		return nil
	})
	if err != nil {
		a.fail(err)
		return a.mir.localMembers(app, ch), nil
	}
	info := infos.Val()
	out := make([]realtime.Member, 0, len(ids.Val()))
	for _, id := range ids.Val() {
		m := realtime.Member{ID: id}
		if s := info[id]; s != "" {
			m.Info = json.RawMessage(s)
		}
		out = append(out, m)
	}
	return out, nil
}
