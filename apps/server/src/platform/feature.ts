/**
 * A feature as the composition root sees it (src/features.ts lists them, lowest layer first).
 * `register` runs in every process (API and worker): it builds the feature's engines, defines its
 * job handlers and subscribes to hooks. `routes` runs only in the API process. Neither may import
 * a higher feature; a lower feature that must react to a higher one exposes a hook instead.
 */
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.ts";

export interface Feature {
  name: string;
  /** Engines on ctx, job definitions, hook subscriptions: everything but HTTP. */
  register?(ctx: AppContext): void | Promise<void>;
  /**
   * Starts the feature's background loops (timers that claim due work), once the job queue has
   * started: in the API on ready, in the worker after registering. Loops check JOBS themselves.
   */
  start?(ctx: AppContext): void | Promise<void>;
  /** The feature's HTTP routes and request hooks (API process only). */
  routes?(app: FastifyInstance, ctx: AppContext): void | Promise<void>;
  /** Releases what register acquired (timers, subscriptions), in reverse order of registration. */
  close?(ctx: AppContext): void | Promise<void>;
}
