import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { expectTenantIsolation } from "../../../test/tenant-isolation.ts";
import { campaigns } from "./campaigns.table.ts";
import { helpers } from "./campaigns.test-helpers.ts";

describe("campaign tenant isolation", () => {
  let t: TestApp;
  let owner: TestUser;
  let outsider: TestUser;
  const h = helpers(() => t);
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx.db);
    outsider = await createUser(t.app.ctx.db);
  });
  afterAll(() => t.close());

  it("answers 404 on every campaign route to another workspace's admin, and changes nothing", async () => {
    const { campaign, lead } = await h.ready(owner);
    const outsiderLead = await h.lead(outsider);
    const id = campaign.id;
    await expectTenantIsolation(t.app, outsider, [
      { method: "GET", url: `/api/campaigns/${id}` },
      { method: "PUT", url: `/api/campaigns/${id}`, payload: { name: "hijacked" } },
      { method: "DELETE", url: `/api/campaigns/${id}` },
      { method: "POST", url: `/api/campaigns/${id}/duplicate`, payload: { new_name: "stolen" } },
      { method: "POST", url: `/api/campaigns/${id}/launch` },
      { method: "POST", url: `/api/campaigns/${id}/pause` },
      { method: "POST", url: `/api/campaigns/${id}/resume` },
      { method: "POST", url: `/api/campaigns/${id}/stop` },
      { method: "GET", url: `/api/campaigns/${id}/validate-launch` },
      { method: "GET", url: `/api/campaigns/${id}/leads` },
      { method: "POST", url: `/api/campaigns/${id}/leads`, payload: { lead_ids: [outsiderLead.id] } },
      { method: "DELETE", url: `/api/campaigns/${id}/leads`, payload: { lead_ids: [lead.id] } },
      { method: "GET", url: `/api/campaigns/${id}/preview` },
      { method: "GET", url: `/api/campaigns/${id}/activity` },
      { method: "GET", url: `/api/campaigns/${id}/metrics` },
      { method: "POST", url: `/api/campaigns/${id}/metrics/refresh` },
      { method: "GET", url: `/api/campaigns/${id}/trends` },
      { method: "GET", url: `/api/campaigns/${id}/real-time` },
      { method: "POST", url: "/api/campaigns/generate-email", payload: { campaign_id: id } },
      { method: "POST", url: "/api/campaigns/generate-email", payload: { lead_id: lead.id } },
    ]);
    const [row] = await t.app.ctx.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(row).toMatchObject({ name: campaign.name, status: "draft" });
    expect((await h.ok(owner, "GET", `/api/campaigns/${id}`)).total_leads).toBe(1);
    expect((await h.ok(outsider, "GET", "/api/campaigns/")).total).toBe(0);
  });

  it("never adds another workspace's lead to a campaign", async () => {
    const c = await h.campaign(owner);
    const foreign = await h.lead(outsider);
    const res = await h.ok(owner, "POST", `/api/campaigns/${c.id}/leads`, { lead_ids: [foreign.id] });
    expect(res).toEqual({ added: [], skipped: [{ id: foreign.id, reason: "Lead not found" }], total_leads: 0 });
    expect((await h.ok(outsider, "GET", `/api/leads/${foreign.id}`)).campaign_id).toBeNull();
  });

  it("keeps the analytics summary to the caller's workspace", async () => {
    const { campaign } = await h.ready(owner);
    await h.ok(owner, "POST", `/api/campaigns/${campaign.id}/launch`);
    const sum = await h.ok(outsider, "GET", "/api/campaigns/analytics/summary");
    expect(sum.campaigns.total).toBe(0);
    expect(sum.top_campaigns).toEqual([]);
  });
});
