/**
 * Shared state of the team socket: who is present in each workspace, who follows each resource,
 * and who holds its edit lock. In memory for one process; a Redis hash per room when REDIS_URL is
 * set, so every API process sees the same presence. Liveness is one rule everywhere: a connection
 * is alive while its presence entry was touched within PRESENCE_TTL_MS; subscribers and lock
 * holders whose connection is no longer alive are ignored (and locks taken over).
 */
import { PRESENCE_TTL_MS, type PresenceStatus } from "@prospector/contracts";
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
  /** Takes the lock unless a live connection other than `member` holds it; returns the holder. */
  lock(workspaceId: string, resource: string, member: Member): Promise<LockHolder>;
  /** Releases the lock if `connId` holds it. */
  unlock(workspaceId: string, resource: string, connId: string): Promise<boolean>;
  lockHolder(workspaceId: string, resource: string): Promise<LockHolder | null>;
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
  const key = (ws: string, resource: string) => `${ws}\u0000${resource}`;

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
    async lock(ws, resource, member) {
      const k = key(ws, resource);
      const cur = locks.get(k);
      if (cur && cur.connId !== member.connId && alive(ws, cur.connId)) return cur;
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
  };
}

// Takes the lock unless a live other connection holds it. KEYS: lock, presence hash.
// ARGV: candidate JSON, candidate connId, liveness cutoff (ms), lock lifetime (ms).
const LOCK_SCRIPT = `
local cur = redis.call('GET', KEYS[1])
if cur then
  local h = cjson.decode(cur)
  if h.connId == ARGV[2] then return cur end
  local p = redis.call('HGET', KEYS[2], h.connId)
  if p and cjson.decode(p).lastActivity > tonumber(ARGV[3]) then return cur end
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[4])
return ARGV[1]`;

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
    async lock(ws, resource, member) {
      const candidate: LockHolder = { ...member, since: now() };
      const holder = (await redis.eval(
        LOCK_SCRIPT,
        2,
        lockKey(ws, resource),
        roomKey(ws),
        JSON.stringify(candidate),
        member.connId,
        String(now() - ttl),
        String(LOCK_MAX_MS),
      )) as string;
      return JSON.parse(holder) as LockHolder;
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
  };
}
