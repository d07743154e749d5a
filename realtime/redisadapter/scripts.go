package redisadapter

import "github.com/redis/go-redis/v9"

// The Lua scripts. Each takes the keys of one channel, or of one user, so
// it runs atomically on whichever shard holds them. KEYS of the channel
// scripts, in chanKeys order: subs, ns, pr, pn, pi, po.

// luaChannel is shared by the channel scripts: taking a member out of, or
// into, the cluster-wide presence keys, and moving the count.
const luaChannel = `
local function dropMember(user)
  local n = redis.call('HINCRBY', KEYS[3], user, -1)
  if n <= 0 then
    redis.call('HDEL', KEYS[3], user)
    redis.call('HDEL', KEYS[5], user)
    redis.call('ZREM', KEYS[6], user)
    return true
  end
  return false
end
local function addMember(user, info)
  if redis.call('HINCRBY', KEYS[3], user, 1) == 1 then
    local t = redis.call('TIME')
    redis.call('HSET', KEYS[5], user, info)
    redis.call('ZADD', KEYS[6], tonumber(t[1]) * 1000000 + tonumber(t[2]), user)
    return true
  end
  return false
end
-- setMine sets the node's share of the count to want and returns 1 when
-- the channel became occupied, -1 when it became vacant, else 0.
local function setMine(node, want)
  local mine = tonumber(redis.call('HGET', KEYS[2], node) or '0')
  if mine == want then return 0 end
  local before = tonumber(redis.call('GET', KEYS[1]) or '0')
  local after = before + want - mine
  if want > 0 then redis.call('HSET', KEYS[2], node, want) else redis.call('HDEL', KEYS[2], node) end
  if after > 0 then redis.call('SET', KEYS[1], after) else redis.call('DEL', KEYS[1]) end
  if before <= 0 and after > 0 then return 1 end
  if before > 0 and after <= 0 then return -1 end
  return 0
end
-- mineUsers lists the node's users on the channel.
local function mineUsers(node)
  local p, out = node .. '\31', {}
  for _, e in ipairs(redis.call('SMEMBERS', KEYS[4])) do
    if string.sub(e, 1, #p) == p then out[#out + 1] = string.sub(e, #p + 1) end
  end
  return out
end
`

// countScript: ARGV node, +1 or -1. Returns the cluster-wide count after,
// or -1 when this node had nothing counted (lost data: the caller resyncs).
var countScript = redis.NewScript(`
if tonumber(ARGV[2]) > 0 then
  redis.call('HINCRBY', KEYS[2], ARGV[1], 1)
  return redis.call('INCR', KEYS[1])
end
local mine = tonumber(redis.call('HGET', KEYS[2], ARGV[1]) or '0')
if mine <= 0 then return -1 end
if mine == 1 then redis.call('HDEL', KEYS[2], ARGV[1]) else redis.call('HINCRBY', KEYS[2], ARGV[1], -1) end
local t = redis.call('DECR', KEYS[1])
if t <= 0 then
  redis.call('DEL', KEYS[1])
  return 0
end
return t
`)

// addMemberScript: ARGV node, user, info. Returns 1 when the user is now
// on the channel and was on no node before.
var addMemberScript = redis.NewScript(luaChannel + `
if redis.call('SADD', KEYS[4], ARGV[1] .. '\31' .. ARGV[2]) == 0 then return 0 end
if addMember(ARGV[2], ARGV[3]) then return 1 end
return 0
`)

// removeMemberScript: ARGV node, user. Returns 1 when no node has the user
// on the channel any more, 0 when another node still has, -1 when this
// node had no such entry (lost data: the caller resyncs).
var removeMemberScript = redis.NewScript(luaChannel + `
if redis.call('SREM', KEYS[4], ARGV[1] .. '\31' .. ARGV[2]) == 0 then return -1 end
if dropMember(ARGV[2]) then return 1 end
return 0
`)

