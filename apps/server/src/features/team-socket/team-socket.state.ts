/**
 * Shared state of the team socket: who is present in each workspace, who follows each resource,
 * and who holds its edit lock. In memory for one process; a Redis hash per room when REDIS_URL is
 * set, so every API process sees the same presence. Liveness is one rule everywhere: a connection
 * is alive while its presence entry was touched within PRESENCE_TTL_MS; subscribers and lock
 * holders whose connection is no longer alive are ignored (and locks taken over). The same state
 * counts each user's open connections and live locks, so the per-user limits hold across processes.
 */
import { PRESENCE_TTL_MS, type Presence, type PresenceStatus } from "@prospector/contracts";
import type { Redis } from "ioredis";

export interface PresenceEntry {
  connId: string;
  userId: string;
  name: string;
  status: PresenceStatus;
  currentResource: string | null;
  lastActivity: number;
}

export interface Member {
  connId: string;
  userId: string;
  name: string;
}

export interface LockHolder extends Member {
  since: number;
}

export interface RealtimeState {
  /** Creates or refreshes a connection's entry; also marks it alive now. */
  putPresence(workspaceId: string, entry: PresenceEntry): Promise<void>;
  removePresence(workspaceId: string, connId: string): Promise<void>;
  /** Live entries, one per connection. */
  listPresence(workspaceId: string): Promise<PresenceEntry[]>;
  follow(workspaceId: string, resource: string, member: Member): Promise<void>;
  unfollow(workspaceId: string, resource: string, connId: string): Promise<void>;
  followers(workspaceId: string, resource: string): Promise<Member[]>;
  /**
   * Takes the lock unless a live connection other than `member` holds it; returns the holder, or
   * null when the lock is free but `member`'s user already holds `maxPerUser` live locks.
   */
  lock(workspaceId: string, resource: string, member: Member, maxPerUser?: number): Promise<LockHolder | null>;
  /** Releases the lock if `connId` holds it. */
  unlock(workspaceId: string, resource: string, connId: string): Promise<boolean>;
  lockHolder(workspaceId: string, resource: string): Promise<LockHolder | null>;
  /** Counts a new connection of `userId` unless they already have `max` live ones; false when refused. */
  addConnection(userId: string, connId: string, max: number): Promise<boolean>;
  /** Marks a connection alive now (connections not touched within the TTL stop counting). */
  touchConnection(userId: string, connId: string): Promise<void>;
  removeConnection(userId: string, connId: string): Promise<void>;
}

export interface StateOptions {
  now?: () => number;
  ttlMs?: number;
}

