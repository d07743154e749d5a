package redisadapter

import "github.com/redis/go-redis/v9"

// Redis layout, under the prefix P (default "pusher:"):
//
//	P nodes               SET    ids of the nodes that hold state
//	P alive:NODE          STRING a node's heartbeat, expiring after NodeTTL
//	P nm:NODE             SET    the node's presence entries "app\x1fchannel\x1fuser"
//	P ns:NODE             HASH   "app\x1fchannel" → the node's subscriptions
//	P subs:APP            HASH   channel → subscriptions, cluster-wide
//	P pr:APP:CHANNEL      HASH   user → how many nodes have the user on the channel
//	P pi:APP:CHANNEL      HASH   user → user_info ("" for none), the first node's
//	P po:APP:CHANNEL      ZSET   user by join sequence: the member order
//	P seq                 STRING the join sequence
//	P cache:APP:CHANNEL   STRING last event of a cache channel, expiring
//	P epoch               STRING random, set once: changes when Redis lost its data
//	P bus                 pub/sub channel every node publishes to and reads
//
// Everything a node contributes is recorded under its own nm/ns keys, so
// the node that finds it dead (no alive key) takes exactly that back out,
// in one script, once. Channel names cannot hold ':', so keys are unambiguous.
// The scripts build key names from the prefix: a single Redis (or a
// primary with replicas), not Redis Cluster.

// addMemberScript: KEYS nm:NODE, pr, pi, po, seq; ARGV entry, user, info.
// Returns 1 when the user is now on the channel and was on no node before.
var addMemberScript = redis.NewScript(`
if redis.call('SADD', KEYS[1], ARGV[1]) == 0 then return 0 end
local n = redis.call('HINCRBY', KEYS[2], ARGV[2], 1)
if n == 1 then
  redis.call('HSET', KEYS[3], ARGV[2], ARGV[3])
  redis.call('ZADD', KEYS[4], redis.call('INCR', KEYS[5]), ARGV[2])
  return 1
end
return 0
`)

// removeMemberScript: KEYS nm:NODE, pr, pi, po; ARGV entry, user. Returns
// 1 when no node has the user on the channel any more, 0 when another node
// still has, -1 when this node had no such entry in Redis (lost data: the
// caller resyncs).
var removeMemberScript = redis.NewScript(`
if redis.call('SREM', KEYS[1], ARGV[1]) == 0 then return -1 end
local n = redis.call('HINCRBY', KEYS[2], ARGV[2], -1)
if n <= 0 then
  redis.call('HDEL', KEYS[2], ARGV[2])
  redis.call('HDEL', KEYS[3], ARGV[2])
  redis.call('ZREM', KEYS[4], ARGV[2])
  return 1
end
return 0
`)

// countScript: KEYS ns:NODE, subs:APP; ARGV field, channel, +1 or -1.
// Returns the cluster-wide count after, or -1 when this node had nothing
// counted for the channel (lost data: the caller resyncs).
var countScript = redis.NewScript(`
if tonumber(ARGV[3]) > 0 then
  redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
  return redis.call('HINCRBY', KEYS[2], ARGV[2], 1)
end
local mine = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
if mine <= 0 then return -1 end
if mine == 1 then redis.call('HDEL', KEYS[1], ARGV[1]) else redis.call('HINCRBY', KEYS[1], ARGV[1], -1) end
local t = redis.call('HINCRBY', KEYS[2], ARGV[2], -1)
if t <= 0 then
  redis.call('HDEL', KEYS[2], ARGV[2])
  return 0
end
return t
`)

// channelsScript: KEYS subs:APP; ARGV the pr key prefix "P pr:APP:".
// Returns channel, subscriptions, users triples.
var channelsScript = redis.NewScript(`
local all = redis.call('HGETALL', KEYS[1])
local out = {}
for i = 1, #all, 2 do
  local ch = all[i]
  local users = 0
  if string.sub(ch, 1, 9) == 'presence-' then users = redis.call('HLEN', ARGV[1] .. ch) end
  out[#out + 1] = ch
  out[#out + 1] = tonumber(all[i + 1])
  out[#out + 1] = users
end
return out
`)

