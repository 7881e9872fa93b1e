/**
 * The AI doctor (/ai-doctor, docs/ai/experiments.md): gathers a campaign's facts from the features
 * that own them (its sends and events, its inboxes and their domains' checks, coaching's score of
 * each step, its leads, send-insights' best hours), runs the rules (doctor.rules.ts), records the
 * diagnosis in the AI ledger with the rules that fired, and, with a model configured and asked,
 * adds a plain-language summary of the findings (validated; the findings stay rule-based).
 */
import type { Diagnosis, DiagnosisInput, DoctorAreaResult, DoctorCampaigns, DoctorCampaignsQuery } from "@prospector/contracts";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { badCursor, decodeKeyset, encodeKeyset } from "../../platform/keyset-cursor.ts";
import { llmChat, llmConfigured, recordAiAction } from "../ai-ledger/index.ts";
import { loadCampaign } from "../campaigns/index.ts";
import { scoreDraft } from "../coaching/index.ts";
import { cachedDomainChecks } from "../deliverability/index.ts";
import { effectiveDailyLimit, inboxesByIds } from "../inboxes/index.ts";
import { sendTimeInsights } from "../send-insights/index.ts";
import * as repo from "./doctor.repository.ts";
import { type CopyFacts, type DoctorFacts, diagnose } from "./doctor.rules.ts";

export const DOCTOR_MODEL = "campaign doctor rules v1";
const LABELS = ["A", "B", "C", "D", "E"];
/** Template variables that say nothing about the lead. */
const SYSTEM_VARIABLES = new Set(["unsubscribe_url", "unsubscribe_link", "sender_name", "sender_email"]);

export async function doctorCampaigns(ctx: Pick<AppContext, "db">, workspaceId: string, q: DoctorCampaignsQuery): Promise<DoctorCampaigns> {
  let after: { at: Date; id: string } | null = null;
  if (q.cursor) {
    const k = decodeKeyset(q.cursor);
    if (!k || typeof k[0] !== "string" || Number.isNaN(Date.parse(k[0]))) throw badCursor();
    after = { at: new Date(k[0]), id: k[1] };
  }
  const rows = await repo.campaignPage(ctx.db, workspaceId, after, q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    campaigns: page.map((r) => ({ id: r.id, name: r.name, status: r.status })),
    next_cursor: rows.length > q.limit && last ? encodeKeyset(last.createdAt.toISOString(), last.id) : null,
  };
}

async function gatherFacts(ctx: AppContext, workspaceId: string, campaignId: string) {
  const c = await loadCampaign(ctx, workspaceId, campaignId);
  const inboxRows = await inboxesByIds(ctx, workspaceId, c.inboxIds);
  const domains = [...new Set(inboxRows.filter((i) => i.kind !== "local").map((i) => i.email.split("@")[1]?.toLowerCase() ?? ""))].filter(
    Boolean,
  );
  const checks = domains.length ? await cachedDomainChecks(ctx, workspaceId) : [];
  const copy: CopyFacts[] = c.steps.flatMap((s, i) =>
    [
      { subject: s.subject, body: s.body },
      ...s.variants.map((v) => ({ subject: v.subject || s.subject, body: v.body.trim() ? v.body : s.body })),
    ].map((d, v) => {
      const r = scoreDraft(d);
      return {
        step: i + 1,
        label: LABELS[v] ?? String(v),
        score: r.score,
        verdict: r.verdict,
        advice: r.advice,
        words: r.stats.words,
        links: r.stats.links,
        placeholders: r.stats.placeholders.filter((p) => !SYSTEM_VARIABLES.has(p)),
      };
    }),
  );
  const dims: repo.Dimension[] = ["role", "seniority", "industry"];
  const segments: DoctorFacts["segments"] = [];
  for (const dimension of dims)
    segments.push({
      dimension,
      workspace: await repo.segmentRates(ctx.db, workspaceId, dimension),
      mix: await repo.campaignMix(ctx.db, c.id, dimension),
    });
  const insights = await sendTimeInsights(ctx, workspaceId, { days: 180, metric: "reply", block_hours: 4 });
  const now = new Date();
  const facts: DoctorFacts = {
    campaignId: c.id,
    delivery: await repo.deliveryCounts(ctx.db, c.id),
    domains: domains.map((d) => ({
      domain: d,
      checks: checks.filter((x) => x.domain === d).map((x) => ({ kind: x.kind, status: x.status, summary: x.summary })),
    })),
    inboxes: inboxRows.map((i) => ({
      email: i.email,
      status: i.status,
      reason: i.statusReason,
      dailyLimit: i.dailyLimit,
      effectiveLimit: effectiveDailyLimit(i, now),
    })),
    copy,
    quality: await repo.leadQuality(ctx.db, c.id),
    segments,
    schedule: c.schedule,
    steps: c.steps.length,
    best: insights.best,
    bestNote: insights.best_missing,
  };
  return { c, facts };
}

