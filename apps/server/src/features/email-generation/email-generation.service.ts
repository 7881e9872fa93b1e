/**
 * POST /api/campaigns/generate-email: gathers what is known (the request, the lead, the campaign,
 * the sender), then asks the configured language model (through the AI gateway: cap, retries,
 * cost) or, without one, the template writer (recorded in the ledger as a built-in action). The
 * draft itself is not stored: the caller puts it into a campaign step or the compose page.
 */
import { type EmailGenerationRequest, type EmailTone, type GeneratedEmail, PLACEHOLDER_EMAIL } from "@prospector/contracts";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../platform/errors.ts";
import { type AiCaller, LlmError, llmChat, recordAiAction } from "../ai-ledger/index.ts";
import { findCampaign } from "../campaigns/index.ts";
import { findLeadRow } from "../leads/index.ts";
import { type EmailFacts, TEMPLATES_MODEL, templateExplanation, writeTemplateEmail } from "./email-templates.ts";

type Input = z.output<typeof import("@prospector/contracts").EmailGenerationRequest>;
type Ctx = Pick<AppContext, "db" | "config" | "log">;

export type { EmailGenerationRequest };

export interface EmailCaller {
  workspaceId: string;
  userId: string;
  name: string;
}

async function gatherFacts(ctx: Ctx, caller: EmailCaller, input: Input): Promise<EmailFacts> {
  const facts: EmailFacts = {
    name: input.name,
    email: input.email,
    company: input.company,
    position: input.position,
    goal: input.goal,
    sender_name: caller.name,
  };
  if (input.lead_id) {
    const lead = await findLeadRow(ctx.db, caller.workspaceId, input.lead_id);
    if (!lead) throw new AppError("LEAD_NOT_FOUND");
    const leadName = [lead.firstName, lead.lastName].filter(Boolean).join(" ");
    facts.name ||= leadName || undefined;
    if (facts.email === PLACEHOLDER_EMAIL && lead.email) facts.email = lead.email;
    facts.company ||= lead.companyName ?? undefined;
    facts.position ||= lead.role ?? undefined;
    facts.industry = lead.industry ?? undefined;
    facts.pain_point = lead.painPoint ?? undefined;
    facts.company_insight = lead.companyInsight ?? undefined;
  }
  if (input.campaign_id) {
    const campaign = await findCampaign(ctx, caller.workspaceId, input.campaign_id);
    if (!campaign) throw new AppError("CAMPAIGN_NOT_FOUND");
    facts.campaign_name = campaign.name;
  }
  return facts;
}

export const SYSTEM_PROMPT = [
  "You write short, personal B2B cold emails.",
  "Rules: under 120 words; one clear call to action; no placeholders in square brackets; no invented facts, numbers or customer names;",
  "use only the details given; plain text, no markdown.",
  'Answer with JSON only: {"subject": "...", "body": "..."} where body uses \\n for line breaks and ends with the sign-off and sender name.',
].join(" ");

export function userPrompt(f: EmailFacts, tone: EmailTone): string {
  const lines = [
    `Tone: ${tone}.`,
    f.name && `Recipient: ${f.name}${f.position ? `, ${f.position}` : ""}${f.company ? ` at ${f.company}` : ""}.`,
    !f.name && f.company && `Recipient: someone at ${f.company}${f.position ? ` (${f.position})` : ""}.`,
    f.industry && `Industry: ${f.industry}.`,
    f.company_insight && `About the company: ${f.company_insight}`,
    f.pain_point && `Their likely problem: ${f.pain_point}`,
    f.goal && `Purpose of the email: ${f.goal}`,
    f.campaign_name && `Campaign: ${f.campaign_name}.`,
    f.sender_name && `Sender: ${f.sender_name}.`,
  ];
  return lines.filter(Boolean).join("\n");
}

/** The model's answer as subject and body: JSON as asked, or a "Subject:" first line as many models do anyway. */
export function parseModelEmail(content: string): { subject: string; body: string } | null {
  const text = content
    .trim()
    .replace(/^```(?:json)?\s*/i, "")
    .replace(/```$/, "")
    .trim();
  const json = text.match(/\{[\s\S]*\}/)?.[0];
  if (json) {
    try {
      const o = JSON.parse(json) as { subject?: unknown; body?: unknown };
      if (typeof o.subject === "string" && typeof o.body === "string" && o.subject.trim() && o.body.trim()) {
        return { subject: o.subject.trim(), body: o.body.trim() };
      }
    } catch {}
  }
  const m = /^\s*subject:\s*(.+)\n+([\s\S]+)$/i.exec(text);
  if (m?.[1] && m[2]?.trim()) return { subject: m[1].trim(), body: m[2].trim() };
  return null;
}

export async function generateEmail(ctx: Ctx, caller: EmailCaller, input: Input): Promise<GeneratedEmail> {
  const engine = input.engine ?? (ctx.config.LLM_BASE_URL ? "llm" : "template");
  const facts = await gatherFacts(ctx, caller, input);
  const ai: AiCaller = {
    workspaceId: caller.workspaceId,
    userId: caller.userId,
    kind: "email_generation",
    subject: input.lead_id ? { type: "lead", id: input.lead_id } : undefined,
  };
  const recorded = { ...facts, tone: input.tone } as Record<string, unknown>;
  if (engine === "template") {
    const started = Date.now();
    const email = writeTemplateEmail(facts, input.tone);
    await recordAiAction(ctx, ai, {
      model: TEMPLATES_MODEL,
      input: recorded,
      output: email,
      explanation: templateExplanation(facts, input.tone),
      durationMs: Date.now() - started,
    });
    return { ...email, source: "template", tone: input.tone, email: facts.email };
  }
  if (!ctx.config.LLM_BASE_URL) throw new AppError("LLM_NOT_CONFIGURED");
  try {
    const answer = await llmChat(
      ctx,
      ai,
      [
        { role: "system", content: SYSTEM_PROMPT },
        { role: "user", content: userPrompt(facts, input.tone) },
      ],
      { input: recorded },
    );
    const email = parseModelEmail(answer.content);
    if (!email) throw new LlmError("bad_response", "The language model's answer had no subject and body");
    return { ...email, source: "llm", model: answer.model, tone: input.tone, email: facts.email };
  } catch (err) {
    if (!(err instanceof LlmError)) throw err;
    ctx.log.warn({ err: err.message, kind: err.kind }, "email generation failed");
    throw new AppError("EMAIL_GENERATION_FAILED", err.message);
  }
}
