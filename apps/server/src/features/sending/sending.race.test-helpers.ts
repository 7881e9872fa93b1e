/**
 * What the race tests share (a stop or pause, or a lead deletion, against an in-flight sending
 * pass): leads inserted straight into the table, a launched one- or two-step campaign, the outbox
 * and status of a campaign, a pass whose failure comes back as a value, and a pass held with its
 * first batch on the wire until both of its batches are claimed.
 */
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { TestApp } from "../../../test/create-test-app.ts";
import type { TestUser } from "../../../test/factories.ts";
import { campaignMessages, campaigns } from "../campaigns/campaigns.table.ts";
import { leads } from "../leads/leads.table.ts";
import { type SmtpSink, sendingHelpers } from "./sending.test-helpers.ts";

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export interface RaceWorld {
  t: TestApp;
  sink: SmtpSink;
  owner: TestUser;
  inboxId: string;
}

const UNSUB = '\n\n<a href="{{unsubscribe_url}}">Unsubscribe</a>';
const STEPS = [
  { delay_days: 0, subject: "Hi {{first_name}}", body: `Hello {{ first_name }},${UNSUB}`, variants: [] },
  { delay_days: 0, subject: "Re: Hi {{first_name}}", body: `Again, {{ first_name }}.${UNSUB}`, variants: [] },
];

export function raceHelpers(world: () => RaceWorld) {
  const h = sendingHelpers(() => world().t);
  const db = () => world().t.database.db;
  let batchNo = 0;

  /** `n` leads named prefix0… with unique addresses, or these addresses; companyName null makes a less complete lead. */
  async function insertLeads(n: number, prefix: string, opts: { emails?: string[]; companyName?: string | null } = {}) {
    const tag = `${Date.now()}${batchNo++}`;
    const rows = await db()
      .insert(leads)
      .values(
        Array.from({ length: n }, (_, i) => ({
          workspaceId: world().owner.workspaceId,
          firstName: `${prefix}${i}`,
          email: opts.emails?.[i] ?? `${prefix.toLowerCase()}${i}-${tag}@prospect.test`,
          companyName: opts.companyName === undefined ? "Acme" : opts.companyName,
        })),
      )
      .returning({ id: leads.id, email: leads.email });
    return rows.map((r) => ({ id: r.id, email: r.email as string }));
  }

  /** A launched campaign holding these leads (they must be free): the first step, or both with the follow-up due at once. */
  async function launched(name: string, leadIds: string[], steps: 1 | 2): Promise<string> {
    const { owner, inboxId } = world();
    const c = await h.ok(
      owner,
      "POST",
      "/api/campaigns/",
      { name, subject_line: "Hi {{first_name}}", inbox_ids: [inboxId], schedule: h.ALWAYS, steps: STEPS.slice(0, steps) },
      201,
    );
    expect((await h.ok(owner, "POST", `/api/campaigns/${c.id}/leads`, { lead_ids: leadIds })).added).toHaveLength(leadIds.length);
    await h.ok(owner, "POST", `/api/campaigns/${c.id}/launch`);
    return c.id as string;
  }

  const outbox = (campaignId: string) => db().select().from(campaignMessages).where(eq(campaignMessages.campaignId, campaignId));
  const status = async (campaignId: string) => (await db().select().from(campaigns).where(eq(campaigns.id, campaignId)))[0]?.status;

  /** The pass, with its failure (if any) as a value so a race reports everything it broke. */
  const passOf = (campaignId: string) =>
    world()
      .t.app.ctx.sending.pass(campaignId)
      .then(
        () => null,
        (err: Error & { cause?: { code?: string } }) => `the pass failed: ${err.cause?.code ?? ""} ${err.message}`,
      );

  /**
   * Starts a pass whose first batch the sink holds on the wire, and waits until all `total` rows
   * (both batches) are claimed. `first`: the sink's message count before the pass. The caller
   * releases the sink and clears `sink.afterRecord`.
   */
  async function holdFirstBatch(campaignId: string, total: number) {
    const { sink } = world();
    const first = sink.received.length;
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    sink.afterRecord = () => gate;
    const pass = passOf(campaignId);
    const until = Date.now() + 20_000;
    while ((await outbox(campaignId)).length < total && Date.now() < until) await sleep(10);
    expect(await outbox(campaignId), "both batches claimed").toHaveLength(total);
    return { pass, first, release };
  }

  return { h, db, insertLeads, launched, outbox, status, passOf, holdFirstBatch };
}
