import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { campaigns } from "./campaigns.table.ts";
import { helpers } from "./campaigns.test-helpers.ts";

describe("campaign list", () => {
  let t: TestApp;
  let owner: TestUser;
  const h = helpers(() => t);
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx.db);
    const rows = [
      { name: "Alpha launch", status: "draft", createdAt: "2026-01-05T10:00:00Z" },
      { name: "beta follow-up", status: "active", createdAt: "2026-02-10T10:00:00Z", launchedAt: "2026-02-11T09:00:00Z" },
      { name: "Gamma 50% off", status: "paused", createdAt: "2026-03-15T23:30:00Z", launchedAt: "2026-03-16T09:00:00Z" },
      { name: "Delta reactivation", status: "stopped", createdAt: "2026-03-20T08:00:00Z", launchedAt: "2026-03-21T09:00:00Z" },
      { name: "Epsilon webinar", status: "completed", createdAt: "2026-04-01T08:00:00Z", launchedAt: "2026-04-02T09:00:00Z" },
    ] as const;
    for (const r of rows) {
      const c = await h.campaign(owner, { name: r.name });
      ids[r.name] = c.id;
      await t.app.ctx.db
        .update(campaigns)
        .set({ status: r.status, createdAt: new Date(r.createdAt), launchedAt: "launchedAt" in r ? new Date(r.launchedAt) : null })
        .where(eq(campaigns.id, c.id));
    }
    await createUser(t.app.ctx.db).then((other) => h.campaign(other, { name: "Alpha of another workspace" }));
  });
  afterAll(() => t.close());

  const names = async (query: string) => {
    const res = await h.ok(owner, "GET", `/api/campaigns/?${query}`);
    return res.campaigns.map((c: { name: string }) => c.name);
  };

  it("pages with the spec's envelope, 20 by default, newest first", async () => {
    const all = await h.ok(owner, "GET", "/api/campaigns/");
    expect(all).toMatchObject({ total: 5, page: 1, per_page: 20, total_pages: 1 });
    expect(all.campaigns.map((c: { name: string }) => c.name)).toEqual([
      "Epsilon webinar",
      "Delta reactivation",
      "Gamma 50% off",
      "beta follow-up",
      "Alpha launch",
    ]);
    const page2 = await h.ok(owner, "GET", "/api/campaigns/?per_page=2&page=2");
    expect(page2).toMatchObject({ total: 5, page: 2, per_page: 2, total_pages: 3 });
    expect(page2.campaigns.map((c: { name: string }) => c.name)).toEqual(["Gamma 50% off", "beta follow-up"]);
    expect((await h.ok(owner, "GET", "/api/campaigns/?page=9")).campaigns).toEqual([]);
  });

  it("filters by several statuses (repeated or comma list), search and creation dates", async () => {
    expect(await names("status=draft&status=paused")).toEqual(["Gamma 50% off", "Alpha launch"]);
    expect(await names("status=active,stopped")).toEqual(["Delta reactivation", "beta follow-up"]);
    expect(await names("search=ALPHA")).toEqual(["Alpha launch"]);
    expect(await names("search=50%25")).toEqual(["Gamma 50% off"]);
    expect(await names("search=5_")).toEqual([]);
    expect(await names("date_from=2026-03-15&date_to=2026-03-20")).toEqual(["Delta reactivation", "Gamma 50% off"]);
    expect(await names("date_from=2026-03-16T00:00:00Z")).toEqual(["Epsilon webinar", "Delta reactivation"]);
  });

  it("sorts by an allowlisted column in either direction; never-launched last", async () => {
    expect(await names("sort_by=name&sort_order=asc")).toEqual([
      "Alpha launch",
      "beta follow-up",
      "Delta reactivation",
      "Epsilon webinar",
      "Gamma 50% off",
    ]);
    expect((await names("sort_by=launched_at&sort_order=asc")).at(-1)).toBe("Alpha launch");
    expect((await names("sort_by=launched_at&sort_order=desc")).at(-1)).toBe("Alpha launch");
    expect(await names("sort_by=status&sort_order=asc")).toEqual([
      "beta follow-up",
      "Epsilon webinar",
      "Alpha launch",
      "Gamma 50% off",
      "Delta reactivation",
    ]);
  });

  it("rejects bad parameters with 422 naming them", async () => {
    for (const [q, field] of [
      ["per_page=101", "per_page"],
      ["page=0", "page"],
      ["status=archived", "status.0"],
      ["sort_by=password", "sort_by"],
      ["sort_order=sideways", "sort_order"],
      ["date_from=yesterday", "date_from"],
      ["date_from=2026-05-01&date_to=2026-04-01", "date_from"],
    ]) {
      const res = await h.call(owner, "GET", `/api/campaigns/?${q}`);
      expect(res.statusCode, q).toBe(422);
      expect(res.json().errors[0].field, q).toBe(field);
    }
  });

  it("shows a change at once despite the 2-minute list cache", async () => {
    const before = await h.ok(owner, "GET", "/api/campaigns/?search=zeta");
    expect(before.total).toBe(0);
    const c = await h.campaign(owner, { name: "Zeta" });
    expect((await h.ok(owner, "GET", "/api/campaigns/?search=zeta")).total).toBe(1);
    await h.ok(owner, "PUT", `/api/campaigns/${c.id}`, { name: "Zeta renamed" });
    expect((await h.ok(owner, "GET", "/api/campaigns/?search=zeta")).campaigns[0].name).toBe("Zeta renamed");
    const l = await h.lead(owner);
    await h.ok(owner, "POST", `/api/campaigns/${c.id}/leads`, { lead_ids: [l.id] });
    expect((await h.ok(owner, "GET", "/api/campaigns/?search=zeta")).campaigns[0].total_leads).toBe(1);
    await h.ok(owner, "DELETE", `/api/campaigns/${c.id}`, undefined, 204);
    expect((await h.ok(owner, "GET", "/api/campaigns/?search=zeta")).total).toBe(0);
  });
});
