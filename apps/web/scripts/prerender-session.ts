/**
 * What the landing page's header asks useSession during the build-time prerender: no visitor is
 * signed in at build time. prerender-landing.ts puts this module in place of
 * src/features/auth/api/use-session.ts for that render only; in the browser the app renders the
 * page over the prerendered markup with the real session.
 */
import type { Session } from "../src/features/auth/api/use-session.ts";

export type { Session };

export function useSession(): Session {
  return { status: "unauthenticated", user: null, refresh: async () => undefined };
}
