package redisadapter

import "strings"

// Redis layout, under the prefix P (default "pusher:"). Every key carries a
// hash tag ({…}), so on a Redis Cluster the keys one script touches are in
// one slot: a channel's counts, presence and cache live on one shard, a
// user's online state on one, a node's index on one.
//
//	P{APP:CH}:subs       STRING the channel's subscriptions, cluster-wide
//	P{APP:CH}:ns         HASH   node → that node's subscriptions
//	P{APP:CH}:pr         HASH   user → how many nodes have the user
//	P{APP:CH}:pn         SET    "node\x1fuser": which node has which user
//	P{APP:CH}:pi         HASH   user → user_info ("" for none), the first node's
//	P{APP:CH}:po         ZSET   user by join time: the member order
//	P{APP:CH}:cache      STRING last event of a cache channel, expiring
//	P{APP:CH}:claim:WHAT STRING held for a window by the node that claimed it
//	P{APP:#u:USER}:on    HASH   node → 1 while the node has the user signed in
//	P{APP:#u:USER}:v     STRING version (µs) of the user's last status change
//	P{#a:APP}:chans      ZSET   channels that became occupied, by a counter:
//	                            GET /channels lists them (pruned when empty)
//	P{#a:APP}:seq        STRING that counter
//	P{#n:NODE}:alive     STRING a node's heartbeat, expiring after NodeTTL;
//	                            "L" while the node hears every bus channel
//	P{#n:NODE}:chans     SET    "app\x1fchannel" where the node has a share
//	P{#n:NODE}:users     SET    "app\x1fuser" the node has signed in
//	P{#n:NODE}:reaper    STRING held by the node taking this dead node out
//	P{#nodes}            SET    ids of the nodes that hold state
//	P{#epoch}            STRING random, set once: changes when Redis lost its data
//	P bus / P{#bus:N}    pub/sub channels (bus.go)
//
// Channel names and user ids cannot hold ':' or '{', so the tags are
// unambiguous and never end early; the prefix may hold neither brace.

const sep = "\x1f"

func (a *Adapter) chanKey(app, ch, kind string) string {
	return a.opt.Prefix + "{" + app + ":" + ch + "}:" + kind
}

// chanKeys are the keys of one channel the presence and count scripts take.
func (a *Adapter) chanKeys(app, ch string) []string {
	return []string{
		a.chanKey(app, ch, "subs"), a.chanKey(app, ch, "ns"), a.chanKey(app, ch, "pr"),
		a.chanKey(app, ch, "pn"), a.chanKey(app, ch, "pi"), a.chanKey(app, ch, "po"),
	}
}

func (a *Adapter) userKeys(app, user string) []string {
	tag := a.opt.Prefix + "{" + app + ":#u:" + user + "}:"
	return []string{tag + "on", tag + "v"}
}

func (a *Adapter) appKey(app, kind string) string {
	return a.opt.Prefix + "{#a:" + app + "}:" + kind
}

func (a *Adapter) nodeKey(node, kind string) string {
	return a.opt.Prefix + "{#n:" + node + "}:" + kind
}

func (a *Adapter) nodesKey() string { return a.opt.Prefix + "{#nodes}" }
func (a *Adapter) epochKey() string { return a.opt.Prefix + "{#epoch}" }

// pair and unpair write and read the "app\x1fname" members of a node's
// index sets.
func pair(app, name string) string { return app + sep + name }

func unpair(s string) (app, name string, ok bool) {
	return strings.Cut(s, sep)
}
