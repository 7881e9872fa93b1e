import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { organizations } from "../organizations/organizations.table.ts";
import { getLeadAllowance } from "../plans/plans.service.ts";
import { createLeadsBatch, getLead, recordProvenance, updateLeadFields } from "./leads.service.ts";

describe("createLeadsBatch", () => {
  let t: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    u = await createUser(t.app.ctx.db);
  });
  afterAll(() => t.close());

  const batch = (leads: unknown[], duplicatePolicy: "skip" | "update" | "keep_both" = "skip", workspaceId = u.workspaceId) =>
    createLeadsBatch(t.app.ctx, {
      workspaceId,
      userId: u.id,
      source: "website",
      leads,
      duplicatePolicy,
      provenance: { source: "website:acme.test" },
    });

  it("creates valid leads, reports bad ones by index and records provenance", async () => {
    const r = await batch([
      { first_name: "Ann", last_name: "Lee", email: "Ann@Acme.test", company_name: "Acme", role: "  CTO " },
      { email: "not-an-email" },
      {},
      { company_name: "Globex", phone: "+1 555 0100" },
    ]);
    expect(r.created).toBe(2);
    expect(r.errors.map((e) => [e.index, e.field])).toEqual([
      [1, "email"],
      [2, "email"],
    ]);
    expect(r.ids).toHaveLength(2);
    const ann = await getLead(t.app.ctx, u.workspaceId, r.ids[0] as string);
    expect(ann).toMatchObject({ email: "ann@acme.test", role: "CTO", source: "website" });
    expect(ann.provenance.email?.source).toBe("website:acme.test");
    expect(ann.provenance.phone).toBeUndefined();
  });

  it("refuses, row by row, a campaign_id that is not one of the workspace's campaigns", async () => {
    const stranger = await createUser(t.app.ctx.db);
    const campaignOf = async (user: TestUser) => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/campaigns/",
        headers: user.headers,
        payload: { name: "B", subject_line: "Hi" },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const mine = await campaignOf(u);
    const theirs = await campaignOf(stranger);
    const r = await batch([
      { email: "own-campaign@acme.test", campaign_id: mine },
      { email: "foreign-campaign@acme.test", campaign_id: theirs },
      { email: "no-campaign@acme.test" },
    ]);
    expect(r.created).toBe(2);
    expect(r.errors).toEqual([{ index: 1, field: "campaign_id", message: "There is no campaign with this id in this workspace" }]);
    expect(r.outcomes.map((o) => o.outcome)).toEqual(["created", "failed", "created"]);
    expect((await getLead(t.app.ctx, u.workspaceId, r.ids[0] as string)).campaign_id).toBe(mine);
    // With duplicates updated, a row matching an existing lead cannot move it to a foreign campaign either.
    const again = await batch([{ email: "no-campaign@acme.test", campaign_id: theirs }], "update");
    expect(again).toMatchObject({ updated: 0, errors: [{ index: 0, field: "campaign_id" }] });
    expect((await getLead(t.app.ctx, u.workspaceId, r.ids[1] as string)).campaign_id).toBeNull();
  });

  it("keeps awkward tags and custom fields intact", async () => {
    const tags = ["a,b", 'say "hi"', "back\\slash", "{braces}", "ünïcode"];
    const r = await batch([{ email: "tags@x.test", tags, custom_fields: { plan: "pro", seats: 12, nested: { ok: true } } }]);
    const lead = await getLead(t.app.ctx, u.workspaceId, r.ids[0] as string);
    expect(lead.tags).toEqual(tags);
    expect(lead.custom_fields).toEqual({ plan: "pro", seats: 12, nested: { ok: true } });
    expect(lead).toMatchObject({ status: "new", email_status: "unknown", score: null, campaign_id: null });
  });

  it("skips, updates or keeps duplicates by email and by name + company", async () => {
    const skip = await batch([{ email: "ANN@acme.test", city: "Paris" }, { company_name: "Globex" }], "skip");
    expect(skip).toMatchObject({ created: 1, skipped: 1 });

    const upd = await batch([{ email: "ann@acme.test", city: "Paris", tags: ["vip"] }], "update");
    expect(upd).toMatchObject({ created: 0, updated: 1 });
    const ann = await getLead(t.app.ctx, u.workspaceId, upd.ids[0] as string);
    expect(ann).toMatchObject({ city: "Paris", role: "CTO", tags: ["vip"] });

    const both = await batch(
      [
        { first_name: "ann", last_name: "LEE", company_name: "acme" },
        { email: "ann@acme.test", first_name: "Other" },
      ],
      "keep_both",
    );
    expect(both.created).toBe(1);
    expect(both.errors).toEqual([{ index: 1, field: "email", message: expect.stringContaining(ann.id) }]);

    // Same person twice within one batch.
    const inBatch = await batch([{ email: "zed@x.test" }, { email: "ZED@x.test", city: "Oslo" }], "update");
    expect(inBatch).toMatchObject({ created: 1, updated: 1 });
    expect((await getLead(t.app.ctx, u.workspaceId, inBatch.ids[0] as string)).city).toBe("Oslo");
  });

  it("stops creating at the plan's monthly limit and reports the rest", async () => {
    const owner = await createUser(t.app.ctx.db);
    const used = (await getLeadAllowance(t.app.ctx.db, owner.organizationId)).used;
    expect(used).toBe(0);
    const rows = Array.from({ length: 2003 }, (_, i) => ({ email: `p${i}@limit.test` }));
    const r = await batch(rows, "skip", owner.workspaceId);
    expect(r.created).toBe(2000);
    expect(r.errors).toHaveLength(3);
    expect(r.errors[0]).toMatchObject({ index: 2000, code: "LEAD_LIMIT_REACHED", message: expect.stringContaining("2000") });
    expect((await getLeadAllowance(t.app.ctx.db, owner.organizationId)).remaining).toBe(0);
    await t.app.ctx.db.update(organizations).set({ plan: "enterprise" }).where(eq(organizations.id, owner.organizationId));
    expect((await batch([{ email: "more@limit.test" }], "skip", owner.workspaceId)).created).toBe(1);
  });

  it("lets enrichment set fields with provenance without overwriting people's values", async () => {
    const [id] = (await batch([{ email: "enrich@x.test", role: "Founder" }])).ids;
    const lead = await updateLeadFields(t.app.ctx, {
      workspaceId: u.workspaceId,
      leadId: id as string,
      fields: { role: "CEO", seniority: "founder", email_status: "valid" },
      provenance: { source: "enrichment:title" },
      onlyIfEmpty: true,
    });
    expect(lead).toMatchObject({ role: "Founder", seniority: "founder", email_status: "valid" });
    expect(lead.provenance.seniority?.source).toBe("enrichment:title");
    expect(lead.provenance.role?.source).toBe("website:acme.test");
    await recordProvenance(t.app.ctx, id as string, "role", { source: "manual-check" });
    expect((await getLead(t.app.ctx, u.workspaceId, id as string)).provenance.role?.source).toBe("manual-check");
    const other = await createUser(t.app.ctx.db);
    await expect(getLead(t.app.ctx, other.workspaceId, id as string)).rejects.toMatchObject({ code: "LEAD_NOT_FOUND" });
  });
});
