/**
 * In-process hooks: how a lower feature lets higher ones react without importing them (a reply
 * changes a lead's status; a new account gets its organization). The lower feature declares the
 * hook by augmenting HookHandlers with the handler's signature and calls `ctx.hooks.run`; higher
 * features subscribe in their `register(ctx)` with `ctx.hooks.on`:
 *
 *   declare module "../../platform/hooks.ts" {
 *     interface HookHandlers { "identity.passwordReset": (e: { userId: string; tx: Db }) => Promise<number> }
 *   }
 *
 * Handlers run in registration order (lowest layer first), one after another; `run` returns their
 * results and lets an error propagate to the caller (so a handler inside the caller's transaction
 * rolls it back). Cross-process broadcasts are the bus's job, not this.
 */

// biome-ignore lint/suspicious/noEmptyInterface: augmented by the features that declare hooks.
export interface HookHandlers {}

type HookName = keyof HookHandlers;
type Handler<K extends HookName> = HookHandlers[K] extends (...args: infer A) => infer R ? (...args: A) => R : never;
type Args<K extends HookName> = Parameters<Handler<K>>;
type Result<K extends HookName> = Awaited<ReturnType<Handler<K>>>;

export interface Hooks {
  on<K extends HookName>(name: K, handler: Handler<K>): void;
  run<K extends HookName>(name: K, ...args: Args<K>): Promise<Result<K>[]>;
  /** How many handlers a hook has (a feature may insist that one is registered). */
  count(name: HookName): number;
}

export function createHooks(): Hooks {
  const handlers = new Map<string, ((...args: unknown[]) => unknown)[]>();
  return {
    on(name, handler) {
      const list = handlers.get(name as string) ?? [];
      list.push(handler as (...args: unknown[]) => unknown);
      handlers.set(name as string, list);
    },
    async run(name, ...args) {
      const results = [];
      for (const handler of handlers.get(name as string) ?? []) results.push(await handler(...args));
      return results as never;
    },
    count(name) {
      return handlers.get(name as string)?.length ?? 0;
    },
  };
}
