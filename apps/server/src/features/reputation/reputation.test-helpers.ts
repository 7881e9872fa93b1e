/**
 * Test setup for reputation: a real app, inboxes and campaigns made through the API, and the sender's
 * rows (outbox messages on given days, bounce/complaint/unsubscribe events) and cached DNS checks
 * written directly, as the sender, tracking and the deliverability checks would have.
 */
import type { CampaignEventType, CheckStatus } from "@prospector/contracts";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { TestApp } from "../../../test/create-test-app.ts";
import type { TestUser } from "../../../test/factories.ts";
import { campaignEvents, campaignMessages } from "../campaigns/campaigns.table.ts";
import { deliverabilityChecks } from "../deliverability/index.ts";
import { inboxes } from "../inboxes/inboxes.table.ts";

export type Method = "GET" | "POST" | "PUT" | "DELETE";
const DAY_MS = 86_400_000;

export function reputationHelpers(t: () => TestApp) {
  const db = () => t().database.db;
  const call = (user: TestUser, method: Method, url: string, payload?: unknown) =>
    t().app.inject({ method, url, headers: user.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const ok = async (user: TestUser, method: Method, url: string, payload?: unknown, status = 200) => {
    const res = await call(user, method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.statusCode === 204 ? null : res.json();
  };
  let n = 0;
  const inbox = async (user: TestUser, body: Record<string, unknown> = {}) => {
    n++;
    return (await ok(
      user,
      "POST",
      "/api/inboxes",
      {
        email: `sender${n}-${Math.random().toString(36).slice(2, 6)}@${(body.domain as string | undefined) ?? "outbound.test"}`,
        from_name: "Sam Sender",
        smtp: { host: "127.0.0.1", port: 2525, secure: false, username: "sam", password: "smtp-pass-123" },
        imap: null,
        allow_plaintext: true,
        daily_limit: 20,
        min_gap_seconds: 0,
        ...Object.fromEntries(Object.entries(body).filter(([k]) => k !== "domain")),
      },
      201,
    )) as { id: string; email: string };
  };
  const campaign = async (user: TestUser, inboxIds: string[], body = 'Hello,\n\n<a href="{{unsubscribe_url}}">Unsubscribe</a>') =>
    (await ok(user, "POST", "/api/campaigns/", { name: `Rep ${++n}`, subject_line: "Hi", body, inbox_ids: inboxIds }, 201)) as {
      id: string;
    };
  /** `count` messages from the inbox, sent `daysAgo` days before now (at noon UTC of that day, never in the future). */
  const sends = async (
    user: TestUser,
    campaignId: string,
    inboxId: string,
    daysAgo: number,
    count: number,
    leadId: string | null = null,
  ) => {
    const at = atDaysAgo(daysAgo);
    const rows = await db()
      .insert(campaignMessages)
      .values(
        Array.from({ length: count }, () => ({
          workspaceId: user.workspaceId,
          campaignId,
          leadId,
          step: 0,
          inboxId,
          status: "sent" as const,
          sentAt: at,
          createdAt: at,
        })),
      )
      .returning({ id: campaignMessages.id });
    return rows.map((r) => r.id);
  };
  const events = async (
    user: TestUser,
    campaignId: string,
    messageIds: string[],
    type: CampaignEventType,
    daysAgo: number,
    isBot = false,
  ) => {
    if (!messageIds.length) return;
    await db()
      .insert(campaignEvents)
      .values(
        messageIds.map((messageId) => ({
          workspaceId: user.workspaceId,
          campaignId,
          messageId,
          type,
          isBot,
          occurredAt: atDaysAgo(daysAgo),
        })),
      );
  };
  const check = async (user: TestUser, domain: string, kind: string, status: CheckStatus, summary = `${kind} ${status}`) => {
    await db()
      .insert(deliverabilityChecks)
      .values({ workspaceId: user.workspaceId, domain, kind, status, summary, found: null, fix: null })
      .onConflictDoUpdate({
        target: [deliverabilityChecks.workspaceId, deliverabilityChecks.domain, deliverabilityChecks.kind],
        set: { status, summary, checkedAt: new Date() },
      });
  };
  const setInbox = (user: TestUser, id: string, set: Partial<typeof inboxes.$inferInsert>) =>
    db()
      .update(inboxes)
      .set(set)
      .where(and(eq(inboxes.id, id), eq(inboxes.workspaceId, user.workspaceId)));
  return { call, ok, inbox, campaign, sends, events, check, setInbox };
}

/** Noon UTC `daysAgo` days back, or a minute ago for today when noon has not come yet. */
export function atDaysAgo(daysAgo: number): Date {
  const now = new Date();
  const noon = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12) - daysAgo * DAY_MS);
  return noon > now
    ? new Date(Math.max(now.getTime() - 60_000, Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())))
    : noon;
}

export const dayAgo = (daysAgo: number) => atDaysAgo(daysAgo).toISOString().slice(0, 10);
