/**
 * The team socket (/ws/team): presence, follows and edit locks between the members of a
 * workspace, and the delivery of server events (platform/realtime.ts) to the browsers connected to
 * this process. It sits in the top layer: it authenticates with identity and re-checks with access.
 */
import type { Feature } from "../../platform/feature.ts";
import { teamSocketRoutes } from "./team-socket.routes.ts";
import { createMemoryState, createRedisState, type RealtimeState } from "./team-socket.state.ts";

declare module "../../context.ts" {
  interface AppContext {
    /** Presence, follows, locks and per-user connection counts: in memory, or in Redis when REDIS_URL is set. */
    teamState: RealtimeState;
  }
}

export const teamSocketFeature: Feature = {
  name: "team-socket",
  register(ctx) {
    ctx.teamState = ctx.redis ? createRedisState(ctx.redis) : createMemoryState();
  },
  routes(app, ctx) {
    teamSocketRoutes(app, ctx);
  },
};
