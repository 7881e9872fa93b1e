/**
 * Server → browser events over the team socket. Any process (API or worker) publishes on the bus
 * (`ws:<workspaceId>` for a workspace room, `user:<userId>` for one person); every API process
 * delivers to the sockets it holds, so an event reaches a browser wherever it is connected. The
 * sockets themselves, presence and locks are the team-socket feature's (features/team-socket).
 */
import type { ServerEvents, ServerEventType } from "@prospector/contracts";
import type { Bus } from "./bus.ts";

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
  /** Local delivery: a socket joins a channel; the bus is subscribed once per channel per process. */
  join(channel: string, connId: string, deliver: Deliver): Promise<void>;
  leave(channel: string, connId: string): Promise<void>;
  close(): Promise<void>;
}

interface Channel {
  subscribers: Map<string, Deliver>;
  ready: Promise<() => Promise<void>>;
}

export function createRealtime(deps: { bus: Bus }): Realtime {
  const { bus } = deps;
  const channels = new Map<string, Channel>();

  const publish = (channel: string, envelope: Envelope) => bus.publish(channel, envelope);

  return {
    toWorkspace(workspaceId, type, payload, opts = {}) {
      return publish(workspaceChannel(workspaceId), { type, payload, except: opts.except });
    },
    toUser(userId, type, payload) {
      return publish(userChannel(userId), { type, payload });
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
