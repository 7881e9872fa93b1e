import { BULK_MAX_TARGETS, type BulkOperation } from "@prospector/contracts";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { waitFor } from "../../../test/wait.ts";
import { helpers } from "../campaigns/campaigns.test-helpers.ts";
import { campaignLeads, campaignMessages, campaigns } from "../campaigns/index.ts";
import { enrichmentJobs } from "../enrichment/index.ts";
import { leads } from "../leads/index.ts";
import { organizations } from "../organizations/organizations.table.ts";
import { bulkOperations } from "./bulk-operations.table.ts";

describe("bulk operations", () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  const h = helpers(() => t);
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx.db);
    other = await createUser(t.app.ctx.db);
    await t.app.ctx.db.update(organizations).set({ plan: "unlimited" }).where(eq(organizations.id, owner.organizationId));
  });
  afterAll(() => t.close());

  const start = async (user: TestUser, kind: "leads" | "campaigns", body: unknown): Promise<BulkOperation> =>
    h.ok(user, "POST", `/api/bulk-operations/${kind}`, body, 202);
  /** Waits for the job to finish (or the undo to), as the page's polling does. */
  const settled = (user: TestUser, id: string, undo = false): Promise<BulkOperation> =>
    waitFor(
      async () => {
        const op: BulkOperation = await h.ok(user, "GET", `/api/bulk-operations/${id}`);
        if (undo) return op.undo_status === "done" ? op : null;
        return ["done", "failed", "cancelled"].includes(op.status) ? op : null;
      },
      { what: `bulk operation ${id}${undo ? " undo" : ""}` },
    );
  const leadRow = async (id: string) => (await t.app.ctx.db.select().from(leads).where(eq(leads.id, id)))[0];
  const undo = async (user: TestUser, op: BulkOperation) => {
    await h.ok(user, "POST", `/api/bulk-operations/${op.id}/undo`, undefined, 202);
    return settled(user, op.id, true);
  };

  it("adds tags to selected leads, reports not-found ids per item, and undo takes back exactly what it added", async () => {
    const a = await h.lead(owner, { tags: ["vip"] });
    const b = await h.lead(owner, { tags: [] });
    const foreign = await h.lead(other);
    const created = await start(owner, "leads", { action: "add_tags", target: { ids: [a.id, b.id, foreign.id] }, tags: ["vip", "q3"] });
    expect(created.status).toBe("queued");
    const op = await settled(owner, created.id);
    expect(op).toMatchObject({ status: "done", total: 3, processed: 3, succeeded: 2, failed: 1, progress: 100, can_undo: true });
    expect(op.errors).toEqual([{ id: foreign.id, label: foreign.id, error: "Lead not found in this workspace" }]);
    expect((await leadRow(a.id))!.tags).toEqual(["vip", "q3"]);
    expect((await leadRow(b.id))!.tags).toEqual(["vip", "q3"]);
    expect((await leadRow(foreign.id))!.tags).toEqual([]);
    // Someone adds a tag meanwhile: undo keeps it.
    await h.ok(owner, "PUT", `/api/leads/${b.id}`, { tags: ["vip", "q3", "hot"] });
    const undone = await undo(owner, op);
    expect(undone).toMatchObject({ status: "undone", undone: 2, undo_failed: 0, can_undo: false });
    expect((await leadRow(a.id))!.tags).toEqual(["vip"]);
    expect((await leadRow(b.id))!.tags).toEqual(["hot"]);
    const again = await h.call(owner, "POST", `/api/bulk-operations/${op.id}/undo`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("BULK_ALREADY_UNDONE");
  });

  it("sets status over a filter, with a preview count first; undo restores each lead's own status", async () => {
    const tag = `batch-${Date.now()}`;
    const l1 = await h.lead(owner, { tags: [tag], status: "contacted" });
    const l2 = await h.lead(owner, { tags: [tag], status: "new" });
    await h.lead(owner, { tags: ["other"] });
    const preview = await h.ok(owner, "POST", "/api/bulk-operations/preview", { target: { filter: { tag: [tag] } } });
    expect(preview).toEqual({ count: 2, cap: BULK_MAX_TARGETS, over_cap: false });
    const op = await settled(
      owner,
      (await start(owner, "leads", { action: "set_status", target: { filter: { tag: [tag] } }, status: "interested" })).id,
    );
    expect(op).toMatchObject({ status: "done", total: 2, succeeded: 2, failed: 0 });
    expect(op.target_description).toBe(`Set status "interested": Leads where tag: ${tag}`);
    expect((await leadRow(l1.id))!.status).toBe("interested");
    const items = await h.ok(owner, "GET", `/api/bulk-operations/${op.id}/items`);
    expect(items.total).toBe(2);
    // l2 is changed again by a person: undo leaves it and says why.
    await h.ok(owner, "PUT", `/api/leads/${l2.id}`, { status: "replied" });
    const undone = await undo(owner, op);
    expect(undone).toMatchObject({ undone: 1, undo_failed: 1 });
    expect((await leadRow(l1.id))!.status).toBe("contacted");
    expect((await leadRow(l2.id))!.status).toBe("replied");
    const failedItems = await h.ok(owner, "GET", `/api/bulk-operations/${op.id}/items?status=undo_failed`);
    expect(failedItems.items[0].undo_error).toMatch(/Status changed since/);
  });

  it("refuses an empty selection and a filter over the cap with clear errors, and bad input with 422", async () => {
    const none = await h.call(owner, "POST", "/api/bulk-operations/leads", {
      action: "delete",
      target: { filter: { search: "no-such-lead-anywhere" } },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe("BULK_NO_TARGETS");
    const bad = await h.call(owner, "POST", "/api/bulk-operations/leads", { action: "add_tags", target: { ids: ["nope"] }, tags: [] });
    expect(bad.statusCode).toBe(422);
    const noCampaign = await h.call(owner, "POST", "/api/bulk-operations/leads", {
      action: "add_to_campaign",
      target: { filter: {} },
      campaign_id: "0193a5b0-0000-7000-8000-000000000000",
    });
    expect(noCampaign.json().code).toBe("BULK_CAMPAIGN_NOT_FOUND");
  });

  it("adds leads to a campaign with each refusal's reason, and undo takes them out again", async () => {
    const c = await h.campaign(owner);
    const good = await h.lead(owner);
    const noEmail = await h.lead(owner, { email: null, first_name: "Nomail" });
    const op = await settled(
      owner,
      (await start(owner, "leads", { action: "add_to_campaign", target: { ids: [good.id, noEmail.id] }, campaign_id: c.id })).id,
    );
    expect(op).toMatchObject({ succeeded: 1, failed: 1, target_description: 'Add to campaign "Q1 outreach": 2 selected leads' });
    expect(op.errors[0]).toMatchObject({ id: noEmail.id, error: "No email address" });
    expect(await t.app.ctx.db.select().from(campaignLeads).where(eq(campaignLeads.campaignId, c.id))).toHaveLength(1);
    expect((await leadRow(good.id))!.campaignId).toBe(c.id);
    await undo(owner, op);
    expect(await t.app.ctx.db.select().from(campaignLeads).where(eq(campaignLeads.campaignId, c.id))).toHaveLength(0);
    expect((await leadRow(good.id))!.campaignId).toBeNull();
  });

  it("removes leads from a campaign and undo puts the membership back exactly (state, step, next send)", async () => {
    const { campaign, lead } = await h.ready(owner);
    const next = new Date("2030-01-01T10:00:00Z");
    await t.app.ctx.db
      .update(campaignLeads)
      .set({ currentStep: 2, state: "in_progress", nextSendAt: next })
      .where(eq(campaignLeads.leadId, lead.id));
    const [before] = await t.app.ctx.db.select().from(campaignLeads).where(eq(campaignLeads.leadId, lead.id));
    const op = await settled(
      owner,
      (await start(owner, "leads", { action: "remove_from_campaign", target: { ids: [lead.id] }, campaign_id: campaign.id })).id,
    );
    expect(op.succeeded).toBe(1);
    expect(await t.app.ctx.db.select().from(campaignLeads).where(eq(campaignLeads.leadId, lead.id))).toEqual([]);
    await undo(owner, op);
    const [after] = await t.app.ctx.db.select().from(campaignLeads).where(eq(campaignLeads.leadId, lead.id));
    expect(after).toEqual(before);
    expect((await leadRow(lead.id))!.campaignId).toBe(campaign.id);
  });

  it("deletes leads, and undo restores each lead, its memberships and the link of its sent history", async () => {
    const { campaign, lead } = await h.ready(owner);
    const [row] = await t.app.ctx.db.select().from(leads).where(eq(leads.id, lead.id));
    const [member] = await t.app.ctx.db.select().from(campaignLeads).where(eq(campaignLeads.leadId, lead.id));
    const [msg] = await t.app.ctx.db
      .insert(campaignMessages)
      .values({
        workspaceId: owner.workspaceId,
        campaignId: campaign.id,
        leadId: lead.id,
        step: 0,
        status: "sent",
        subject: "Hi",
        sentAt: new Date(),
      })
      .returning();
    const op = await settled(owner, (await start(owner, "leads", { action: "delete", target: { ids: [lead.id] } })).id);
    expect(op.succeeded).toBe(1);
    expect(await leadRow(lead.id)).toBeUndefined();
    expect((await h.call(owner, "GET", `/api/leads/${lead.id}`)).statusCode).toBe(404);
    await undo(owner, op);
    expect(await leadRow(lead.id)).toEqual(row);
    expect((await t.app.ctx.db.select().from(campaignLeads).where(eq(campaignLeads.leadId, lead.id)))[0]).toEqual(member);
    expect((await t.app.ctx.db.select().from(campaignMessages).where(eq(campaignMessages.id, msg!.id)))[0]!.leadId).toBe(lead.id);
  });

  it("enrich queues the enrichment feature's job for the leads, and is not undoable", async () => {
    const a = await h.lead(owner);
    const b = await h.lead(owner);
    const op = await settled(owner, (await start(owner, "leads", { action: "enrich", target: { ids: [a.id, b.id] } })).id);
    expect(op).toMatchObject({ status: "done", succeeded: 2, undoable: false, can_undo: false });
    expect(op.not_undoable_reason).toMatch(/Enrichment/);
    const [job] = await t.app.ctx.db.select().from(enrichmentJobs).where(eq(enrichmentJobs.workspaceId, owner.workspaceId));
    expect([...job!.leadIds].sort()).toEqual([a.id, b.id].sort());
  });

  it("refuses undo after the window with a clear error, and never for stop", async () => {
    const l = await h.lead(owner);
    const op = await settled(owner, (await start(owner, "leads", { action: "add_tags", target: { ids: [l.id] }, tags: ["late"] })).id);
    expect(new Date(op.undo_until!).getTime() - new Date(op.finished_at!).getTime()).toBe(10 * 60 * 1000);
    await t.app.ctx.db
      .update(bulkOperations)
      .set({ undoUntil: new Date(Date.now() - 1000) })
      .where(eq(bulkOperations.id, op.id));
    const late = await h.call(owner, "POST", `/api/bulk-operations/${op.id}/undo`);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe("BULK_UNDO_EXPIRED");
    expect((await leadRow(l.id))!.tags).toEqual(["late"]);

    const { campaign } = await h.ready(owner);
    // Paused straight in the table: a launched one-lead campaign may complete before the stop.
    await t.app.ctx.db.update(campaigns).set({ status: "paused" }).where(eq(campaigns.id, campaign.id));
    const stop = await settled(owner, (await start(owner, "campaigns", { action: "stop", target: { ids: [campaign.id] } })).id);
    expect(stop).toMatchObject({ succeeded: 1, undoable: false, can_undo: false });
    expect(stop.not_undoable_reason).toMatch(/stop is final/);
    const res = await h.call(owner, "POST", `/api/bulk-operations/${stop.id}/undo`);
    expect(res.json().code).toBe("BULK_NOT_UNDOABLE");
  });

  it("pauses campaigns one call each, reporting successes and errors separately; undo resumes what it paused", async () => {
    const a = (await h.ready(owner)).campaign;
    const b = (await h.ready(owner)).campaign;
    const draft = await h.campaign(owner, { name: "Still a draft" });
    // Active straight in the table: a launched one-lead campaign may complete before the pause.
    await t.app.ctx.db
      .update(campaigns)
      .set({ status: "active" })
      .where(inArray(campaigns.id, [a.id, b.id]));
    const op = await settled(owner, (await start(owner, "campaigns", { action: "pause", target: { ids: [a.id, b.id, draft.id] } })).id);
    expect(op).toMatchObject({ total: 3, succeeded: 2, failed: 1 });
    expect(op.errors).toEqual([{ id: draft.id, label: "Still a draft", error: "Campaign cannot be paused in current state" }]);
    const status = async (id: string) => (await t.app.ctx.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!.status;
    expect(await status(a.id)).toBe("paused");
    // b is resumed by hand meanwhile: undo leaves it as it is.
    await h.ok(owner, "POST", `/api/campaigns/${b.id}/resume`);
    await h.ok(owner, "POST", `/api/campaigns/${b.id}/pause`);
    await h.ok(owner, "POST", `/api/campaigns/${b.id}/stop`);
    const undone = await undo(owner, op);
    expect(undone).toMatchObject({ undone: 1, undo_failed: 1 });
    expect(await status(a.id)).toBe("active");
    expect(await status(b.id)).toBe("stopped");
  });

  it("resume reports a campaign that cannot be resumed as that item's error", async () => {
    const draft = await h.campaign(owner);
    const op = await settled(owner, (await start(owner, "campaigns", { action: "resume", target: { ids: [draft.id] } })).id);
    expect(op).toMatchObject({ succeeded: 0, failed: 1, can_undo: false });
    expect(op.errors[0]!.error).toBe("Campaign cannot be resumed in current state");
  });

  it("lists operations newest first, active apart from history, paged", async () => {
    const all = await h.ok(owner, "GET", "/api/bulk-operations?per_page=100");
    // Every finished operation is history, undone or not (most have no undo at all).
    expect((await h.ok(owner, "GET", "/api/bulk-operations?state=history&per_page=100")).total).toBe(all.total);
    expect(all.operations.some((o: BulkOperation) => o.undo_status === null)).toBe(true);
    const page = await h.ok(owner, "GET", "/api/bulk-operations?state=history&per_page=2");
    expect(page.operations).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
    expect(new Date(page.operations[0].created_at) >= new Date(page.operations[1].created_at)).toBe(true);
    const active = await h.ok(owner, "GET", "/api/bulk-operations?state=active");
    expect(active.total).toBe(0);
  });

  it("keeps each workspace's operations to itself (404, nothing listed)", async () => {
    const l = await h.lead(owner);
    const op = await settled(owner, (await start(owner, "leads", { action: "add_tags", target: { ids: [l.id] }, tags: ["mine"] })).id);
    for (const [method, url] of [
      ["GET", `/api/bulk-operations/${op.id}`],
      ["GET", `/api/bulk-operations/${op.id}/items`],
      ["POST", `/api/bulk-operations/${op.id}/undo`],
      ["POST", `/api/bulk-operations/${op.id}/cancel`],
    ] as const) {
      const res = await h.call(other, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await h.ok(other, "GET", "/api/bulk-operations")).total).toBe(0);
    // Another workspace's filter matches none of these leads.
    expect((await h.ok(other, "POST", "/api/bulk-operations/preview", { target: { ids: [l.id] } })).count).toBe(0);
  });

  it("needs leads:update / campaigns:update (and delete rights to delete)", async () => {
    const viewer = await addMember(t.app.ctx.db, owner, "viewer");
    const rep = await addMember(t.app.ctx.db, owner, "sales_rep");
    const marketing = await addMember(t.app.ctx.db, owner, "marketing");
    const l = await h.lead(owner);
    const c = await h.campaign(owner);
    const tagBody = { action: "add_tags", target: { ids: [l.id] }, tags: ["x"] };
    expect((await h.call(viewer, "POST", "/api/bulk-operations/leads", tagBody)).statusCode).toBe(403);
    expect((await h.call(rep, "POST", "/api/bulk-operations/leads", tagBody)).statusCode).toBe(202);
    const del = await h.call(rep, "POST", "/api/bulk-operations/leads", { action: "delete", target: { ids: [l.id] } });
    expect(del.statusCode).toBe(403);
    expect(del.json().requiredPermission).toBe("leads:delete");
    expect(
      (await h.call(marketing, "POST", "/api/bulk-operations/campaigns", { action: "pause", target: { ids: [c.id] } })).statusCode,
    ).toBe(403);
    // Undo of a lead operation needs leads:update too.
    const op = await settled(owner, (await start(owner, "leads", tagBody)).id);
    expect((await h.call(viewer, "POST", `/api/bulk-operations/${op.id}/undo`)).statusCode).toBe(403);
    expect((await h.call(viewer, "GET", `/api/bulk-operations/${op.id}`)).statusCode).toBe(200);
  });
});
