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
	cctx, cancel := a.opCtx(ctx)
	defer cancel()
	k := app + ":" + ch
	p := a.opt.Prefix
	first, err := addMemberScript.Run(cctx, a.rdb,
		[]string{p + "nm:" + a.opt.NodeID, p + "pr:" + k, p + "pi:" + k, p + "po:" + k, p + "seq"},
		app+sep+ch+sep+m.ID, m.ID, string(m.Info)).Int()
	if err != nil {
		a.fail(err)
		a.mir.addMember(app, ch, m, false)
		return false, nil
	}
	a.mir.addMember(app, ch, m, true)
	return first == 1, nil
}

// RemoveMember records a user's last connection on this node leaving.
func (a *Adapter) RemoveMember(ctx context.Context, app, ch, userID string) (bool, error) {
	a.opMu.RLock()
	defer a.opMu.RUnlock()
	if !a.up.Load() {
		a.noteOverflow(a.mir.removeMember(app, ch, userID, true))
		return false, nil
	}
	cctx, cancel := a.opCtx(ctx)
	defer cancel()
	k := app + ":" + ch
	p := a.opt.Prefix
	last, err := removeMemberScript.Run(cctx, a.rdb,
		[]string{p + "nm:" + a.opt.NodeID, p + "pr:" + k, p + "pi:" + k, p + "po:" + k},
		app+sep+ch+sep+userID, userID).Int()
	if err == nil && last < 0 {
		err = errors.New("presence entry missing in Redis")
	}
	if err != nil {
		a.fail(err)
		a.noteOverflow(a.mir.removeMember(app, ch, userID, true))
		return false, nil
	}
	a.mir.removeMember(app, ch, userID, false)
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
		ids = p.ZRange(cctx, a.key("po:", app, ch), 0, -1)
		infos = p.HGetAll(cctx, a.key("pi:", app, ch))
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
