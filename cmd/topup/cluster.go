package main

import (
	"context"

	"github.com/rs/zerolog"

	"topup/internal/clusterbus"
	"topup/internal/ratelimit"
	"topup/internal/redislimit"
	"topup/realtime"
	"topup/realtime/redisadapter"
)

// cluster is what REDIS_URL turns on: the realtime server runs
// as one node of several sharing Redis, and the store's rate limits hold
// across nodes. Without REDIS_URL every field is nil: one node, in memory.
type cluster struct {
	adapter realtime.Adapter  // nil: realtime.New uses the in-memory adapter
	limiter ratelimit.Limiter // nil: api uses its in-memory limiter
	ready   func(context.Context) error
	// bus empties every node's caches (sessions, catalogue); local to this
	// process without Redis.
	bus *clusterbus.Bus
}

// newCluster reads REDIS_URL, REDIS_PREFIX, REDIS_HEARTBEAT and
// REDIS_NODE_TTL. Redis being unreachable at start is not an error: the node
// serves its own clients and reports not ready until Redis answers.
func newCluster(getenv func(string) string, log zerolog.Logger) (cluster, error) {
	o, ok, err := redisadapter.OptionsFromEnv(getenv)
	if err != nil || !ok {
		return cluster{bus: clusterbus.New(nil, "", log)}, err
	}
	o.Log = log.With().Str("component", "redis").Logger()
	ad, err := redisadapter.New(o)
	if err != nil {
		return cluster{}, err
	}
	lim := redislimit.New(ad.Client(), getenv("REDIS_PREFIX")+"ratelimit:")
	lim.Available = ad.Up
	log.Info().Str("node", ad.NodeID()).Msg("realtime cluster over Redis")
	bus := clusterbus.New(ad.Client(), getenv("REDIS_PREFIX"), log.With().Str("component", "clusterbus").Logger())
	return cluster{adapter: ad, limiter: lim, ready: ad.Ready, bus: bus}, nil
}

// degraded is the Redis check, when there is a Redis: reported by
// /readyz, never failing it. Every node shares the one Redis, and each
// serves the shop correctly without it (rate limits let requests through,
// sessions are read from the database, sockets that missed events are
// reconnected when it is back), so failing readiness on it would turn a
// Redis restart into every node out of rotation at once.
func (c cluster) degraded() map[string]func(context.Context) error {
	if c.ready == nil {
		return nil
	}
	return map[string]func(context.Context) error{"redis": c.ready}
}