// The shared Lua helpers of the reaper and the resync: take one presence
// entry or a subscription delta out of (or into) the cluster-wide keys.
const luaHelpers = `
local P = ARGV[1]
local function split(e)
  return string.match(e, '^(.-)\31(.-)\31(.*)$')
end
local function splitf(f)
  return string.match(f, '^(.-)\31(.*)$')
end
local function dropMember(app, ch, user)
  local k = app .. ':' .. ch
  local n = redis.call('HINCRBY', P .. 'pr:' .. k, user, -1)
  if n <= 0 then
    redis.call('HDEL', P .. 'pr:' .. k, user)
    redis.call('HDEL', P .. 'pi:' .. k, user)
    redis.call('ZREM', P .. 'po:' .. k, user)
    return true
  end
  return false
end
local function addMember(app, ch, user, info)
  local k = app .. ':' .. ch
  local n = redis.call('HINCRBY', P .. 'pr:' .. k, user, 1)
  if n == 1 then
    redis.call('HSET', P .. 'pi:' .. k, user, info)
    redis.call('ZADD', P .. 'po:' .. k, redis.call('INCR', P .. 'seq'), user)
    return true
  end
  return false
end
-- count moves a channel's cluster-wide count by d: 1 = became occupied,
-- -1 = became vacant, 0 = neither.
local function count(app, ch, d)
  local key = P .. 'subs:' .. app
  local before = tonumber(redis.call('HGET', key, ch) or '0')
  local after = before + d
  if after <= 0 then
    redis.call('HDEL', key, ch)
    after = 0
  else
    redis.call('HSET', key, ch, after)
  end
  if before <= 0 and after > 0 then return 1 end
  if before > 0 and after <= 0 then return -1 end
  return 0
end
`

// reapScript: ARGV prefix, this node. Takes every node without a heartbeat
// out of the cluster. Returns {removed members (app, channel, user)...},
// {vacated channels (app, channel)...}, {reaped node ids}.
var reapScript = redis.NewScript(luaHelpers + `
local removed, vacated, reaped = {}, {}, {}
for _, node in ipairs(redis.call('SMEMBERS', P .. 'nodes')) do
  if node ~= ARGV[2] and redis.call('EXISTS', P .. 'alive:' .. node) == 0 then
    for _, e in ipairs(redis.call('SMEMBERS', P .. 'nm:' .. node)) do
      local app, ch, user = split(e)
      if app and dropMember(app, ch, user) then
        removed[#removed + 1] = app
        removed[#removed + 1] = ch
        removed[#removed + 1] = user
      end
    end
    local ns = redis.call('HGETALL', P .. 'ns:' .. node)
    for i = 1, #ns, 2 do
      local app, ch = splitf(ns[i])
      if app and count(app, ch, -tonumber(ns[i + 1])) == -1 then
        vacated[#vacated + 1] = app
        vacated[#vacated + 1] = ch
      end
    end
    redis.call('DEL', P .. 'nm:' .. node, P .. 'ns:' .. node)
    redis.call('SREM', P .. 'nodes', node)
    reaped[#reaped + 1] = node
  end
end
return {removed, vacated, reaped}
`)

// heartbeatScript: ARGV prefix, node, ttl ms, candidate epoch. Renews the
// node's heartbeat and returns {1 if the node was not registered (it was
// reaped, or Redis lost its data), the epoch}.
var heartbeatScript = redis.NewScript(`
local P = ARGV[1]
redis.call('SET', P .. 'alive:' .. ARGV[2], '1', 'PX', ARGV[3])
local added = redis.call('SADD', P .. 'nodes', ARGV[2])
redis.call('SET', P .. 'epoch', ARGV[4], 'NX')
return {added, redis.call('GET', P .. 'epoch')}
`)

