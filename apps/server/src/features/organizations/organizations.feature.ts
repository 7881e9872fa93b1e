/**
 * Organizations: tenancy (organization → workspaces → members). Sits above identity, whose hooks it
 * answers: a new account gets its organization, a session its membership, /me its workspace.
 */
import type { Feature } from "../../platform/feature.ts";
import { membershipOf, provisionAccount, workspacePlace } from "./organizations.service.ts";

export const organizationsFeature: Feature = {
  name: "organizations",
  register(ctx) {
    ctx.hooks.on("identity.accountCreated", async (e) => {
      const done = await provisionAccount(ctx, e);
      return done && { isFirstUser: done.isFirstUser };
    });
    ctx.hooks.on("identity.membership", (e) => membershipOf(ctx, e.userId, e.workspaceId));
    ctx.hooks.on("identity.workspacePlace", (e) => workspacePlace(ctx, e.workspaceId));
  },
};
