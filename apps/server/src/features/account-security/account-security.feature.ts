/**
 * Account security: password change, two-factor, sessions (under /api/user-settings) and the
 * second sign-in step. Its register derives the two-factor keys and gates identity's sign-ins
 * ("identity.signingIn"): an account with two-factor gets a challenge instead of a session.
 */
import type { Feature } from "../../platform/feature.ts";
import { accountSecurityRoutes } from "./account-security.routes.ts";
import { signInGate, startTwoFactor } from "./two-factor.service.ts";

export const accountSecurityFeature: Feature = {
  name: "account-security",
  register(ctx) {
    startTwoFactor(ctx);
    ctx.hooks.on("identity.signingIn", (signIn) => signInGate(ctx, signIn));
  },
  routes(app, ctx) {
    accountSecurityRoutes(app, ctx);
  },
};
