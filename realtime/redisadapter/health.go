package redisadapter

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"time"

	"github.com/redis/go-redis/v9"

	"topup/realtime"
)

// The health loop renews this node's heartbeat, writes its share back when
// Redis lost or never had it, and takes dead nodes out.
func (a *Adapter) healthLoop() {
	defer a.wg.Done()
	a.tick()
	t := time.NewTicker(a.opt.Heartbeat)
	defer t.Stop()
	janitor := time.NewTicker(30 * time.Second)
	defer janitor.Stop()
	for {
		select {
		case <-a.stop:
			return
		case <-t.C:
			a.tick()
		case <-janitor.C:
			if a.up.Load() {
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				a.pruneIndexes(ctx)
				cancel()
			}
		}
	}
}

func newEpoch() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// tickBudget bounds one tick's Redis work: half the node TTL, so a
// heartbeat that makes it in time keeps the node alive, and a slow moment
// of Redis (or of a busy machine) is not taken for an outage.
func (a *Adapter) tickBudget() time.Duration { return a.opt.NodeTTL / 2 }

func (a *Adapter) tick() {
	ctx, cancel := context.WithTimeout(context.Background(), a.tickBudget())
	defer cancel()
	if err := a.bus.start(ctx); err != nil {
		a.fail(err)
		return
	}
	if a.up.Load() && !a.dirty.Load() {
		added, reaping, epoch, err := a.heartbeat(ctx)
		if err != nil {
			a.fail(err)
			return
		}
		if added || reaping {
			// Taken out by the others (this node was too slow): its share is
			// gone or going. It comes back as a new node.
			a.renew.Store(true)
			a.dirty.Store(true)
		} else if epoch != a.epoch {
			a.dirty.Store(true) // Redis restarted empty: write the share back
		}
	}
	if !a.up.Load() && !a.bus.listening() {
		return // not back until this node hears the others again
	}
	if !a.up.Load() || a.dirty.Load() {
		acts, err := a.resync(ctx)
		if err != nil {
			a.fail(err)
			return
		}
		if a.up.CompareAndSwap(false, true) {
			a.upSince = time.Now()
			a.log.Info().Str("node", a.id()).Msg("redisadapter: Redis reachable; node state written back")
			a.recovered()
		}
		if !acts.empty() {
			a.awaitListeners(ctx)
		}
		acts.run(a)
	}
	rctx, rcancel := context.WithTimeout(context.Background(), a.tickBudget())
	defer rcancel()
	a.reap(rctx)
}

// heartbeat renews this node's heartbeat. It reports whether the node had
// to be registered again (the others took it out), whether another node
// is taking it out right now, and the epoch.
func (a *Adapter) heartbeat(ctx context.Context) (added, reaping bool, epoch string, err error) {
	id := a.id()
	var sadd, lease *redis.IntCmd
	var ep *redis.StringCmd
	_, err = a.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		p.Set(ctx, a.nodeKey(id, "alive"), a.aliveValue(), a.opt.NodeTTL)
		sadd = p.SAdd(ctx, a.nodesKey(), id)
		lease = p.Exists(ctx, a.nodeKey(id, "reaper"))
		p.SetNX(ctx, a.epochKey(), newEpoch(), 0)
		ep = p.Get(ctx, a.epochKey())
		return nil
	})
	if err != nil {
		return false, false, "", err
	}
	return sadd.Val() == 1, lease.Val() == 1, ep.Val(), nil
}

// aliveValue is "L" while this node hears every bus channel: the others
// wait for that before announcing what a resync found (awaitListeners).
func (a *Adapter) aliveValue() string {
	if a.bus.listening() {
		return "L"
	}
	return "-"
}

// actions are the announcements a resync or a reap owes the cluster; they
// run after the state is up so that they travel to every node.
type actions struct {
	added    []memberKeyInfo
	removed  []memberKey
	occupied []chanKey
	vacated  []chanKey
	statuses []userStatus
}

type memberKeyInfo struct {
	k    memberKey
	info []byte
}

func (acts actions) empty() bool {
	return len(acts.added)+len(acts.removed)+len(acts.occupied)+len(acts.vacated)+len(acts.statuses) == 0
}

// awaitListeners holds the announcements of a resync until every
// registered node hears the bus again (pub/sub keeps nothing for a node
// that is still reconnecting), for at most half the node TTL so the
// heartbeat never lapses. Other nodes re-register within a heartbeat or two
// of Redis coming back, so at least two heartbeats are given.
func (a *Adapter) awaitListeners(ctx context.Context) {
	start := time.Now()
	limit := a.opt.NodeTTL / 2
	for time.Since(start) < limit {
		if time.Since(start) >= 2*a.opt.Heartbeat && a.everyoneListens() {
			return
		}
		select {
		case <-a.stop:
			return
		case <-time.After(a.opt.Heartbeat / 4):
		}
	}
}

func (a *Adapter) everyoneListens() bool {
	ctx, cancel := context.WithTimeout(context.Background(), a.tickBudget())
	defer cancel()
	nodes, err := a.rdb.SMembers(ctx, a.nodesKey()).Result()
	if err != nil {
		return true // nothing to wait for that can be known
	}
	alive := make([]*redis.StringCmd, len(nodes))
	_, _ = a.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		for i, n := range nodes {
			alive[i] = p.Get(ctx, a.nodeKey(n, "alive"))
		}
		return nil
	})
	for _, v := range alive {
		if v.Val() == "-" {
			return false
		}
	}
	return true
}

