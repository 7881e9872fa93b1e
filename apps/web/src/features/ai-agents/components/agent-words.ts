/** How the page names agents, run states and proposals. */
import type { AiAgentKind, AiAgentProposalPayload, AiAgentRunStatus } from "@prospector/contracts";

export const AGENT_NAMES: Record<AiAgentKind, string> = {
  research_lead: "Research a lead",
  draft_reply: "Draft a reply",
  classify_replies: "Classify replies",
  next_step_deal: "Next step on a deal",
};

export const AGENT_HINTS: Record<AiAgentKind, string> = {
  research_lead: "Reads the lead's website, summarises the company and its likely pain point, and drafts a first email.",
  draft_reply: "Drafts an answer to a reply a lead sent.",
  classify_replies: "Sorts the workspace's latest replies into interested, not now, not interested, out of office and wrong person.",
  next_step_deal: "Suggests the next step on a CRM deal from its stage and last interactions, as a task.",
};

/** The ledger kind of each agent's actions (the /ai-activity filter). */
export const LEDGER_KIND: Record<AiAgentKind, string> = {
  research_lead: "lead_research",
  draft_reply: "reply_draft",
  classify_replies: "reply_classification",
  next_step_deal: "deal_next_step",
};

export const SUBJECT_NAMES: Record<string, string> = { lead: "Lead", reply: "Reply", deal: "Deal", workspace: "Workspace" };

export const STATUS_COLORS: Record<AiAgentRunStatus, "default" | "info" | "success" | "error" | "warning"> = {
  queued: "default",
  running: "info",
  done: "success",
  failed: "error",
  over_budget: "warning",
  cancelled: "default",
};

export const statusLabel = (s: AiAgentRunStatus) => s.replace("_", " ");

export function proposalTitle(p: AiAgentProposalPayload): string {
  switch (p.type) {
    case "lead_fields":
      return `Update the lead's ${Object.keys(p.fields)
        .map((f) => f.replace("_", " "))
        .join(" and ")}`;
    case "email_draft":
      return p.reply_id ? "Save a reply draft" : "Save a first email draft";
    case "reply_class":
      return `Set the reply's class to ${p.class.replace("_", " ")}`;
    case "crm_task":
      return `Create the CRM task "${p.title}"`;
  }
}