// reapChannelScript takes a dead node's share of one channel out. ARGV
// node. Returns {1 if the channel became vacant, {removed users}}.
var reapChannelScript = redis.NewScript(luaChannel + `
local vacated = 0
if setMine(ARGV[1], 0) == -1 then vacated = 1 end
local removed = {}
for _, user in ipairs(mineUsers(ARGV[1])) do
  redis.call('SREM', KEYS[4], ARGV[1] .. '\31' .. user)
  if dropMember(user) then removed[#removed + 1] = user end
end
return {vacated, removed}
`)

// resyncChannelScript makes one channel hold exactly this node's share,
// whatever it held for the node before (nothing after a restart, stale
// entries after a partition), and reports what changed cluster-wide.
//
// ARGV: node, subscriptions, M, M × (user, info), C, C × user to check are
// gone, 1 to check the channel is vacant.
//
// Returns {1 occupied / -1 vacated / 0, {indexes (1-based) of members on
// no node before}, {removed users}, {indexes of C now gone}, 1 if vacant}.
var resyncChannelScript = redis.NewScript(luaChannel + `
local node = ARGV[1]
local moved = setMine(node, tonumber(ARGV[2]))
local m = tonumber(ARGV[3])
local want = {}
for j = 1, m do want[ARGV[2 + 2 * j]] = true end
local added, removed, gone = {}, {}, {}
for _, user in ipairs(mineUsers(node)) do
  if not want[user] then
    redis.call('SREM', KEYS[4], node .. '\31' .. user)
    if dropMember(user) then removed[#removed + 1] = user end
  end
end
for j = 1, m do
  local user, info = ARGV[2 + 2 * j], ARGV[3 + 2 * j]
  if redis.call('SADD', KEYS[4], node .. '\31' .. user) == 1 and addMember(user, info) then
    added[#added + 1] = j
  end
end
local i = 4 + 2 * m
local c = tonumber(ARGV[i])
for j = 1, c do
  if redis.call('HEXISTS', KEYS[3], ARGV[i + j]) == 0 then gone[#gone + 1] = j end
end
local vacant = 0
if ARGV[i + c + 1] == '1' and redis.call('EXISTS', KEYS[1]) == 0 then vacant = 1 end
return {moved, added, removed, gone, vacant}
`)

// luaUser is shared by the user scripts (KEYS on, v): a new version for a
// status change, growing even if Redis's clock steps back.
const luaUser = `
local function bump()
  local t = redis.call('TIME')
  local v = tonumber(t[1]) * 1000000 + tonumber(t[2])
  local old = tonumber(redis.call('GET', KEYS[2]) or '0')
  if v <= old then v = old + 1 end
  redis.call('SET', KEYS[2], string.format('%.0f', v), 'EX', 86400) -- all digits: a plain number loses some

  return v
end
`

// userScript sets whether the node has the user signed in. ARGV node, 1 or
// 0, 1 to report a user who is offline anyway (a check after an outage,
// which then takes a new version too). Returns {1 came online / -1 went
// offline / 0, version, 1 if offline}.
var userScript = redis.NewScript(luaUser + `
local moved, v = 0, 0
if ARGV[2] == '1' then
  if redis.call('HSET', KEYS[1], ARGV[1], 1) == 1 and redis.call('HLEN', KEYS[1]) == 1 then
    moved, v = 1, bump()
  end
elseif redis.call('HDEL', KEYS[1], ARGV[1]) == 1 and redis.call('EXISTS', KEYS[1]) == 0 then
  moved, v = -1, bump()
end
local offline = 0
if ARGV[3] == '1' and redis.call('EXISTS', KEYS[1]) == 0 then
  offline = 1
  if v == 0 then v = bump() end
end
return {moved, v, offline}
`)

// pruneScript drops a channel from its app's index if the index entry is
// still the one read before the channel was found empty: a channel that
// became occupied since has a newer entry and stays. KEYS index; ARGV
// channel, score read.
var pruneScript = redis.NewScript(`
if redis.call('ZSCORE', KEYS[1], ARGV[1]) == ARGV[2] then redis.call('ZREM', KEYS[1], ARGV[1]) end
return 0
`)

// indexScript records that a channel became occupied. KEYS index, seq;
// ARGV channel.
var indexScript = redis.NewScript(`
redis.call('ZADD', KEYS[1], redis.call('INCR', KEYS[2]), ARGV[1])
return 0
`)