export function createMemoryState(opts: StateOptions = {}): RealtimeState {
  const now = opts.now ?? Date.now;
  const ttl = opts.ttlMs ?? PRESENCE_TTL_MS;
  const rooms = new Map<string, Map<string, PresenceEntry>>();
  const follows = new Map<string, Map<string, Member>>();
  const locks = new Map<string, LockHolder>();
  const connections = new Map<string, Map<string, number>>();
  const key = (ws: string, resource: string) => `${ws}\u0000${resource}`;
  const wsOf = (k: string) => k.slice(0, k.indexOf("\u0000"));

  const alive = (ws: string, connId: string) => {
    const e = rooms.get(ws)?.get(connId);
    return e !== undefined && e.lastActivity > now() - ttl;
  };

  return {
    async putPresence(ws, entry) {
      const room = rooms.get(ws) ?? new Map<string, PresenceEntry>();
      rooms.set(ws, room);
      room.set(entry.connId, { ...entry });
    },
    async removePresence(ws, connId) {
      const room = rooms.get(ws);
      room?.delete(connId);
      if (room?.size === 0) rooms.delete(ws);
    },
    async listPresence(ws) {
      const room = rooms.get(ws);
      if (!room) return [];
      const cutoff = now() - ttl;
      for (const [id, e] of room) if (e.lastActivity <= cutoff) room.delete(id);
      if (room.size === 0) rooms.delete(ws);
      return [...room.values()].map((e) => ({ ...e }));
    },
    async follow(ws, resource, member) {
      const k = key(ws, resource);
      const set = follows.get(k) ?? new Map<string, Member>();
      follows.set(k, set);
      set.set(member.connId, { ...member });
    },
    async unfollow(ws, resource, connId) {
      const k = key(ws, resource);
      const set = follows.get(k);
      set?.delete(connId);
      if (set?.size === 0) follows.delete(k);
    },
    async followers(ws, resource) {
      const set = follows.get(key(ws, resource));
      if (!set) return [];
      for (const id of set.keys()) if (!alive(ws, id)) set.delete(id);
      return [...set.values()];
    },
    async lock(ws, resource, member, maxPerUser = Number.POSITIVE_INFINITY) {
      const k = key(ws, resource);
      const cur = locks.get(k);
      if (cur && cur.connId !== member.connId && alive(ws, cur.connId)) return cur;
      if (cur?.connId !== member.connId) {
        let held = 0;
        for (const [lk, h] of locks) if (h.userId === member.userId && alive(wsOf(lk), h.connId)) held++;
        if (held >= maxPerUser) return null;
      }
      const holder = cur?.connId === member.connId ? cur : { ...member, since: now() };
      locks.set(k, holder);
      return holder;
    },
    async unlock(ws, resource, connId) {
      const k = key(ws, resource);
      if (locks.get(k)?.connId !== connId) return false;
      locks.delete(k);
      return true;
    },
    async lockHolder(ws, resource) {
      const cur = locks.get(key(ws, resource));
      return cur && alive(ws, cur.connId) ? cur : null;
    },
    async addConnection(userId, connId, max) {
      const mine = connections.get(userId) ?? new Map<string, number>();
      const cutoff = now() - ttl;
      for (const [id, seen] of mine) if (seen <= cutoff) mine.delete(id);
      if (!mine.has(connId) && mine.size >= max) return false;
      mine.set(connId, now());
      connections.set(userId, mine);
      return true;
    },
    async touchConnection(userId, connId) {
      const mine = connections.get(userId);
      if (mine?.has(connId)) mine.set(connId, now());
    },
    async removeConnection(userId, connId) {
      const mine = connections.get(userId);
      mine?.delete(connId);
      if (mine?.size === 0) connections.delete(userId);
    },
  };
}

// Takes the lock unless a live other connection holds it, or the user already holds the maximum.
// KEYS: lock, presence hash, the user's lock index (lock key → its room's presence key).
// ARGV: candidate JSON, candidate connId, liveness cutoff (ms), lock lifetime (ms), userId, max (-1: none).
// The index is cleaned as it is counted: an entry whose lock is gone, changed hands or whose holder
// is no longer live stops counting, so nothing has to remove it on unlock. (It reads the presence
// keys it finds in the index: fine on one Redis, not on Redis Cluster.)
const LOCK_SCRIPT = `
local cutoff = tonumber(ARGV[3])
local function live(room, connId)
  local p = redis.call('HGET', room, connId)
  return p and cjson.decode(p).lastActivity > cutoff
end
local cur = redis.call('GET', KEYS[1])
if cur then
  local h = cjson.decode(cur)
  if h.connId == ARGV[2] then return cur end
  if live(KEYS[2], h.connId) then return cur end
end
local max = tonumber(ARGV[6])
if max >= 0 then
  local held = 0
  local entries = redis.call('HGETALL', KEYS[3])
  for i = 1, #entries, 2 do
    local l = redis.call('GET', entries[i])
    local counted = false
    if l then
      local lh = cjson.decode(l)
      counted = lh.userId == ARGV[5] and live(entries[i + 1], lh.connId)
    end
    if counted then held = held + 1 else redis.call('HDEL', KEYS[3], entries[i]) end
  end
  if held >= max then return false end
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[4])
redis.call('HSET', KEYS[3], KEYS[1], KEYS[2])
redis.call('PEXPIRE', KEYS[3], ARGV[4])
return ARGV[1]`;

// Counts a connection unless the user has ARGV[4] live ones. KEYS: the user's connection set
// (score: last seen). ARGV: connId, now, liveness cutoff, max, key lifetime (ms).
const CONNECT_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[3])
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

// Deletes the lock only if ARGV[1] holds it.
const UNLOCK_SCRIPT = `
local cur = redis.call('GET', KEYS[1])
if cur and cjson.decode(cur).connId == ARGV[1] then redis.call('DEL', KEYS[1]) return 1 end
return 0`;

