/** The runner across crashes and cancels: chunks, the cursor, re-runs that do not double anything. */
import type { BulkOperation } from "@prospector/contracts";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { waitFor } from "../../../test/wait.ts";
import { helpers } from "../campaigns/campaigns.test-helpers.ts";
import { campaignLeads } from "../campaigns/index.ts";
import { leads } from "../leads/index.ts";
import { runGuarded, runOperation } from "./bulk-operations.jobs.ts";
import * as repo from "./bulk-operations.repository.ts";
import { bulkOperationItems, bulkOperations } from "./bulk-operations.table.ts";

describe("bulk operation runner", () => {
  let t: TestApp;
  let owner: TestUser;
  const h = helpers(() => t);
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx.db);
  });
  afterAll(() => t.close());

  /** n leads tagged `tag`, written straight to the table (the API would take minutes for this many). */
  const seedLeads = async (n: number, tag: string) => {
    const rows = Array.from({ length: n }, (_, i) => ({
      workspaceId: owner.workspaceId,
      firstName: `P${i}`,
      email: `${tag}-${i}@bulk.test`,
      tags: [tag],
    }));
    for (let i = 0; i < rows.length; i += 500) await t.app.ctx.db.insert(leads).values(rows.slice(i, i + 500));
  };
  /** An operation row as the service writes it, without sending its job: the test plays the worker. */
  const operation = (values: Partial<typeof bulkOperations.$inferInsert>) =>
    repo.insertOperation(t.app.ctx.db, {
      workspaceId: owner.workspaceId,
      targetType: "leads",
      action: "add_tags",
      params: { tags: ["done"] },
      target: {},
      targetDescription: "test",
      undoable: true,
      createdBy: owner.id,
      ...values,
    });
  const row = async (id: string) => (await repo.getOperationById(t.app.ctx.db, id))!;
  const taggedTimes = async (tag: string, marker: string) => {
    const res = await t.app.ctx.db
      .select({
        n: sql<number>`count(*)::int`,
        dup: sql<number>`count(*) filter (where array_length(array_positions(${leads.tags}, ${marker}), 1) > 1)::int`,
      })
      .from(leads)
      .where(and(eq(leads.workspaceId, owner.workspaceId), sql`${tag} = any(${leads.tags})`, sql`${marker} = any(${leads.tags})`));
    return res[0]!;
  };

  it("carries on from the cursor after a crash: every lead changed once, counts exact", async () => {
    await seedLeads(1200, "crash");
    const op = await operation({ target: { filter: { tag: ["crash"] } }, params: { tags: ["done"] } });
    await runOperation(t.app.ctx, op.id, { maxChunks: 1 });
    const mid = await row(op.id);
    expect(mid).toMatchObject({ status: "running", resolved: true, total: 1200, processed: 500, succeeded: 500, cursor: 500 });
    // The process died here; a new worker takes the job up again.
    await runOperation(t.app.ctx, op.id);
    const end = await row(op.id);
    expect(end).toMatchObject({ status: "done", total: 1200, processed: 1200, succeeded: 1200, failed: 0 });
    expect(await taggedTimes("crash", "done")).toEqual({ n: 1200, dup: 0 });
  });

  it("a chunk of service calls re-run after a crash counts its own work as done, not as 'already in'", async () => {
    const c = await h.campaign(owner);
    const fresh = [await h.lead(owner), await h.lead(owner)];
    const already = await h.lead(owner);
    await h.ok(owner, "POST", `/api/campaigns/${c.id}/leads`, { lead_ids: [already.id] });
    const op = await operation({
      action: "add_to_campaign",
      params: { campaign_id: c.id },
      target: { ids: [...fresh.map((l) => l.id), already.id] },
    });
    await runOperation(t.app.ctx, op.id);
    expect(await row(op.id)).toMatchObject({ status: "done", succeeded: 2, failed: 1 });
    // As if the process died after the campaign took the leads but before the chunk was recorded.
    await t.app.ctx.db.update(bulkOperationItems).set({ status: "pending", error: null }).where(eq(bulkOperationItems.operationId, op.id));
    await t.app.ctx.db
      .update(bulkOperations)
      .set({ status: "running", cursor: 0, processed: 0, succeeded: 0, failed: 0, errors: [], undoUntil: null })
      .where(eq(bulkOperations.id, op.id));
    await runOperation(t.app.ctx, op.id);
    const end = await row(op.id);
    expect(end).toMatchObject({ status: "done", succeeded: 2, failed: 1 });
    expect(end.errors).toEqual([expect.objectContaining({ id: already.id, error: "Already in this campaign" })]);
    expect(await t.app.ctx.db.select().from(campaignLeads).where(eq(campaignLeads.campaignId, c.id))).toHaveLength(3);
  });

  it("cancel stops between chunks, keeps what was done, and what was done can be undone", async () => {
    await seedLeads(1100, "cancel");
    const op = await operation({ target: { filter: { tag: ["cancel"] } }, params: { tags: ["stopped-here"] } });
    await runOperation(t.app.ctx, op.id, { maxChunks: 1 });
    const cancelled: BulkOperation = await h.ok(owner, "POST", `/api/bulk-operations/${op.id}/cancel`);
    expect(cancelled.status).toBe("cancelled");
    await runOperation(t.app.ctx, op.id);
    const end = await h.ok(owner, "GET", `/api/bulk-operations/${op.id}`);
    expect(end).toMatchObject({ status: "cancelled", total: 1100, processed: 500, succeeded: 500, can_undo: true });
    expect((await taggedTimes("cancel", "stopped-here")).n).toBe(500);
    const again = await h.call(owner, "POST", `/api/bulk-operations/${op.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("BULK_NOT_CANCELLABLE");
    await h.ok(owner, "POST", `/api/bulk-operations/${op.id}/undo`, undefined, 202);
    await waitFor(async () => (await row(op.id)).undoStatus === "done", { what: "undo of the cancelled part" });
    expect((await taggedTimes("cancel", "stopped-here")).n).toBe(0);
    expect((await row(op.id)).undone).toBe(500);
  });

  it("an error in a chunk ends the operation as failed with the reason, keeping what was done (no endless retry)", async () => {
    const l = await h.lead(owner, { status: "new" });
    // No status to set: the database refuses the chunk (a stand-in for any unexpected failure).
    const op = await operation({ action: "set_status", params: {}, target: { ids: [l.id] } });
    await runGuarded(t.app.ctx, { operationId: op.id });
    const end = await row(op.id);
    expect(end).toMatchObject({ status: "failed", succeeded: 0 });
    expect(end.error).toMatch(/unexpected error/);
    expect((await t.app.ctx.db.select().from(leads).where(eq(leads.id, l.id)))[0]!.status).toBe("new");
  });

  it("refuses a filter over the cap (100,000) with the count, before anything runs", async () => {
    await t.app.ctx.db.execute(sql`insert into leads (id, workspace_id, email, tags)
      select gen_random_uuid(), ${owner.workspaceId}, 'cap' || g || '@cap.test', '{cap}' from generate_series(1, 100001) g`);
    const preview = await h.ok(owner, "POST", "/api/bulk-operations/preview", { target: { filter: { tag: ["cap"] } } });
    expect(preview).toEqual({ count: 100_001, cap: 100_000, over_cap: true });
    const res = await h.call(owner, "POST", "/api/bulk-operations/leads", {
      action: "add_tags",
      target: { filter: { tag: ["cap"] } },
      tags: ["x"],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "BULK_TOO_MANY_TARGETS" });
    expect(res.json().detail).toContain("100,001");
    // The same filter grown past the cap after the operation was queued: it fails with the reason and writes nothing.
    const op = await operation({ target: { filter: { tag: ["cap"] } } });
    await runOperation(t.app.ctx, op.id);
    expect(await row(op.id)).toMatchObject({ status: "failed", succeeded: 0 });
    expect((await row(op.id)).error).toMatch(/more than 100,000/);
    expect(await t.app.ctx.db.select().from(bulkOperationItems).where(eq(bulkOperationItems.operationId, op.id))).toEqual([]);
  }, 120_000);
});
