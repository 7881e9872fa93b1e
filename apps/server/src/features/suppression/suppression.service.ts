/**
 * The suppression list: who must never be emailed again by this workspace. Unsubscribes, hard
 * bounces and complaints land here automatically; people can add and remove addresses by hand.
 */
import type { Suppression, SuppressionCreateResult, SuppressionList, SuppressionListQuery, SuppressionReason } from "@prospector/contracts";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../platform/errors.ts";
import * as repo from "./suppression.repository.ts";

type Ctx = Pick<AppContext, "db">;
type CreateInput = z.output<typeof import("@prospector/contracts").SuppressionCreate>;

export function toSuppression(row: repo.SuppressionRow): Suppression {
  return {
    id: row.id,
    email: row.email,
    reason: row.reason,
    detail: row.detail,
    campaign_id: row.campaignId,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listSuppressions(ctx: Ctx, workspaceId: string, q: SuppressionListQuery): Promise<SuppressionList> {
  const { rows, total } = await repo.listSuppressions(ctx.db, workspaceId, { ...q, search: q.search?.toLowerCase() });
  return { entries: rows.map(toSuppression), total, page: q.page, per_page: q.per_page, total_pages: Math.ceil(total / q.per_page) };
}

export async function addSuppressions(ctx: Ctx, workspaceId: string, input: CreateInput): Promise<SuppressionCreateResult> {
  const emails = [...new Set(input.emails.map((e) => e.trim().toLowerCase()))];
  const added = await repo.addSuppressions(
    ctx.db,
    emails.map((email) => ({ workspaceId, email, reason: input.reason, detail: input.detail ?? null })),
  );
  return { added, already: emails.length - added };
}

/** Of these addresses (lower-cased), the ones on the workspace's list, with the reason; in the caller's transaction when given one. */
export function suppressedAmong(db: repo.Tx, workspaceId: string, emails: string[]): Promise<Map<string, SuppressionReason>> {
  return repo.suppressedAmong(db, workspaceId, emails);
}

/** Puts addresses on the list in the caller's transaction (an address already listed keeps its first reason); returns how many were new. */
export function addToSuppressionList(tx: repo.Tx, entries: Parameters<typeof repo.addSuppressions>[1]): Promise<number> {
  return repo.addSuppressions(tx, entries);
}

export async function removeSuppression(ctx: Ctx, workspaceId: string, email: string): Promise<void> {
  if (!(await repo.deleteSuppression(ctx.db, workspaceId, email.trim()))) throw new AppError("SUPPRESSION_NOT_FOUND");
}

/** The salted hash an erasure keeps of an address (docs/compliance.md). */
export const suppressionHash = repo.suppressionHash;
