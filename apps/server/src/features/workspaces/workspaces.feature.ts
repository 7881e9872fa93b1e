import type { Feature } from "../../platform/feature.ts";
import { domainsRoutes } from "./workspace-domains.routes.ts";
import { invitesRoutes } from "./workspace-invites.routes.ts";
import { workspacesRoutes } from "./workspaces.routes.ts";

/**
 * The workspace service (shell §7, base /api/v1/workspaces): workspaces and their members, stats,
 * activity and lifecycle (workspaces.*), invitations by email (workspace-invites.*) and domain
 * verification (workspace-domains.*). It sits in the top layer: stats, export and clone read what
 * the features below keep.
 */
export const workspacesFeature: Feature = {
  name: "workspaces",
  register(_ctx) {},
  routes(app, ctx) {
    workspacesRoutes(app, ctx);
    invitesRoutes(app, ctx);
    domainsRoutes(app, ctx);
  },
};
