package redisadapter

import (
	"context"
	"fmt"

	"github.com/redis/go-redis/v9"
)

// resync makes Redis hold exactly this node's mirror and works out what to
// announce. If Redis kept its data (this node was only cut off, or was
// taken out for dead), every change the scripts report is news to the
// cluster. If Redis lost its data (a new epoch), every node writes its
// share back and only what changed during the outage is announced: the
// clients knew the rest.
func (a *Adapter) resync(ctx context.Context) (actions, error) {
	a.opMu.Lock()
	defer a.opMu.Unlock()
	if a.renew.Load() {
		old := a.id()
		a.setNodeID(newNodeID())
		a.renew.Store(false)
		// The old id's heartbeat goes now, so it is taken out at once.
		a.rdb.Del(ctx, a.nodeKey(old, "alive"))
		a.log.Warn().Str("old", old).Str("node", a.id()).Msg("redisadapter: taken out for dead; back as a new node")
	}
	id := a.id()
	chans, users := a.mir.snapshot()
	chans, users, err := a.withStale(ctx, id, chans, users)
	if err != nil {
		return actions{}, err
	}
	chanRes := make([]*redis.Cmd, len(chans))
	userRes := make([]*redis.Cmd, len(users))
	nowChans, nowUsers := a.mir.channelsAndUsers()
	var ep *redis.StringCmd
	_, err = a.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		for i, cs := range chans {
			args := []any{id, cs.count, len(cs.members)}
			for _, m := range cs.members {
				args = append(args, m.ID, string(m.Info))
			}
			args = append(args, len(cs.gone))
			for _, u := range cs.gone {
				args = append(args, u)
			}
			args = append(args, flag(cs.vacated))
			chanRes[i] = resyncChannelScript.Eval(ctx, p, a.chanKeys(cs.app, cs.channel), args...)
			if cs.count > 0 {
				a.seeApp(cs.app)
				indexScript.Eval(ctx, p, []string{a.appKey(cs.app, "chans"), a.appKey(cs.app, "seq")}, cs.channel)
			}
		}
		for i, us := range users {
			userRes[i] = userScript.Eval(ctx, p, a.userKeys(us.app, us.user), id, flag(us.online), flag(us.offline))
		}
		p.Del(ctx, a.nodeKey(id, "chans"), a.nodeKey(id, "users"))
		if len(nowChans) > 0 {
			p.SAdd(ctx, a.nodeKey(id, "chans"), anys(nowChans)...)
		}
		if len(nowUsers) > 0 {
			p.SAdd(ctx, a.nodeKey(id, "users"), anys(nowUsers)...)
		}
		p.Set(ctx, a.nodeKey(id, "alive"), a.aliveValue(), a.opt.NodeTTL)
		p.SAdd(ctx, a.nodesKey(), id)
		p.SetNX(ctx, a.epochKey(), newEpoch(), 0)
		ep = p.Get(ctx, a.epochKey())
		return nil
	})
	if err != nil {
		return actions{}, err
	}
	epoch := ep.Val()
	lost := a.epoch != "" && epoch != a.epoch
	a.epoch = epoch

	var acts actions
	for i, cs := range chans {
		if err := acts.addChannel(cs, chanRes[i].Val(), lost); err != nil {
			return actions{}, err
		}
	}
	for i, us := range users {
		moved, v, offline := userResult(userRes[i].Val())
		switch {
		case moved > 0 && (!lost || !us.known):
			acts.statuses = append(acts.statuses, userStatus{App: us.app, User: us.user, Online: true, Version: v})
		case moved < 0 || (offline && us.offline):
			acts.statuses = append(acts.statuses, userStatus{App: us.app, User: us.user, Version: v})
		}
	}
	a.mir.synced()
	a.dirty.Store(false)
	a.resyncs.Add(1)
	if len(chans) > 0 || len(users) > 0 || lost {
		a.log.Info().Str("node", id).Int("channels", len(chans)).Int("users", len(users)).
			Bool("redis_lost_data", lost).Int("announced_added", len(acts.added)).Int("announced_removed", len(acts.removed)).
			Msg("redisadapter: resynced")
	}
	return acts, nil
}

// withStale adds to the snapshot what Redis still lists for this node but
// the node no longer has (it left while Redis was away): the resync takes
// those out.
func (a *Adapter) withStale(ctx context.Context, id string, chans []chanShare, users []userShare) ([]chanShare, []userShare, error) {
	var ic, iu *redis.StringSliceCmd
	_, err := a.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		ic = p.SMembers(ctx, a.nodeKey(id, "chans"))
		iu = p.SMembers(ctx, a.nodeKey(id, "users"))
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	haveC := map[chanKey]bool{}
	for _, cs := range chans {
		haveC[cs.chanKey] = true
	}
	for _, s := range ic.Val() {
		if app, ch, ok := unpair(s); ok && !haveC[chanKey{app, ch}] {
			chans = append(chans, chanShare{chanKey: chanKey{app, ch}})
		}
	}
	haveU := map[userKey]bool{}
	for _, us := range users {
		haveU[us.userKey] = true
	}
	for _, s := range iu.Val() {
		if app, user, ok := unpair(s); ok && !haveU[userKey{app, user}] {
			users = append(users, userShare{userKey: userKey{app, user}})
		}
	}
	return chans, users, nil
}

// addChannel reads one channel's resync answer {moved, added, removed,
// gone, vacant} into the announcements.
func (acts *actions) addChannel(cs chanShare, v any, lost bool) error {
	xs, _ := v.([]any)
	if len(xs) != 5 {
		return fmt.Errorf("redisadapter: resync of %s answered %v", cs.channel, v)
	}
	k := cs.chanKey
	for _, x := range ints(xs[1]) {
		i := int(x) - 1
		if i < 0 || i >= len(cs.members) || (lost && cs.known[i]) {
			continue
		}
		acts.added = append(acts.added, memberKeyInfo{memberKey{k.app, k.channel, cs.members[i].ID}, cs.members[i].Info})
	}
	removed := map[string]bool{}
	for _, u := range strs(xs[2]) {
		removed[u] = true
		acts.removed = append(acts.removed, memberKey{k.app, k.channel, u})
	}
	for _, x := range ints(xs[3]) {
		if i := int(x) - 1; i >= 0 && i < len(cs.gone) && !removed[cs.gone[i]] {
			acts.removed = append(acts.removed, memberKey{k.app, k.channel, cs.gone[i]})
		}
	}
	moved, _ := xs[0].(int64)
	vacant, _ := xs[4].(int64)
	switch {
	case moved == 1 && (!lost || cs.isNew):
		acts.occupied = append(acts.occupied, k)
	case moved == -1 || (vacant == 1 && cs.vacated):
		acts.vacated = append(acts.vacated, k)
	}
	return nil
}

func anys(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}