func (acts actions) run(a *Adapter) {
	for _, m := range acts.added {
		a.node.MemberAdded(m.k.app, m.k.channel, memberOf(m))
	}
	for _, k := range acts.removed {
		a.node.MemberRemoved(k.app, k.channel, k.user)
	}
	for _, k := range acts.occupied {
		a.node.ChannelOccupied(k.app, k.channel)
	}
	for _, k := range acts.vacated {
		a.node.ChannelVacated(k.app, k.channel)
	}
	for _, st := range acts.statuses {
		a.announceStatus(st)
	}
}

func memberOf(m memberKeyInfo) (out realtime.Member) {
	out.ID = m.k.user
	if len(m.info) > 0 {
		out.Info = m.info
	}
	return out
}

// reap takes every node without a heartbeat out of the cluster (this
// process's former id too, after it came back as a new node). The node
// doing it holds a lease on the dead node's reaping, so normally one node
// does it, and each channel's and user's share goes in one script: were
// two nodes to reap the same node, each change is still made (and
// announced) once. A lease left by a reaper that died expires and the
// next one finishes the work.
func (a *Adapter) reap(ctx context.Context) {
	// Back from an outage, this node gives the others a node TTL to come
	// back too: their heartbeats lapsed in the same outage, and taking them
	// out would flap their members and users off and on again.
	if time.Since(a.upSince) < a.opt.NodeTTL {
		return
	}
	me := a.id()
	nodes, err := a.rdb.SMembers(ctx, a.nodesKey()).Result()
	if err != nil {
		a.fail(err)
		return
	}
	alive := make([]*redis.IntCmd, len(nodes))
	_, err = a.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		for i, n := range nodes {
			alive[i] = p.Exists(ctx, a.nodeKey(n, "alive"))
		}
		return nil
	})
	if err != nil {
		a.fail(err)
		return
	}
	for i, n := range nodes {
		if n != me && alive[i].Val() == 0 {
			a.reapNode(n)
		}
	}
}

// reapNode takes one dead node's share out and announces what changed.
func (a *Adapter) reapNode(dead string) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*a.opt.Heartbeat)
	defer cancel()
	lease := a.nodeKey(dead, "reaper")
	if ok, err := a.rdb.SetNX(ctx, lease, a.id(), 30*time.Second).Result(); err != nil || !ok {
		return
	}
	if n, err := a.rdb.Exists(ctx, a.nodeKey(dead, "alive")).Result(); err != nil || n == 1 {
		a.rdb.Del(ctx, lease) // back to life
		return
	}
	acts, err := a.takeOut(ctx, dead)
	if err != nil {
		a.fail(err)
		return // the lease expires; the next reaper finishes
	}
	_, _ = a.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		p.Del(ctx, a.nodeKey(dead, "chans"), a.nodeKey(dead, "users"))
		p.SRem(ctx, a.nodesKey(), dead)
		p.Del(ctx, lease)
		return nil
	})
	a.reaped.Add(1)
	a.log.Warn().Str("node", dead).Int("members_removed", len(acts.removed)).Int("channels_vacated", len(acts.vacated)).
		Int("users_offline", len(acts.statuses)).Msg("redisadapter: took a dead node out of the cluster")
	acts.run(a)
}

// takeOut runs the reap scripts over a dead node's channels and users.
func (a *Adapter) takeOut(ctx context.Context, dead string) (actions, error) {
	var acts actions
	chans, err := a.rdb.SMembers(ctx, a.nodeKey(dead, "chans")).Result()
	if err != nil {
		return acts, err
	}
	users, err := a.rdb.SMembers(ctx, a.nodeKey(dead, "users")).Result()
	if err != nil {
		return acts, err
	}
	chanRes := make([]*redis.Cmd, len(chans))
	userRes := make([]*redis.Cmd, len(users))
	_, err = a.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		for i, c := range chans {
			if app, ch, ok := unpair(c); ok {
				chanRes[i] = reapChannelScript.Eval(ctx, p, a.chanKeys(app, ch), dead)
			}
		}
		for i, u := range users {
			if app, user, ok := unpair(u); ok {
				userRes[i] = userScript.Eval(ctx, p, a.userKeys(app, user), dead, "0", "0")
			}
		}
		return nil
	})
	if err != nil {
		return acts, err
	}
	for i, c := range chans {
		if chanRes[i] == nil {
			continue
		}
		app, ch, _ := unpair(c)
		xs, _ := chanRes[i].Val().([]any)
		if len(xs) != 2 {
			continue
		}
		if v, _ := xs[0].(int64); v == 1 {
			acts.vacated = append(acts.vacated, chanKey{app, ch})
		}
		for _, u := range strs(xs[1]) {
			acts.removed = append(acts.removed, memberKey{app, ch, u})
		}
	}
	for i, u := range users {
		if userRes[i] == nil {
			continue
		}
		app, user, _ := unpair(u)
		if moved, v, _ := userResult(userRes[i].Val()); moved < 0 {
			acts.statuses = append(acts.statuses, userStatus{App: app, User: user, Version: v})
		}
	}
	return acts, nil
}

func strs(v any) []string {
	xs, _ := v.([]any)
	out := make([]string, 0, len(xs))
	for _, x := range xs {
		s, _ := x.(string)
		out = append(out, s)
	}
	return out
}

func ints(v any) []int64 {
	xs, _ := v.([]any)
	out := make([]int64, 0, len(xs))
	for _, x := range xs {
		n, _ := x.(int64)
		out = append(out, n)
	}
	return out
}
