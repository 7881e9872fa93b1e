import type { Feature } from "../../platform/feature.ts";
import "../compose/index.ts";
import "../replies/index.ts";
import { createDomainChecks } from "./workspace-domains.checks.ts";
import { domainsRoutes } from "./workspace-domains.routes.ts";
import { joinByDomain } from "./workspace-domains.service.ts";
import { invitesRoutes } from "./workspace-invites.routes.ts";
import { inviteForSignUp } from "./workspace-invites.service.ts";
import "../campaigns/index.ts";
import { recordActivityInSavepoint, recordActivitySafely } from "./workspaces.activity.ts";
import { workspacesRoutes } from "./workspaces.routes.ts";

/**
 * The workspace service (shell §7, base /api/v1/workspaces): workspaces and their members, stats,
 * activity and lifecycle (workspaces.*), invitations by email (workspace-invites.*) and domain
 * verification (workspace-domains.*). It sits in the top layer: stats, export and clone read what
 * the features below keep.
 */
export const workspacesFeature: Feature = {
  name: "workspaces",
  register(ctx) {
    ctx.domainChecks = createDomainChecks(ctx.config);
    // After organizations' own handler gave the new account its organization: join by email domain.
    ctx.hooks.on("identity.accountCreated", async (e) => {
      await joinByDomain(ctx, e.userId);
      return null;
    });
    ctx.hooks.on("identity.inviteForSignUp", (e) => inviteForSignUp(ctx, e.token, e.email));
    // Product events in the feed. Each is written after the event has committed; a failing write
    // is logged and never undoes it.
    ctx.hooks.on("compose.sent", (e) =>
      recordActivitySafely(ctx, {
        workspaceId: e.workspaceId,
        actorId: e.sentBy,
        kind: "email.sent",
        subjectType: e.leadId ? "lead" : "compose_message",
        subjectId: e.leadId ?? e.messageRowId,
        summary: `Email sent to ${e.to}: ${e.subject}`,
        detail: { to: e.to, subject: e.subject, message_id: e.messageRowId },
      }),
    );
    ctx.hooks.on("replies.received", (e) =>
      recordActivitySafely(ctx, {
        workspaceId: e.workspaceId,
        actorId: null,
        kind: "reply.received",
        subjectType: e.leadId ? "lead" : e.campaignId ? "campaign" : null,
        subjectId: e.leadId ?? e.campaignId,
        summary: `Reply${e.from ? ` from ${e.from}` : ""}: ${e.subject}`,
        detail: { from: e.from, subject: e.subject, campaign_id: e.campaignId, answered: e.answered },
      }),
    );
    // In the marking transaction (the meeting and its entry commit together), in a savepoint.
    ctx.hooks.on("campaigns.meetingMarked", (e) =>
      recordActivityInSavepoint(ctx, e.tx, {
        workspaceId: e.workspaceId,
        actorId: e.userId,
        kind: "campaign.meeting_booked",
        subjectType: "lead",
        subjectId: e.leadId,
        summary: `Meeting booked with a lead of ${e.campaignName}`,
        detail: { campaign_id: e.campaignId, lead_id: e.leadId },
      }),
    );
  },
  async close(ctx) {
    await ctx.domainChecks.fetch.close();
  },
  routes(app, ctx) {
    workspacesRoutes(app, ctx);
    invitesRoutes(app, ctx);
    domainsRoutes(app, ctx);
  },
};
