/**
 * GET /:id/export (a JSON download of the whole workspace, streamed so 10,000s of leads never sit
 * in memory at once) and POST /:id/clone (a new workspace in the same organization with the
 * settings, teams, campaign templates and, if asked, the leads).
 */
import { Readable } from "node:stream";
import type { Workspace, WorkspaceClone } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/client.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { addLeadUsage, lockLeadAllowance } from "../plans/index.ts";
import { recordActivity, recordActivitySafely } from "./workspaces.activity.ts";
import * as x from "./workspaces.export.repository.ts";
import * as repo from "./workspaces.repository.ts";
import { scope, toWorkspace } from "./workspaces.service.ts";

/** The export's format version: a reader can tell what it holds. */
export const EXPORT_VERSION = 1;
const LEADS_PAGE = 1000;

export async function exportWorkspace(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
): Promise<{ filename: string; stream: Readable; workspace: Workspace }> {
  const s = await scope(ctx, auth, id, "workspaces:export");
  const workspace = toWorkspace(s.row);
  const db = ctx.db;
  async function* body(): AsyncGenerator<string> {
    const [members, rolePermissions, teams, campaigns, inboxes, crm] = await Promise.all([
      x.members(db, id),
      x.organizationRolePermissions(db, s.row.workspace.organizationId),
      x.teamsOf(db, id),
      x.campaignsOf(db, id),
      x.inboxesOf(db, id),
      x.crmOf(db, id),
    ]);
    const head = {
      format: "prospector.workspace",
      version: EXPORT_VERSION,
      exported_at: new Date().toISOString(),
      exported_by: { id: auth.userId, name: auth.name },
      workspace,
      members,
      // Role permissions belong to the organization: every workspace of it shares them.
      role_permissions: rolePermissions,
      teams,
      // Email templates are the campaigns' sequences (steps with subject and body).
      templates: campaigns.map((c) => ({ campaign_id: c.id, name: c.name, steps: c.steps })),
      campaigns,
      inboxes,
      crm,
    };
    const json = JSON.stringify(head);
    yield `${json.slice(0, -1)},"leads":[`;
    let after: string | null = null;
    let first = true;
    for (;;) {
      const page = await x.leadsPage(db, id, after, LEADS_PAGE);
      if (!page.length) break;
      yield (first ? "" : ",") + page.map((l) => JSON.stringify(l)).join(",");
      first = false;
      after = page.at(-1)!.id;
    }
    yield "]}";
  }
  await recordActivitySafely(ctx, {
    workspaceId: id,
    actorId: auth.userId,
    kind: "workspace.exported",
    subjectType: "workspace",
    subjectId: id,
    summary: `${auth.name} exported the workspace`,
  });
  const slug =
    workspace.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "workspace";
  return { filename: `${slug}-${new Date().toISOString().slice(0, 10)}.json`, stream: Readable.from(body()), workspace };
}

/**
 * A copy of the workspace in the same organization: settings, teams and their permissions, the
 * campaigns as draft templates, and the leads only when asked. Role permissions are the
 * organization's, so the copy has the same ones already. The caller is its admin and owner.
 */
export async function cloneWorkspace(ctx: AppContext, auth: AuthContext, id: string, input: WorkspaceClone): Promise<Workspace> {
  const s = await scope(ctx, auth, id, "workspaces:create");
  const source = s.row.workspace;
  const name = input.name.trim();
  const includeLeads = input.include_leads ?? false;
  const newId = await transaction(ctx.db, async (tx) => {
    await repo.lockOrganization(tx, source.organizationId);
    if (await repo.nameTaken(tx, source.organizationId, name)) throw new AppError("WORKSPACE_NAME_TAKEN");
    const to = await repo.insertWorkspace(tx, {
      organizationId: source.organizationId,
      name,
      ownerId: auth.userId,
      settings: source.settings,
    });
    if (includeLeads) {
      // Copied leads are new leads of the organization: they count against this month's allowance.
      const wanted = await repo.leadCount(tx, id);
      const allowance = await lockLeadAllowance(tx, source.organizationId);
      if (allowance.remaining !== null && wanted > allowance.remaining)
        throw new AppError(
          "LEAD_LIMIT_REACHED",
          `Copying ${wanted} lead${wanted === 1 ? "" : "s"} needs as much of this month's lead allowance; ${allowance.remaining} left. Clone without leads, or upgrade the plan.`,
        );
    }
    const copied = {
      teams: await x.copyTeams(tx, id, to),
      campaigns: await x.copyCampaigns(tx, id, to, auth.userId),
      leads: includeLeads ? await x.copyLeads(tx, id, to) : 0,
    };
    await addLeadUsage(tx, source.organizationId, copied.leads);
    const detail = { source_id: id, source_name: source.name, include_leads: includeLeads, copied };
    await recordActivity(
      tx,
      {
        workspaceId: to,
        actorId: auth.userId,
        kind: "workspace.created",
        subjectType: "workspace",
        subjectId: to,
        summary: `${auth.name} created the workspace ${name} as a copy of ${source.name}`,
        detail,
      },
      {
        workspaceId: id,
        actorId: auth.userId,
        kind: "workspace.cloned",
        subjectType: "workspace",
        subjectId: to,
        summary: `${auth.name} copied the workspace to ${name}`,
        detail,
      },
    );
    return to;
  });
  const row = await repo.forMember(ctx.db, auth.userId, newId);
  if (!row) throw new AppError("WORKSPACE_NOT_FOUND");
  return toWorkspace(row);
}
