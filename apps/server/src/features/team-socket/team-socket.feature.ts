/**
 * The team socket (/ws/team): presence, follows and edit locks between the members of a
 * workspace, team chat (socket and /api/v1/team/chat), and the delivery of server events (platform/realtime.ts) to the browsers connected to
 * this process. It sits in the top layer: it authenticates with identity and re-checks with access.
 */
import { campaignLockResource } from "@prospector/contracts";
import type { Feature } from "../../platform/feature.ts";
import { redisAvailability } from "../../platform/redis-availability.ts";
import { teamChatRoutes } from "./team-chat.routes.ts";
import { teamSocketRoutes } from "./team-socket.routes.ts";
import { createFallbackState, createMemoryState, createRedisState, type RealtimeState } from "./team-socket.state.ts";

declare module "../../context.ts" {
  interface AppContext {
    /** Presence, follows, locks and per-user connection counts: in memory, or in Redis when REDIS_URL is set. */
    teamState: RealtimeState;
  }
}

export const teamSocketFeature: Feature = {
  name: "team-socket",
  register(ctx) {
    const redis = ctx.redis;
    // With Redis: shared by every process, and this process's own memory while Redis is lost.
    ctx.teamState = redis
      ? createFallbackState(createRedisState(redis), createMemoryState(), {
          up: redisAvailability(redis),
          onError: (err) => ctx.log.warn({ err: err.message }, "team presence: Redis failed, using this process's memory"),
        })
      : createMemoryState();
    // A campaign is being edited while a live socket holds `campaign:<id>`: saving it is refused to others.
    ctx.hooks.on("campaigns.editLockHolder", async ({ workspaceId, campaignId }) => {
      const holder = await ctx.teamState.lockHolder(workspaceId, campaignLockResource(campaignId));
      return holder ? { userId: holder.userId, name: holder.name, since: new Date(holder.since) } : null;
    });
  },
  routes(app, ctx) {
    teamSocketRoutes(app, ctx);
    teamChatRoutes(app, ctx);
  },
};