// resyncScript makes Redis hold exactly what this node has, whatever Redis
// held for it before (nothing after a restart, stale entries after a
// partition), and reports what changed cluster-wide.
//
// ARGV: prefix, node, ttl ms, candidate epoch,
//
//	M, then M × (app, channel, user, info)   this node's members
//	S, then S × (app, channel, count)        this node's subscriptions
//	C, then C × (app, channel, user)         members to check are gone
//	V, then V × (app, channel)               channels to check are vacant
//
// Returns {indexes (1-based) of members that were on no node before},
// {removed (app, channel, user)...}, {occupied (app, channel)...},
// {vacated (app, channel)...}, {indexes of C now gone}, {indexes of V now
// vacant}, epoch.
var resyncScript = redis.NewScript(luaHelpers + `
local node = ARGV[2]
local nmk, nsk = P .. 'nm:' .. node, P .. 'ns:' .. node
local i = 5
local want, wl = {}, {}
local m = tonumber(ARGV[i]); i = i + 1
for j = 1, m do
  local w = {ARGV[i], ARGV[i + 1], ARGV[i + 2], ARGV[i + 3]}
  i = i + 4
  wl[j] = w
  want[w[1] .. '\31' .. w[2] .. '\31' .. w[3]] = true
end
local added, removed, occupied, vacated, gone, empty = {}, {}, {}, {}, {}, {}
for _, e in ipairs(redis.call('SMEMBERS', nmk)) do
  if not want[e] then
    redis.call('SREM', nmk, e)
    local app, ch, user = split(e)
    if app and dropMember(app, ch, user) then
      removed[#removed + 1] = app
      removed[#removed + 1] = ch
      removed[#removed + 1] = user
    end
  end
end
for j = 1, m do
  local w = wl[j]
  if redis.call('SADD', nmk, w[1] .. '\31' .. w[2] .. '\31' .. w[3]) == 1 then
    if addMember(w[1], w[2], w[3], w[4]) then added[#added + 1] = j end
  end
end
local cur = {}
local h = redis.call('HGETALL', nsk)
for j = 1, #h, 2 do cur[h[j]] = tonumber(h[j + 1]) end
local s = tonumber(ARGV[i]); i = i + 1
local ws = {}
for j = 1, s do
  local f = ARGV[i] .. '\31' .. ARGV[i + 1]
  ws[f] = {ARGV[i], ARGV[i + 1], tonumber(ARGV[i + 2])}
  i = i + 3
end
local function moved(app, ch, t)
  if t == 1 then
    occupied[#occupied + 1] = app
    occupied[#occupied + 1] = ch
  elseif t == -1 then
    vacated[#vacated + 1] = app
    vacated[#vacated + 1] = ch
  end
end
for f, c in pairs(cur) do
  if not ws[f] then
    local app, ch = splitf(f)
    redis.call('HDEL', nsk, f)
    if app then moved(app, ch, count(app, ch, -c)) end
  end
end
for f, w in pairs(ws) do
  local c = cur[f] or 0
  if w[3] ~= c then
    redis.call('HSET', nsk, f, w[3])
    moved(w[1], w[2], count(w[1], w[2], w[3] - c))
  end
end
local c = tonumber(ARGV[i]); i = i + 1
for j = 1, c do
  if redis.call('HEXISTS', P .. 'pr:' .. ARGV[i] .. ':' .. ARGV[i + 1], ARGV[i + 2]) == 0 then gone[#gone + 1] = j end
  i = i + 3
end
local v = tonumber(ARGV[i]); i = i + 1
for j = 1, v do
  if redis.call('HEXISTS', P .. 'subs:' .. ARGV[i], ARGV[i + 1]) == 0 then empty[#empty + 1] = j end
  i = i + 2
end
redis.call('SET', P .. 'alive:' .. node, '1', 'PX', ARGV[3])
redis.call('SADD', P .. 'nodes', node)
redis.call('SET', P .. 'epoch', ARGV[4], 'NX')
return {added, removed, occupied, vacated, gone, empty, redis.call('GET', P .. 'epoch')}
`)
