import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createSession, createUser, type TestUser } from "../../../test/factories.ts";
import { AppError } from "../../platform/errors.ts";
import { backups, dataExports } from "../data-exports/data-exports.table.ts";
import { users } from "../identity/identity.table.ts";
import { organizations } from "../organizations/organizations.table.ts";
import { planUsage } from "../plans/plans.table.ts";
import type { PaymentProcessor } from "./billing.processor.ts";
import { billingOverview, changePlan as changePlanOf } from "./billing.service.ts";

const URL = "/api/user-settings/billing";
const GB = 1024 ** 3;
const withToken = (token: string) => ({ token, headers: { authorization: `Bearer ${token}` } });

describe("billing", () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx.db);
  });
  afterAll(() => t.close());

  const changePlan = (u: TestUser, plan_id: string, billing_cycle = "monthly") =>
    t.app.inject({ method: "POST", url: `${URL}/plan`, headers: u.headers, payload: { plan_id, billing_cycle } });

  it("shows the trial plan with the spec's limits, live usage, and no payment processor", async () => {
    await addMember(t.app.ctx.db, owner, "viewer");
    const created = await t.app.inject({
      method: "POST",
      url: "/api/campaigns/",
      headers: owner.headers,
      payload: { name: "Usage check", subject_line: "Hello" },
    });
    expect(created.statusCode).toBe(201);
    const res = await t.app.inject({ method: "GET", url: URL, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.plan).toMatchObject({
      id: "trial",
      price: 0,
      limits: { emails_per_month: 5000, leads_per_month: 2000, campaigns_per_month: 50, storage_bytes: 100 * GB, members: 10 },
    });
    expect(body.usage.members).toEqual({ used: 2, limit: 10, tracked: true });
    expect(body.usage.leads).toMatchObject({ used: 0, tracked: true });
    expect(body.usage.emails).toMatchObject({ used: 0, tracked: true });
    expect(body.usage.campaigns).toMatchObject({ used: 1, limit: 50, tracked: true });
    expect(body).toMatchObject({
      paymentsConfigured: false,
      paymentMethods: [],
      history: [],
      subscriptionStatus: "trialing",
      billingAddress: null,
    });
    expect(Date.parse(body.trialEndsAt) - Date.now()).toBeGreaterThan(13 * 86_400_000);
  });

  it("counts the storage kept for the organization: exports, backups, workspace uploads and profile pictures", async () => {
    const u = await createUser(t.app.ctx.db);
    const before = (await t.app.inject({ method: "GET", url: URL, headers: u.headers })).json().usage.storage.used;
    await t.app.ctx.db.insert(dataExports).values([
      {
        workspaceId: u.workspaceId,
        userId: u.id,
        type: "personal_data",
        format: "json",
        options: {},
        status: "completed",
        files: [{ name: "profile.json", size: 1000 }],
        fileSize: 1000,
      },
      // An expired export (its files gone) no longer counts.
      { workspaceId: u.workspaceId, userId: u.id, type: "personal_data", format: "json", options: {}, status: "completed", fileSize: 500 },
    ]);
    await t.app.ctx.db.insert(backups).values([
      { workspaceId: u.workspaceId, trigger: "manual", status: "completed", size: 2000, encrypted: true, includesAttachments: false },
      { workspaceId: u.workspaceId, trigger: "manual", status: "failed", size: 700, encrypted: true, includesAttachments: false },
    ]);
    const uploads = path.join(t.config.dataDir, "uploads", "workspaces", u.workspaceId, "attachments");
    fs.mkdirSync(uploads, { recursive: true });
    fs.writeFileSync(path.join(uploads, "a.pdf"), Buffer.alloc(300));
    const avatar = `${u.id}-${"a".repeat(32)}.png`;
    fs.mkdirSync(path.join(t.config.dataDir, "uploads", "avatars"), { recursive: true });
    fs.writeFileSync(path.join(t.config.dataDir, "uploads", "avatars", avatar), Buffer.alloc(50));
    await t.app.ctx.db
      .update(users)
      .set({ image: `/api/user-settings/profile/picture/${avatar}` })
      .where(eq(users.id, u.id));
    const storage = (await t.app.inject({ method: "GET", url: URL, headers: u.headers })).json().usage.storage;
    expect(storage).toEqual({ used: before + 1000 + 2000 + 300 + 50, limit: 100 * GB, tracked: true });
  });

  it("counts leads created this month from the leads feature's usage counter", async () => {
    const now = new Date();
    const period = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, "0")}-01`;
    await t.app.ctx.db.insert(planUsage).values({ organizationId: owner.organizationId, period, leadsCreated: 42 });
    const body = (await t.app.inject({ method: "GET", url: URL, headers: owner.headers })).json();
    expect(body.usage.leads.used).toBe(42);
  });

  it("lists the landing page's plans for both cycles", async () => {
    const plans = (await t.app.inject({ method: "GET", url: `${URL}/plans`, headers: owner.headers })).json();
    expect(plans).toContainEqual(expect.objectContaining({ id: "starter", billingCycle: "monthly", price: 1200, selfServe: true }));
    expect(plans).toContainEqual(expect.objectContaining({ id: "growth", billingCycle: "yearly", price: 2000 }));
    expect(plans).toContainEqual(expect.objectContaining({ id: "enterprise", selfServe: false }));
  });

  it("without a payment processor, refuses an organization admin a paid plan and says who can change it", async () => {
    const res = await changePlan(owner, "growth", "yearly");
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: "PLAN_NOT_AVAILABLE",
      detail: "Payments are not set up on this instance, so only the instance administrator can move an organization to Growth",
    });
    const after = (await t.app.inject({ method: "GET", url: URL, headers: owner.headers })).json();
    expect(after).toMatchObject({ plan: { id: "trial" }, subscriptionStatus: "trialing", paymentsConfigured: false });
  });

  it("changes the plan and its limits when the instance admin does it", async () => {
    await t.app.ctx.db.update(users).set({ isInstanceAdmin: true }).where(eq(users.id, owner.id));
    // Sessions are cached for a minute: sign in again so the new role is seen at once.
    owner = { ...owner, ...withToken(await createSession(t.app.ctx.db, owner.id)) };
    const res = await changePlan(owner, "growth", "yearly");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      plan: { id: "growth", billingCycle: "yearly", limits: { members: 50 } },
      subscriptionStatus: "active",
    });
    expect(Date.parse(res.json().nextBillingDate) - Date.now()).toBeGreaterThan(360 * 86_400_000);
    const [org] = await t.app.ctx.db.select().from(organizations).where(eq(organizations.id, owner.organizationId));
    expect(org?.plan).toBe("growth");
  });

  it("refuses plans that are not offered here", async () => {
    for (const plan of ["platinum", "enterprise", "trial"]) {
      const res = await changePlan(owner, plan);
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe("PLAN_NOT_AVAILABLE");
    }
    expect((await t.app.inject({ method: "GET", url: URL, headers: owner.headers })).json().plan.id).toBe("growth");
  });

  it("refuses a downgrade while usage exceeds the new plan's limits", async () => {
    for (let i = 0; i < 9; i++) await addMember(t.app.ctx.db, owner, "viewer");
    const res = await changePlan(owner, "starter");
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "DOWNGRADE_NOT_ALLOWED", detail: "Cannot downgrade while usage exceeds new plan limits" });
    expect(res.json().errors).toEqual([expect.objectContaining({ field: "usage.members" })]);
    const after = (await t.app.inject({ method: "GET", url: URL, headers: owner.headers })).json();
    expect(after.plan.id).toBe("growth");
  });

  it("stores the billing address, and only billing:update may change billing", async () => {
    const address = { name: "Ada King", line1: "1 Engine St", city: "London", country: "GB", postalCode: "N1" };
    const res = await t.app.inject({ method: "PUT", url: `${URL}/address`, headers: owner.headers, payload: address });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: URL, headers: owner.headers })).json().billingAddress).toMatchObject(address);
    const bad = await t.app.inject({
      method: "PUT",
      url: `${URL}/address`,
      headers: owner.headers,
      payload: { ...address, country: "Britain" },
    });
    expect(bad.json()).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ field: "country" }] });

    const viewer = await addMember(t.app.ctx.db, owner, "viewer");
    const denied = await changePlan(viewer, "starter");
    expect(denied.statusCode).toBe(403);
    expect(denied.json().requiredPermission).toBe("billing:update");
    expect((await t.app.inject({ method: "GET", url: URL, headers: viewer.headers })).statusCode).toBe(200);
  });

  it("keeps the plan when a payment processor declines the card", async () => {
    const u = await createUser(t.app.ctx.db);
    const declining: PaymentProcessor = {
      name: "test",
      changeSubscription: async () => {
        throw new AppError("CARD_DECLINED");
      },
      invoices: async () => [],
    };
    const ctx = { ...t.app.ctx, paymentProcessor: declining };
    const auth = { ...u, userId: u.id, isInstanceAdmin: false, sessionId: null, via: "session" as const, scopes: null };
    await expect(changePlanOf(ctx, auth, { plan_id: "starter" })).rejects.toMatchObject({ code: "CARD_DECLINED", status: 402 });
    expect((await billingOverview(ctx, auth)).plan.id).toBe("trial");
    expect((await billingOverview(ctx, auth)).paymentsConfigured).toBe(true);
  });

  it("with a payment processor, an organization admin changes a paid plan (the processor charges)", async () => {
    const u = await createUser(t.app.ctx.db);
    const charged: string[] = [];
    const accepting: PaymentProcessor = {
      name: "test",
      changeSubscription: async ({ planId }) => {
        charged.push(planId);
        return {
          status: "active",
          currentPeriodStart: new Date(),
          currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
          customerId: "cus_1",
        };
      },
      invoices: async () => [],
    };
    const ctx = { ...t.app.ctx, paymentProcessor: accepting };
    const auth = { ...u, userId: u.id, isInstanceAdmin: false, sessionId: null, via: "session" as const, scopes: null };
    expect((await changePlanOf(ctx, auth, { plan_id: "starter" })).plan.id).toBe("starter");
    expect(charged).toEqual(["starter"]);
  });
});
