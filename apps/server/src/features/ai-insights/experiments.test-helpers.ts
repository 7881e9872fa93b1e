/** Test data for the experiment pages: draft campaigns over the API, sends and replies written directly with known counts. */
import { expect } from "vitest";
import type { TestApp } from "../../../test/create-test-app.ts";
import type { TestUser } from "../../../test/factories.ts";
import { campaignEvents, campaignLeads, campaignMessages } from "../campaigns/index.ts";
import { leads } from "../leads/index.ts";

export const call = (t: TestApp, user: TestUser, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

/** A draft campaign whose first step has `variants` variants (B, C…) besides itself. */
export async function draftCampaign(t: TestApp, owner: TestUser, name: string, variants: number): Promise<string> {
  const res = await call(t, owner, "POST", "/api/campaigns/", {
    name,
    steps: [
      {
        delay_days: 0,
        subject: `${name} A`,
        body: "Hello {{unsubscribe_url}}",
        variants: Array.from({ length: variants }, (_, i) => ({ subject: `${name} ${"BCD"[i]}`, body: "" })),
      },
    ],
    subject_line: `${name} A`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

let leadSeq = 0;

/**
 * Writes sends of one campaign: each group is `sent` messages of a variant at `sentAt`, the first
 * `replied` of them answered (a reply event at that step and variant).
 */
export async function seedSends(
  t: TestApp,
  owner: TestUser,
  campaignId: string,
  groups: {
    variant?: number;
    step?: number;
    sent: number;
    replied: number;
    sentAt?: Date;
    /** Fields of the group's leads (industry, email status…). */
    lead?: Partial<typeof leads.$inferInsert>;
    /** Also make the leads members of the campaign, still in progress. */
    member?: boolean;
  }[],
): Promise<void> {
  const db = t.app.ctx.db;
  for (const g of groups) {
    if (g.sent === 0) continue;
    if (g.replied > g.sent) throw new Error("more replies than sends");
    const people = await db
      .insert(leads)
      .values(Array.from({ length: g.sent }, () => ({ ...g.lead, workspaceId: owner.workspaceId, email: `x${leadSeq++}@exp.test` })))
      .returning({ id: leads.id });
    const msgs = await db
      .insert(campaignMessages)
      .values(
        people.map((p) => ({
          workspaceId: owner.workspaceId,
          campaignId,
          leadId: p.id,
          step: g.step ?? 0,
          variant: g.variant ?? 0,
          status: "sent" as const,
          sentAt: g.sentAt ?? new Date(),
        })),
      )
      .returning();
    if (g.member)
      await db
        .insert(campaignLeads)
        .values(
          people.map((p) => ({ campaignId, leadId: p.id, workspaceId: owner.workspaceId, state: "in_progress" as const, currentStep: 1 })),
        );
    if (g.replied > 0)
      await db.insert(campaignEvents).values(
        msgs.slice(0, g.replied).map((m) => ({
          workspaceId: owner.workspaceId,
          campaignId,
          leadId: m.leadId,
          messageId: m.id,
          type: "reply" as const,
          step: m.step,
          variant: m.variant,
        })),
      );
  }
}
