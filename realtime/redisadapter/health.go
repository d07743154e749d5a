package redisadapter

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
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
	for {
		select {
		case <-a.stop:
			return
		case <-t.C:
			a.tick()
		}
	}
}

func newEpoch() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func (a *Adapter) tick() {
	ctx, cancel := context.WithTimeout(context.Background(), a.opt.Heartbeat)
	defer cancel()
	if a.up.Load() && !a.dirty.Load() {
		v, err := heartbeatScript.Run(ctx, a.rdb, nil, a.opt.Prefix, a.opt.NodeID, a.opt.NodeTTL.Milliseconds(), newEpoch()).Slice()
		if err != nil {
			a.fail(err)
			return
		}
		added, _ := v[0].(int64)
		epoch, _ := v[1].(string)
		if added == 1 || epoch != a.epoch {
			// Reaped by the others (we were too slow), or Redis restarted
			// empty: write our share back.
			a.dirty.Store(true)
		}
	}
	if !a.up.Load() && !a.listening.Load() {
		return // not back until this node hears the others again
	}
	if !a.up.Load() || a.dirty.Load() {
		acts, err := a.resync(ctx)
		if err != nil {
			a.fail(err)
			return
		}
		if a.up.CompareAndSwap(false, true) {
			a.log.Info().Str("node", a.opt.NodeID).Msg("redisadapter: Redis reachable; node state written back")
		}
		if !acts.empty() {
			a.awaitListeners(ctx)
		}
		acts.run(a)
	}
	rctx, rcancel := context.WithTimeout(context.Background(), a.opt.Heartbeat)
	defer rcancel()
	a.reap(rctx)
}

// actions are the announcements a resync or a reap owes the cluster; they
// run after the state is up so that they travel to every node.
type actions struct {
	added    []memberKeyInfo
	removed  []memberKey
	occupied []chanKey
	vacated  []chanKey
}

type memberKeyInfo struct {
	k    memberKey
	info []byte
}

func (acts actions) empty() bool {
	return len(acts.added)+len(acts.removed)+len(acts.occupied)+len(acts.vacated) == 0
}

// awaitListeners holds the announcements of a resync until every
// registered node is subscribed to the bus again (pub/sub keeps nothing for
// a node that is still reconnecting), for at most half the node TTL so the
// heartbeat never lapses. Other nodes re-register within a heartbeat or two
// of Redis coming back, so at least two heartbeats are given.
func (a *Adapter) awaitListeners(ctx context.Context) {
	start := time.Now()
	limit := a.opt.NodeTTL / 2
	for time.Since(start) < limit {
		if time.Since(start) >= 2*a.opt.Heartbeat {
			var subs *redis.MapStringIntCmd
			var nodes *redis.IntCmd
			_, err := a.rdb.Pipelined(context.Background(), func(p redis.Pipeliner) error {
				subs = p.PubSubNumSub(context.Background(), a.bus)
				nodes = p.SCard(context.Background(), a.opt.Prefix+"nodes")
				return nil
			})
			if err != nil || subs.Val()[a.bus] >= nodes.Val() {
				return
			}
		}
		select {
		case <-a.stop:
			return
		case <-time.After(a.opt.Heartbeat / 4):
		}
	}
}

