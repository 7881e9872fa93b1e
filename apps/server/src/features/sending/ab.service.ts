/**
 * A/B results: per step and variant, emails sent and the leads who opened (people only), clicked
 * and replied, with each variant's rates tested against the step itself (A) at 95%; and the list
 * of the workspace's campaigns that have variants (/api/ab-tests).
 */
import type { AbResults, AbTestList, AbTestListQuery, StepAbResult, VariantResult } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { type CampaignRow, loadCampaign } from "../campaigns/index.ts";
import * as repo from "./ab.repository.ts";
import { twoProportionZTest } from "./ab.stats.ts";

type Ctx = Pick<AppContext, "db">;
type CountsOf = { sent: number; opened: number; clicked: number; replied: number };
export const LABELS = "ABCDEFGHIJ";
const rate = (x: number, n: number) => (n ? Math.round((x / n) * 1000) / 10 : 0);

async function counts(ctx: Ctx, campaignId: string) {
  const [sent, events] = await Promise.all([repo.sentPerVariant(ctx.db, campaignId), repo.peoplePerVariant(ctx.db, campaignId)]);
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
  for (const r of sent) get(key(r.step, r.variant)).sent = Number(r.sent);
  for (const r of events) {
    const e = get(key(r.step, r.variant));
    e.opened = Number(r.opened);
    e.clicked = Number(r.clicked);
    e.replied = Number(r.replied);
  }
  return map;
}

export function abResultsFor(c: Pick<CampaignRow, "id" | "name" | "status" | "steps">, map: Map<string, CountsOf>): AbResults {
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
  const { ids, total } = await repo.campaignsWithVariants(ctx.db, workspaceId, q);
  const tests = [];
  for (const id of ids) {
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
  return { tests, total, page: q.page, per_page: q.per_page };
}