/** A lock outlives its holder's process at most this long; liveness releases it much sooner. */
const LOCK_MAX_MS = 24 * 3600_000;

export function createRedisState(redis: Redis, opts: StateOptions & { prefix?: string } = {}): RealtimeState {
  const now = opts.now ?? Date.now;
  const ttl = opts.ttlMs ?? PRESENCE_TTL_MS;
  const prefix = opts.prefix ?? "prospector:rt:";
  const roomKey = (ws: string) => `${prefix}presence:${ws}`;
  const followKey = (ws: string, resource: string) => `${prefix}follow:${ws}:${resource}`;
  const lockKey = (ws: string, resource: string) => `${prefix}lock:${ws}:${resource}`;
  const userLocksKey = (userId: string) => `${prefix}user-locks:${userId}`;
  const connectionsKey = (userId: string) => `${prefix}connections:${userId}`;

  const liveIds = async (ws: string): Promise<Set<string>> => new Set((await listPresence(ws)).map((e) => e.connId));

  async function listPresence(ws: string): Promise<PresenceEntry[]> {
    const raw = await redis.hgetall(roomKey(ws));
    const cutoff = now() - ttl;
    const live: PresenceEntry[] = [];
    const dead: string[] = [];
    for (const [id, json] of Object.entries(raw)) {
      const e = JSON.parse(json) as PresenceEntry;
      if (e.lastActivity > cutoff) live.push(e);
      else dead.push(id);
    }
    if (dead.length) await redis.hdel(roomKey(ws), ...dead);
    return live;
  }

  return {
    async putPresence(ws, entry) {
      // The whole room key expires when nobody in it has been heard from for two TTLs.
      await redis
        .multi()
        .hset(roomKey(ws), entry.connId, JSON.stringify(entry))
        .pexpire(roomKey(ws), ttl * 2)
        .exec();
    },
    async removePresence(ws, connId) {
      await redis.hdel(roomKey(ws), connId);
    },
    listPresence,
    async follow(ws, resource, member) {
      await redis
        .multi()
        .hset(followKey(ws, resource), member.connId, JSON.stringify(member))
        .pexpire(followKey(ws, resource), LOCK_MAX_MS)
        .exec();
    },
    async unfollow(ws, resource, connId) {
      await redis.hdel(followKey(ws, resource), connId);
    },
    async followers(ws, resource) {
      const raw = await redis.hgetall(followKey(ws, resource));
      const live = await liveIds(ws);
      const members: Member[] = [];
      const dead: string[] = [];
      for (const [id, json] of Object.entries(raw)) {
        if (live.has(id)) members.push(JSON.parse(json) as Member);
        else dead.push(id);
      }
      if (dead.length) await redis.hdel(followKey(ws, resource), ...dead);
      return members;
    },
    async lock(ws, resource, member, maxPerUser) {
      const candidate: LockHolder = { ...member, since: now() };
      const holder = (await redis.eval(
        LOCK_SCRIPT,
        3,
        lockKey(ws, resource),
        roomKey(ws),
        userLocksKey(member.userId),
        JSON.stringify(candidate),
        member.connId,
        String(now() - ttl),
        String(LOCK_MAX_MS),
        member.userId,
        String(maxPerUser ?? -1),
      )) as string | null;
      return holder === null ? null : (JSON.parse(holder) as LockHolder);
    },
    async unlock(ws, resource, connId) {
      return (await redis.eval(UNLOCK_SCRIPT, 1, lockKey(ws, resource), connId)) === 1;
    },
    async lockHolder(ws, resource) {
      const raw = await redis.get(lockKey(ws, resource));
      if (!raw) return null;
      const holder = JSON.parse(raw) as LockHolder;
      return (await liveIds(ws)).has(holder.connId) ? holder : null;
    },
    async addConnection(userId, connId, max) {
      const t = now();
      const added = await redis.eval(
        CONNECT_SCRIPT,
        1,
        connectionsKey(userId),
        connId,
        String(t),
        String(t - ttl),
        String(max),
        String(ttl * 2),
      );
      return added === 1;
    },
    async touchConnection(userId, connId) {
      // XX: a connection removed meanwhile is not brought back.
      await redis
        .multi()
        .zadd(connectionsKey(userId), "XX", now(), connId)
        .pexpire(connectionsKey(userId), ttl * 2)
        .exec();
    },
    async removeConnection(userId, connId) {
      await redis.zrem(connectionsKey(userId), connId);
    },
  };
}

