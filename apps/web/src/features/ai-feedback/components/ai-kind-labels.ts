/** How /ml-feedback names each kind of AI action. */
import type { AiActionKind } from "@prospector/contracts";

export const KIND_LABELS: Partial<Record<AiActionKind, string>> = {
  email_generation: "Email writing",
  llm_console: "LLM console",
  agent_step: "Agent step",
  reply_classification: "Reply classification",
  reply_draft: "Reply draft",
  lead_research: "Lead research",
  deal_next_step: "Deal next step",
  lead_score: "Lead score",
  recommendation: "Recommendation",
  campaign_diagnosis: "Campaign diagnosis",
  image: "Image",
};

export const kindLabel = (kind: string): string => KIND_LABELS[kind as AiActionKind] ?? kind.replaceAll("_", " ");
