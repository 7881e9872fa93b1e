/**
 * Server → browser events over the team socket. Any process (API or worker) publishes on the bus
 * (`ws:<workspaceId>` for a workspace room, `user:<userId>` for one person); every API process
 * delivers to the sockets it holds, so an event reaches a browser wherever it is connected.
 */
import type { Presence, ServerEvents, ServerEventType } from "@prospector/contracts";
import type { Redis } from "ioredis";
import type { Bus } from "./bus.ts";
import { createMemoryState, createRedisState, type PresenceEntry, type RealtimeState } from "./realtime-state.ts";

/** What travels on the bus: the frame plus an optional connection that should not get it (the sender). */
export interface Envelope {
  type: string;
  payload: unknown;
  except?: string;
}

export type Deliver = (envelope: Envelope) => void;

export const workspaceChannel = (workspaceId: string) => `ws:${workspaceId}`;
export const userChannel = (userId: string) => `user:${userId}`;

export interface Realtime {
  toWorkspace<T extends ServerEventType>(workspaceId: string, type: T, payload: ServerEvents[T], opts?: { except?: string }): Promise<void>;
  toUser<T extends ServerEventType>(userId: string, type: T, payload: ServerEvents[T]): Promise<void>;
  /** Who is present in a workspace now, one entry per user (their most recent connection). */
  presence(workspaceId: string): Promise<Presence[]>;
  readonly state: RealtimeState;
  /** Local delivery: a socket joins a channel; the bus is subscribed once per channel per process. */
  join(channel: string, connId: string, deliver: Deliver): Promise<void>;
  leave(channel: string, connId: string): Promise<void>;
  close(): Promise<void>;
}

interface Channel {
  subscribers: Map<string, Deliver>;
  ready: Promise<() => Promise<void>>;
}

export function createRealtime(deps: { bus: Bus; redis: Redis | null; state?: RealtimeState }): Realtime {
  const { bus } = deps;
  const state = deps.state ?? (deps.redis ? createRedisState(deps.redis) : createMemoryState());
  const channels = new Map<string, Channel>();

  const publish = (channel: string, envelope: Envelope) => bus.publish(channel, envelope);

  return {
    state,
    toWorkspace(workspaceId, type, payload, opts = {}) {
      return publish(workspaceChannel(workspaceId), { type, payload, except: opts.except });
    },
    toUser(userId, type, payload) {
      return publish(userChannel(userId), { type, payload });
    },
    async presence(workspaceId) {
      return collapsePresence(await state.listPresence(workspaceId));
    },
    async join(name, connId, deliver) {
      let channel = channels.get(name);
      if (!channel) {
        const subscribers = new Map<string, Deliver>();
        const ready = bus.subscribe(name, (message) => {
          const envelope = message as Envelope;
          for (const [id, d] of subscribers) if (id !== envelope.except) d(envelope);
        });
        channel = { subscribers, ready };
        channels.set(name, channel);
      }
      channel.subscribers.set(connId, deliver);
      // Resolves once the bus (Redis SUBSCRIBE) is listening, so nothing published after is missed.
      await channel.ready;
    },
    async leave(name, connId) {
      const channel = channels.get(name);
      if (!channel) return;
      channel.subscribers.delete(connId);
      if (channel.subscribers.size > 0) return;
      channels.delete(name);
      await (await channel.ready)();
    },
    async close() {
      const all = [...channels.values()];
      channels.clear();
      await Promise.all(all.map(async (c) => (await c.ready)()));
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
