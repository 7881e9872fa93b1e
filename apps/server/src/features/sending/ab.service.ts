/**
 * A/B results: per step and variant, emails sent and the leads who opened (people only), clicked
 * and replied, with each variant's rates tested against the step itself (A) at 95%; and the list
 * of the workspace's campaigns that have variants (/api/ab-tests).
 */
import type { AbResults, AbTestList, AbTestListQuery, StepAbResult, VariantResult } from "@prospector/contracts";
import { sql } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import { loadCampaign } from "../campaigns/campaigns.service.ts";
import { campaignEvents, campaignMessages, campaigns } from "../campaigns/campaigns.table.ts";
import { twoProportionZTest } from "./ab.stats.ts";

type Ctx = Pick<AppContext, "db">;
type CampaignRow = typeof campaigns.$inferSelect;
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const LABELS = "ABCDEFGHIJ";
const rate = (x: number, n: number) => (n ? Math.round((x / n) * 1000) / 10 : 0);

async function counts(ctx: Ctx, campaignId: string) {
  const [sent, events] = await Promise.all([
    ctx.db.execute(sql`
      select step, variant, count(sent_at) as sent from ${campaignMessages}
      where campaign_id = ${campaignId} group by 1, 2`),
    ctx.db.execute(sql`
      select step, variant,
        count(distinct lead_id) filter (where type = 'open' and not is_bot) as opened,
        count(distinct lead_id) filter (where type = 'click' and not is_bot) as clicked,
        count(distinct lead_id) filter (where type = 'reply') as replied
      from ${campaignEvents} where campaign_id = ${campaignId} and step is not null group by 1, 2`),
  ]);
  const key = (s: unknown, v: unknown) => `${Number(s)}:${Number(v)}`;
  const map = new Map<string, { sent: number; opened: number; clicked: number; replied: number }>();
  const get = (k: string) => {
    let e = map.get(k);
    if (!e) {
      e = { sent: 0, opened: 0, clicked: 0, replied: 0 };
      map.set(k, e);
    }
    return e;
  };
  for (const r of rowsOf<Record<string, unknown>>(sent)) get(key(r.step, r.variant)).sent = Number(r.sent);
  for (const r of rowsOf<Record<string, unknown>>(events)) {
    const e = get(key(r.step, r.variant));
    e.opened = Number(r.opened);
    e.clicked = Number(r.clicked);
    e.replied = Number(r.replied);
  }
  return map;
}

export function abResultsFor(c: CampaignRow, map: Awaited<ReturnType<typeof counts>>): AbResults {
  const steps: StepAbResult[] = [];
  c.steps.forEach((step, i) => {
    if (step.variants.length === 0) return;
    const all = [{ subject: step.subject }, ...step.variants.map((v) => ({ subject: v.subject || step.subject }))];
    const data = all.map((_, v) => map.get(`${i}:${v}`) ?? { sent: 0, opened: 0, clicked: 0, replied: 0 });
    const a = data[0] as (typeof data)[number];
    const variants: VariantResult[] = all.map((v, j) => {
      const d = data[j] as (typeof data)[number];
      const none = { z: null, p_value: null, significant: false };
      return {
        variant: j,
        label: LABELS[j] ?? String(j),
        subject: v.subject,
        sent: d.sent,
        opened: d.opened,
        replied: d.replied,
        clicked: d.clicked,
        open_rate: rate(d.opened, d.sent),
        reply_rate: rate(d.replied, d.sent),
        open_test: j === 0 ? none : twoProportionZTest(a.opened, a.sent, d.opened, d.sent),
        reply_test: j === 0 ? none : twoProportionZTest(a.replied, a.sent, d.replied, d.sent),
      };
    });
    const winners = variants.filter((v) => v.reply_test.significant && (v.reply_test.z ?? 0) > 0);
    winners.sort((x, y) => y.reply_rate - x.reply_rate);
    steps.push({ step: i + 1, variants, winner: winners[0]?.variant ?? null });
  });
  return { campaign_id: c.id, name: c.name, status: c.status, confidence: 0.95, steps };
}

export async function abResults(ctx: Ctx, workspaceId: string, id: string): Promise<AbResults> {
  const c = await loadCampaign(ctx, workspaceId, id);
  return abResultsFor(c, await counts(ctx, c.id));
}

export async function listAbTests(ctx: Ctx, workspaceId: string, q: AbTestListQuery): Promise<AbTestList> {
  const where = sql`workspace_id = ${workspaceId}
    and exists (select 1 from jsonb_array_elements(steps) s where jsonb_array_length(coalesce(s->'variants', '[]'::jsonb)) > 0)`;
  const [rows, total] = await Promise.all([
    ctx.db.execute(sql`select id from ${campaigns} where ${where} order by created_at desc, id desc
      limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`),
    ctx.db.execute(sql`select count(*) as n from ${campaigns} where ${where}`),
  ]);
  const tests = [];
  for (const { id } of rowsOf<{ id: string }>(rows)) {
    const c = await loadCampaign(ctx, workspaceId, id);
    const r = abResultsFor(c, await counts(ctx, c.id));
    tests.push({
      campaign_id: c.id,
      name: c.name,
      status: c.status,
      steps: r.steps.map((s) => s.step),
      variants: r.steps.reduce((n, s) => n + s.variants.length, 0),
      sent: r.steps.reduce((n, s) => n + s.variants.reduce((m, v) => m + v.sent, 0), 0),
      has_winner: r.steps.some((s) => s.winner !== null),
    });
  }
  return { tests, total: Number(rowsOf<{ n: unknown }>(total)[0]?.n ?? 0), page: q.page, per_page: q.per_page };
}