/** One entry per user: a person with two tabs open is present once, as their latest tab. */
export function collapsePresence(entries: PresenceEntry[]): Presence[] {
  const byUser = new Map<string, PresenceEntry>();
  for (const e of entries) {
    const cur = byUser.get(e.userId);
    if (!cur || e.lastActivity > cur.lastActivity) byUser.set(e.userId, e);
  }
  return [...byUser.values()]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((e) => ({
      user_id: e.userId,
      name: e.name,
      status: e.status,
      current_resource: e.currentResource,
      last_activity: new Date(e.lastActivity).toISOString(),
    }));
}

/**
 * Redis state that degrades to this process's memory while Redis is lost, and recovers to the
 * shared state when it is back, without a restart. Every change is also kept in memory, so the
 * local view is complete at the moment Redis goes; reads and decisions use Redis whenever the
 * connection is up (`up`) and answers, memory otherwise. Presence and connection counts written
 * only to memory during the outage reach Redis again with the connection's next heartbeat (both
 * are refreshed on every touch).
 */
export function createFallbackState(
  shared: RealtimeState,
  local: RealtimeState,
  opts: { up: () => boolean; onError?: (err: Error) => void },
): RealtimeState {
  async function pick<T>(fromShared: () => Promise<T>, fromLocal: () => Promise<T>): Promise<T> {
    if (!opts.up()) return fromLocal();
    try {
      return await fromShared();
    } catch (err) {
      opts.onError?.(err as Error);
      return fromLocal();
    }
  }
  /** A change applied to both: memory always, Redis when up (its failure only logged). */
  async function both(toShared: () => Promise<unknown>, toLocal: () => Promise<unknown>): Promise<void> {
    await toLocal();
    if (!opts.up()) return;
    try {
      await toShared();
    } catch (err) {
      opts.onError?.(err as Error);
    }
  }
  return {
    putPresence: (ws, entry) =>
      both(
        () => shared.putPresence(ws, entry),
        () => local.putPresence(ws, entry),
      ),
    removePresence: (ws, connId) =>
      both(
        () => shared.removePresence(ws, connId),
        () => local.removePresence(ws, connId),
      ),
    listPresence: (ws) =>
      pick(
        () => shared.listPresence(ws),
        () => local.listPresence(ws),
      ),
    follow: (ws, resource, member) =>
      both(
        () => shared.follow(ws, resource, member),
        () => local.follow(ws, resource, member),
      ),
    unfollow: (ws, resource, connId) =>
      both(
        () => shared.unfollow(ws, resource, connId),
        () => local.unfollow(ws, resource, connId),
      ),
    followers: (ws, resource) =>
      pick(
        () => shared.followers(ws, resource),
        () => local.followers(ws, resource),
      ),
    lock: (ws, resource, member, maxPerUser) =>
      pick(
        async () => {
          const holder = await shared.lock(ws, resource, member, maxPerUser);
          // Mirrored, so the lock is still known here if Redis goes while it is held.
          if (holder?.connId === member.connId) await local.lock(ws, resource, member);
          return holder;
        },
        () => local.lock(ws, resource, member, maxPerUser),
      ),
    async unlock(ws, resource, connId) {
      const here = await local.unlock(ws, resource, connId);
      return pick(
        () => shared.unlock(ws, resource, connId),
        async () => here,
      );
    },
    lockHolder: (ws, resource) =>
      pick(
        () => shared.lockHolder(ws, resource),
        () => local.lockHolder(ws, resource),
      ),
    addConnection: (userId, connId, max) =>
      pick(
        async () => {
          const added = await shared.addConnection(userId, connId, max);
          if (added) await local.addConnection(userId, connId, Number.POSITIVE_INFINITY);
          return added;
        },
        () => local.addConnection(userId, connId, max),
      ),
    touchConnection: (userId, connId) =>
      both(
        () => shared.touchConnection(userId, connId),
        () => local.touchConnection(userId, connId),
      ),
    removeConnection: (userId, connId) =>
      both(
        () => shared.removeConnection(userId, connId),
        () => local.removeConnection(userId, connId),
      ),
  };
}
