/**
 * Preview of one step (or variant) for one lead, rendered exactly as the sender will: the same
 * spintax seed, lead fields, signature and sender. Without a lead it uses the campaign's first.
 */
import type { CampaignPreview, CampaignPreviewQuery } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../platform/errors.ts";
import { findLeadRow, type LeadRow } from "../leads/index.ts";
import { findUserProfile, findUserSettings } from "../user-settings/index.ts";
import { listMembers } from "./campaign-leads.repository.ts";
import type { CampaignRow } from "./campaigns.mapper.ts";
import { loadCampaign } from "./campaigns.service.ts";
import { type MessageContext, renderMessage, stepContent, TemplateError, type TemplateLead } from "./campaigns.template.ts";

export function templateLead(l: LeadRow): TemplateLead {
  return {
    id: l.id,
    first_name: l.firstName,
    last_name: l.lastName,
    email: l.email,
    company_name: l.companyName,
    role: l.role,
    industry: l.industry,
    pain_point: l.painPoint,
    company_insight: l.companyInsight,
    phone: l.phone,
    website: l.website,
    linkedin_url: l.linkedinUrl,
    city: l.city,
    country: l.country,
    seniority: l.seniority,
    department: l.department,
    custom_fields: l.customFields,
  };
}

/** The sender's side of a message: the campaign creator's (or a one-off sender's) name, address and signature. */
export async function senderContext(ctx: Pick<AppContext, "db">, campaign: Pick<CampaignRow, "createdBy" | "workspaceId">) {
  if (!campaign.createdBy) return { signature: "", sender_name: "", sender_email: "" };
  const [profile, settings] = await Promise.all([
    findUserProfile(ctx, campaign.createdBy),
    findUserSettings(ctx, campaign.createdBy, campaign.workspaceId),
  ]);
  return {
    signature: settings?.preferences.default_signature ?? "",
    sender_name: profile?.name ?? "",
    sender_email: profile?.email ?? "",
  };
}

export async function previewCampaign(
  ctx: Pick<AppContext, "db" | "config">,
  workspaceId: string,
  id: string,
  q: CampaignPreviewQuery,
): Promise<CampaignPreview> {
  const campaign = await loadCampaign(ctx, workspaceId, id);
  const content = stepContent(campaign.steps, q.step - 1, q.variant);
  if (!content) {
    const message = q.variant ? `Step ${q.step} has no variant ${q.variant}` : `The campaign has no step ${q.step}`;
    throw new AppError("VALIDATION_FAILED", message, { errors: [{ field: q.variant ? "variant" : "step", message }] });
  }
  let lead: TemplateLead = { id: null };
  if (q.lead_id) {
    const row = await findLeadRow(ctx.db, workspaceId, q.lead_id);
    if (!row) throw new AppError("LEAD_NOT_FOUND");
    lead = templateLead(row);
  } else {
    const { rows } = await listMembers(ctx.db, campaign.id, { page: 1, per_page: 1 });
    if (rows[0]) lead = templateLead(rows[0].lead);
  }
  const context: MessageContext = {
    lead,
    ...(await senderContext(ctx, campaign)),
    // The sender puts each recipient's own signed link here; a preview shows where it goes.
    unsubscribe_url: `${ctx.config.publicUrl}/unsubscribe/preview`,
  };
  try {
    const out = await renderMessage(content, { step: q.step - 1, variant: q.variant, ctx: context });
    return { lead_id: lead.id, step: q.step, variant: q.variant, ...out };
  } catch (err) {
    if (!(err instanceof TemplateError)) throw err;
    const message = err.line ? `Line ${err.line}: ${err.message}` : err.message;
    throw new AppError("TEMPLATE_RENDER_FAILED", message, { errors: [{ field: err.field, message }] });
  }
}