func (acts actions) run(a *Adapter) {
	for _, m := range acts.added {
		mm := a.memberOf(m)
		a.node.MemberAdded(m.k.app, m.k.channel, mm)
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
}

// resync makes Redis hold exactly this node's mirror and works out what to
// announce. If Redis kept its data (this node was only cut off, or was
// reaped), every change the script reports is news to the cluster. If Redis
// lost its data (new epoch), every node writes its share back and only what
// changed during the outage is announced: the clients knew the rest.
func (a *Adapter) resync(ctx context.Context) (actions, error) {
	a.opMu.Lock()
	defer a.opMu.Unlock()
	s := a.mir.snapshot()
	args := []any{a.opt.Prefix, a.opt.NodeID, a.opt.NodeTTL.Milliseconds(), newEpoch(), len(s.members)}
	for i, k := range s.members {
		args = append(args, k.app, k.channel, k.user, string(s.infos[i].Info))
	}
	args = append(args, len(s.subs))
	for i, k := range s.subs {
		args = append(args, k.app, k.channel, s.counts[i])
	}
	args = append(args, len(s.removed))
	for _, k := range s.removed {
		args = append(args, k.app, k.channel, k.user)
	}
	args = append(args, len(s.vacated))
	for _, k := range s.vacated {
		args = append(args, k.app, k.channel)
	}
	v, err := resyncScript.Run(ctx, a.rdb, nil, args...).Slice()
	if err != nil {
		return actions{}, err
	}
	if len(v) != 7 {
		return actions{}, fmt.Errorf("redisadapter: resync answered %d values", len(v))
	}
	epoch, _ := v[6].(string)
	lost := a.epoch != "" && epoch != a.epoch
	a.epoch = epoch

	var acts actions
	seenRemoved := map[memberKey]bool{}
	for _, x := range ints(v[0]) {
		i := int(x) - 1
		if i < 0 || i >= len(s.members) || (lost && s.known[i]) {
			continue
		}
		acts.added = append(acts.added, memberKeyInfo{s.members[i], s.infos[i].Info})
	}
	for _, t := range triples(v[1]) {
		k := memberKey{t[0], t[1], t[2]}
		seenRemoved[k] = true
		acts.removed = append(acts.removed, k)
	}
	for _, x := range ints(v[4]) {
		if i := int(x) - 1; i >= 0 && i < len(s.removed) && !seenRemoved[s.removed[i]] {
			acts.removed = append(acts.removed, s.removed[i])
		}
	}
	for _, p := range pairs(v[2]) {
		k := chanKey{p[0], p[1]}
		if !lost || s.newCh[k] {
			acts.occupied = append(acts.occupied, k)
		}
	}
	seenVacated := map[chanKey]bool{}
	for _, p := range pairs(v[3]) {
		k := chanKey{p[0], p[1]}
		seenVacated[k] = true
		acts.vacated = append(acts.vacated, k)
	}
	for _, x := range ints(v[5]) {
		if i := int(x) - 1; i >= 0 && i < len(s.vacated) && !seenVacated[s.vacated[i]] {
			acts.vacated = append(acts.vacated, s.vacated[i])
		}
	}
	a.mir.synced()
	a.dirty.Store(false)
	a.resyncs.Add(1)
	if len(s.members) > 0 || len(s.subs) > 0 || lost {
		a.log.Info().Str("node", a.opt.NodeID).Int("members", len(s.members)).Int("channels", len(s.subs)).
			Bool("redis_lost_data", lost).Int("announced_added", len(acts.added)).Int("announced_removed", len(acts.removed)).
			Msg("redisadapter: resynced")
	}
	return acts, nil
}

// reap takes every node without a heartbeat out of the cluster; the script
// is atomic, so exactly one node announces each change.
func (a *Adapter) reap(ctx context.Context) {
	v, err := reapScript.Run(ctx, a.rdb, nil, a.opt.Prefix, a.opt.NodeID).Slice()
	if err != nil {
		a.fail(err)
		return
	}
	if len(v) != 3 {
		return
	}
	var acts actions
	for _, t := range triples(v[0]) {
		acts.removed = append(acts.removed, memberKey{t[0], t[1], t[2]})
	}
	for _, p := range pairs(v[1]) {
		acts.vacated = append(acts.vacated, chanKey{p[0], p[1]})
	}
	nodes := strs(v[2])
	if len(nodes) == 0 {
		return
	}
	a.reaped.Add(int64(len(nodes)))
	a.log.Warn().Strs("nodes", nodes).Int("members_removed", len(acts.removed)).Int("channels_vacated", len(acts.vacated)).
		Msg("redisadapter: took dead nodes out of the cluster")
	acts.run(a)
}

func (a *Adapter) memberOf(m memberKeyInfo) (out realtime.Member) {
	out.ID = m.k.user
	if len(m.info) > 0 {
		out.Info = m.info
	}
	return out
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

func pairs(v any) [][2]string {
	s := strs(v)
	out := make([][2]string, 0, len(s)/2)
	for i := 0; i+1 < len(s); i += 2 {
		out = append(out, [2]string{s[i], s[i+1]})
	}
	return out
}

func triples(v any) [][3]string {
	s := strs(v)
	out := make([][3]string, 0, len(s)/3)
	for i := 0; i+2 < len(s); i += 3 {
		out = append(out, [3]string{s[i], s[i+1], s[i+2]})
	}
	return out
}
