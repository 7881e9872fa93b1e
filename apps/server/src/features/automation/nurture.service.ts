/** Nurture sequences: a campaign with entry rules (a trigger and conditions) and exit rules; their counts and lead histories. */
import type {
  NurtureEnrollmentList,
  NurtureEnrollmentListQuery,
  NurtureSequence,
  NurtureSequenceInput,
  NurtureSequenceList,
} from "@prospector/contracts";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import * as repo from "./automation.repository.ts";
import { type Caller, checkLinks, loopNodes, refuseLoop } from "./automation.service.ts";
import * as nrepo from "./nurture.repository.ts";

type Ctx = Pick<AppContext, "db">;
type SequenceInput = z.output<typeof NurtureSequenceInput>;
type Joined = NonNullable<Awaited<ReturnType<typeof nrepo.getSequence>>>;

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

async function toSequences(ctx: Ctx, rows: Joined[]): Promise<NurtureSequence[]> {
  const { states, reasons } = await nrepo.sequenceCounts(
    ctx.db,
    rows.map((r) => r.sequence.id),
  );
  return rows.map(({ sequence: s, campaignName, campaignStatus }) => {
    const active = states.find((x) => x.id === s.id && x.status === "active")?.n ?? 0;
    const exited = states.find((x) => x.id === s.id && x.status === "exited")?.n ?? 0;
    const exitReasons: Record<string, number> = {};
    for (const r of reasons) if (r.id === s.id) exitReasons[r.reason ?? "Unknown"] = r.n;
    return {
      id: s.id,
      name: s.name,
      campaign_id: s.campaignId,
      campaign_name: campaignName,
      campaign_status: campaignStatus,
      enabled: s.enabled,
      entry: { trigger: s.entryTrigger, conditions: s.entryConditions },
      exits: s.exits,
      entered: active + exited,
      active,
      exited,
      exit_reasons: exitReasons,
      created_at: s.createdAt.toISOString(),
      updated_at: s.updatedAt.toISOString(),
    };
  });
}

async function find(ctx: Ctx, workspaceId: string, id: string): Promise<Joined> {
  const row = isUuid(id) ? await nrepo.getSequence(ctx.db, workspaceId, id) : undefined;
  if (!row) throw new AppError("NURTURE_SEQUENCE_NOT_FOUND");
  return row;
}

async function check(ctx: Ctx, workspaceId: string, id: string | null, input: SequenceInput): Promise<void> {
  const errors: { field: string; message: string }[] = [];
  try {
    await checkLinks(ctx, workspaceId, input.entry.trigger, input.entry.conditions, [], "entry.");
  } catch (err) {
    if (err instanceof AppError && err.extra.errors) errors.push(...err.extra.errors);
    else throw err;
  }
  const known = await repo.campaignNames(ctx.db, workspaceId, [input.campaign_id]);
  if (!known.has(input.campaign_id)) errors.push({ field: "campaign_id", message: "No such campaign in this workspace" });
  if (errors.length) throw new AppError("AUTOMATION_LINK_NOT_FOUND", errors.map((e) => `${e.field}: ${e.message}`).join("; "), { errors });
  const taken = await nrepo.sequenceForCampaign(ctx.db, input.campaign_id);
  if (taken && taken.id !== id)
    throw new AppError("NURTURE_CAMPAIGN_TAKEN", `The sequence "${taken.name}" already runs on this campaign`, {
      errors: [{ field: "campaign_id", message: `Already used by the sequence "${taken.name}"` }],
    });
  if (!input.enabled) return;
  const { nodes } = await loopNodes(ctx, workspaceId);
  const key = `sequence:${id ?? "new"}`;
  refuseLoop(
    {
      key,
      label: `sequence "${input.name}"`,
      trigger: input.entry.trigger,
      conditions: input.entry.conditions,
      produces: [{ type: "lead_added_to_campaign", campaignId: input.campaign_id, tag: null }],
    },
    nodes.filter((n) => n.key !== key),
  );
}

export async function listSequences(ctx: Ctx, workspaceId: string, q: { page: number; per_page: number }): Promise<NurtureSequenceList> {
  const { rows, total } = await nrepo.listSequences(ctx.db, workspaceId, q.page, q.per_page);
  return { sequences: await toSequences(ctx, rows), total, page: q.page, per_page: q.per_page };
}

export async function getSequence(ctx: Ctx, workspaceId: string, id: string): Promise<NurtureSequence> {
  const [s] = await toSequences(ctx, [await find(ctx, workspaceId, id)]);
  return s!;
}

export async function createSequence(ctx: Ctx, caller: Caller, input: SequenceInput): Promise<NurtureSequence> {
  await check(ctx, caller.workspaceId, null, input);
  try {
    const row = await nrepo.insertSequence(ctx.db, {
      workspaceId: caller.workspaceId,
      name: input.name,
      campaignId: input.campaign_id,
      enabled: input.enabled,
      triggerType: input.entry.trigger.type,
      entryTrigger: input.entry.trigger,
      entryConditions: input.entry.conditions,
      exits: input.exits,
      createdBy: caller.userId,
    });
    return getSequence(ctx, caller.workspaceId, row.id);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("NURTURE_CAMPAIGN_TAKEN");
    throw err;
  }
}

export async function updateSequence(ctx: Ctx, caller: Caller, id: string, input: SequenceInput): Promise<NurtureSequence> {
  await find(ctx, caller.workspaceId, id);
  await check(ctx, caller.workspaceId, id, input);
  try {
    await nrepo.updateSequence(ctx.db, caller.workspaceId, id, {
      name: input.name,
      campaignId: input.campaign_id,
      enabled: input.enabled,
      triggerType: input.entry.trigger.type,
      entryTrigger: input.entry.trigger,
      entryConditions: input.entry.conditions,
      exits: input.exits,
      createdBy: caller.userId,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("NURTURE_CAMPAIGN_TAKEN");
    throw err;
  }
  return getSequence(ctx, caller.workspaceId, id);
}

export async function deleteSequence(ctx: Ctx, workspaceId: string, id: string): Promise<void> {
  await find(ctx, workspaceId, id);
  await nrepo.deleteSequence(ctx.db, workspaceId, id);
}

export async function listEnrollments(
  ctx: Ctx,
  workspaceId: string,
  q: z.output<typeof NurtureEnrollmentListQuery>,
): Promise<NurtureEnrollmentList> {
  if (q.sequence_id) await find(ctx, workspaceId, q.sequence_id);
  const { rows, total } = await nrepo.listEnrollments(ctx.db, workspaceId, q);
  return {
    enrollments: rows.map(({ enrollment: e, sequenceName, firstName, lastName, email }) => ({
      id: e.id,
      sequence_id: e.sequenceId,
      sequence_name: sequenceName,
      lead_id: e.leadId,
      lead_name: [firstName, lastName].filter(Boolean).join(" ") || null,
      lead_email: email,
      status: e.status,
      entered_at: e.enteredAt.toISOString(),
      entry_reason: e.entryReason,
      exited_at: e.exitedAt ? e.exitedAt.toISOString() : null,
      exit_reason: e.exitReason,
    })),
    total,
    page: q.page,
    per_page: q.per_page,
  };
}
