/**
 * Identity, the lowest feature: accounts, sessions, sign-in and its limits. Its register builds the
 * session authenticator and the better-auth instance (on ctx); features above it answer its hooks
 * (identity.hooks.ts): organizations provisions accounts and resolves memberships, access lists
 * the grants of /me, api-keys revokes keys on a password reset, account security gates sign-ins.
 */
import type { Feature } from "../../platform/feature.ts";
import { emailVerificationRequired } from "./auth.ts";
import { startIdentity } from "./identity.engine.ts";
import { identityRoutes } from "./identity.routes.ts";

export const identityFeature: Feature = {
  name: "identity",
  async register(ctx) {
    await startIdentity(ctx);
    if (!emailVerificationRequired(ctx.config)) {
      ctx.log.info("Email verification is off: SMTP_URL is not set, so new accounts are active at once.");
    }
  },
  routes(app, ctx) {
    identityRoutes(app, ctx);
  },
};
