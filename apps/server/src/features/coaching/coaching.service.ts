/** Scores drafts and a campaign's stored steps with the one scorer (coaching.scorer.ts). */
import type { CampaignCoaching, CoachingReport, CoachingScoreRequest } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../platform/errors.ts";
import { loadCampaign } from "../campaigns/index.ts";
import { scoreDraft } from "./coaching.scorer.ts";

/** The report for one draft; a draft with no words at all (tags and placeholders only) is refused. */
export function scoreOne(input: CoachingScoreRequest): CoachingReport {
  const { draft, ...report } = scoreDraft(input);
  const written = (s: string) => /[\p{L}\p{N}]/u.test(s.replace(/\{\{[^{}]*\}\}|\{%[^{}]*%\}|<[^<>]*>|&[a-z]+;/gi, " "));
  if (!written(input.subject) && !written(input.body) && draft.links.length === 0 && draft.images.length === 0) {
    throw new AppError("COACHING_DRAFT_EMPTY");
  }
  return report;
}

const variantLabel = (step: number, variant: number) =>
  `Step ${step + 1}${variant ? ` · variant ${String.fromCharCode(65 + variant)}` : ""}`;

/** Every step and A/B variant of one of the workspace's campaigns, as the sender would use them. */
export async function campaignCoaching(ctx: Pick<AppContext, "db">, workspaceId: string, campaignId: string): Promise<CampaignCoaching> {
  const row = await loadCampaign(ctx, workspaceId, campaignId);
  const steps: CampaignCoaching["steps"] = [];
  row.steps.forEach((s, i) => {
    const versions = [
      { subject: s.subject, body: s.body },
      ...s.variants.map((v) => ({ subject: v.subject || s.subject, body: v.body.trim() ? v.body : s.body })),
    ];
    versions.forEach((v, variant) => {
      const { draft: _draft, ...report } = scoreDraft(v);
      steps.push({ step: i, variant, label: variantLabel(i, variant), subject: v.subject, body: v.body, report });
    });
  });
  return { campaign_id: row.id, name: row.name, status: row.status, steps };
}