/** What the model may answer: one summary, checked before it is shown. */
const SummaryAnswer = z.object({ summary: z.string().trim().min(1).max(2000) });

function parseSummary(content: string): string | null {
  const text = content.trim().replace(/^```(?:json)?\s*|\s*```$/g, "");
  try {
    const parsed = SummaryAnswer.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.summary : null;
  } catch {
    return null;
  }
}

async function summarize(
  ctx: AppContext,
  caller: { workspaceId: string; userId: string },
  campaignId: string,
  name: string,
  areas: DoctorAreaResult[],
) {
  const findings = areas.flatMap((a) =>
    a.findings
      .filter((f) => f.severity !== "ok")
      .map((f) => ({ area: f.area, severity: f.severity, title: f.title, evidence: f.evidence, fix: f.fix })),
  );
  try {
    const answer = await llmChat(
      ctx,
      { workspaceId: caller.workspaceId, userId: caller.userId, kind: "campaign_diagnosis", subject: { type: "campaign", id: campaignId } },
      [
        {
          role: "system",
          content:
            'You explain a cold-email campaign\'s diagnosis to its owner in plain language: at most five sentences, most important first, using only the findings given. Answer with JSON only: {"summary": "..."}',
        },
        {
          role: "user",
          content: JSON.stringify({ campaign: name, findings, areas_without_data: areas.filter((a) => !a.enough_data).map((a) => a.note) }),
        },
      ],
      { temperature: 0.2, maxTokens: 400, input: { campaign_id: campaignId, findings: findings.length } },
    );
    const summary = parseSummary(answer.content);
    return summary
      ? { summary, summary_action_id: answer.actionId, summary_note: null }
      : {
          summary: null,
          summary_action_id: answer.actionId,
          summary_note: "The model's answer was not the expected JSON summary, so it is not shown.",
        };
  } catch (e) {
    return { summary: null, summary_action_id: null, summary_note: `The model could not be reached: ${(e as Error).message}` };
  }
}

export async function diagnoseCampaign(
  ctx: AppContext,
  caller: { workspaceId: string; userId: string },
  input: DiagnosisInput,
): Promise<Diagnosis> {
  const started = Date.now();
  const { c, facts } = await gatherFacts(ctx, caller.workspaceId, input.campaign_id);
  const areas = diagnose(facts);
  const fired = areas.flatMap((a) => a.findings.filter((f) => f.severity !== "ok"));
  const actionId = await recordAiAction(
    ctx,
    { workspaceId: caller.workspaceId, userId: caller.userId, kind: "campaign_diagnosis", subject: { type: "campaign", id: c.id } },
    {
      model: DOCTOR_MODEL,
      input: {
        campaign_id: c.id,
        sent: facts.delivery.sent,
        leads: facts.quality.leads,
        steps: facts.steps,
        inboxes: facts.inboxes.length,
        domains: facts.domains.map((d) => d.domain),
      },
      output: { areas },
      explanation: {
        summary: fired.length
          ? `${fired.length} rule${fired.length === 1 ? "" : "s"} fired: ${fired.filter((f) => f.severity === "critical").length} critical, ${fired.filter((f) => f.severity === "warning").length} warnings.`
          : "No rule fired: nothing wrong found in the areas with enough data.",
        unit: "rule",
        rules: fired.map((f) => ({ id: f.rule, description: f.title, matched: f.evidence })),
        source: DOCTOR_MODEL,
      },
      durationMs: Date.now() - started,
    },
  );
  const configured = llmConfigured(ctx);
  const summary =
    input.summary && configured
      ? await summarize(ctx, caller, c.id, c.name, areas)
      : {
          summary: null,
          summary_action_id: null,
          summary_note: input.summary
            ? "No language model is configured (LLM_BASE_URL): the findings are the built-in rules' alone."
            : null,
        };
  return {
    campaign_id: c.id,
    campaign_name: c.name,
    campaign_status: c.status,
    areas,
    action_id: actionId,
    ...summary,
    llm_configured: configured,
    created_at: new Date().toISOString(),
  };
}
