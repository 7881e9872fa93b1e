/**
 * The LLM console (/ai-tools/llm-console, docs/ai/activity.md): up to three prompt variants with
 * a lead's {{variables}} filled in, each sent to the configured model through the AI gateway, and
 * the built-in templates' email for the same lead beside them; every output is a ledger row
 * (kind llm_console) with its tokens, cost and duration.
 */
import type { LlmConsoleOutput, LlmConsoleRun } from "@prospector/contracts";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError, validationError } from "../../platform/errors.ts";
import { type AiCaller, failedActionId, LlmError, llmChat, llmConfigured, recordAiAction, usd } from "../ai-ledger/index.ts";
import { findLeadRow } from "../leads/index.ts";
import { parseModelEmail } from "./email-generation.service.ts";
import { TEMPLATES_MODEL, templateExplanation, writeTemplateEmail } from "./email-templates.ts";
import { factsFromVariables, leadVariables, renderVariables, unknownVariables } from "./prompt-variables.ts";

type Ctx = Pick<AppContext, "db" | "config" | "log">;
type RunInput = z.output<typeof import("@prospector/contracts").LlmConsoleRunInput>;

export const CONSOLE_SYSTEM_PROMPT = [
  "You write B2B sales emails for the sender.",
  "Follow the user's instructions; use only the facts given, invent nothing.",
  'Answer with JSON only: {"subject": "...", "body": "..."} where body uses \\n for line breaks.',
].join(" ");

/** 422 naming each variant whose prompt uses variables the console does not know. */
export function assertKnownVariables(texts: { field: string; text: string }[]): void {
  const errors = texts.flatMap(({ field, text }) => {
    const unknown = unknownVariables(text);
    return unknown.length
      ? [{ field, message: `Unknown variable${unknown.length > 1 ? "s" : ""}: ${unknown.map((v) => `{{${v}}}`).join(", ")}` }]
      : [];
  });
  if (errors.length) throw validationError(errors);
}

export async function runConsole(ctx: Ctx, auth: AuthContext, input: RunInput): Promise<LlmConsoleRun> {
  assertKnownVariables(input.variants.map((v, i) => ({ field: `variants.${i}.prompt`, text: v.prompt })));
  const lead = input.lead_id ? await findLeadRow(ctx.db, auth.workspaceId, input.lead_id) : null;
  if (input.lead_id && !lead) throw new AppError("LEAD_NOT_FOUND");
  const variables = leadVariables(lead ?? null, auth.name);
  const caller: AiCaller = {
    workspaceId: auth.workspaceId,
    userId: auth.userId,
    kind: "llm_console",
    subject: input.lead_id ? { type: "lead", id: input.lead_id } : undefined,
  };
  const outputs: LlmConsoleOutput[] = [];

  // The built-in templates take no prompt: they answer once, for the lead and the tone.
  const facts = factsFromVariables(variables);
  const started = Date.now();
  const email = writeTemplateEmail(facts, input.tone);
  const durationMs = Date.now() - started;
  const templateId = await recordAiAction(ctx, caller, {
    model: TEMPLATES_MODEL,
    input: { variables, tone: input.tone },
    output: email,
    explanation: templateExplanation(facts, input.tone),
    durationMs,
  });
  outputs.push({
    variant: null,
    engine: "builtin",
    model: TEMPLATES_MODEL,
    prompt: null,
    ...email,
    tokens_in: 0,
    tokens_out: 0,
    tokens_estimated: false,
    cost_usd: 0,
    duration_ms: durationMs,
    action_id: templateId,
    outcome: "ok",
    error: null,
  });

  if (input.use_llm && llmConfigured(ctx)) {
    // One after another, so the monthly cap is checked before each call.
    for (const [i, variant] of input.variants.entries()) {
      const prompt = renderVariables(variant.prompt, variables);
      const blank = {
        variant: i,
        engine: "llm" as const,
        model: ctx.config.LLM_MODEL,
        prompt,
        tokens_in: 0,
        tokens_out: 0,
        tokens_estimated: false,
        cost_usd: 0,
      };
      try {
        const answer = await llmChat(
          ctx,
          caller,
          [
            { role: "system", content: CONSOLE_SYSTEM_PROMPT },
            { role: "user", content: prompt },
          ],
          {
            input: { variant: i, template: variant.prompt, variables },
            explanation: {
              summary: `Prompt variant ${i + 1} with the lead's variables filled in, answered by the configured model.`,
              source: ctx.config.LLM_MODEL,
            },
          },
        );
        const parsed = parseModelEmail(answer.content);
        outputs.push({
          ...blank,
          model: answer.model,
          subject: parsed?.subject ?? null,
          body: parsed?.body ?? answer.content.trim(),
          tokens_in: answer.tokensIn,
          tokens_out: answer.tokensOut,
          tokens_estimated: answer.tokensEstimated,
          cost_usd: usd(answer.costMicros),
          duration_ms: answer.durationMs,
          action_id: answer.actionId,
          outcome: "ok",
          error: null,
        });
      } catch (err) {
        const actionId = failedActionId(err);
        const refused = err instanceof AppError && err.code === "AI_MONTHLY_CAP_REACHED";
        if (!actionId || !(refused || err instanceof LlmError)) throw err;
        outputs.push({
          ...blank,
          subject: null,
          body: null,
          duration_ms: 0,
          action_id: actionId,
          outcome: refused ? "refused" : "error",
          error: err.message,
        });
      }
    }
  }
  return { variables, llm_configured: llmConfigured(ctx), outputs };
}
