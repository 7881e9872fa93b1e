/**
 * The rules' pure logic: does a trigger match an event, do the conditions hold for a lead, which run
 * key makes a rule fire once per event, placeholders in task titles, and the loop check on save.
 */
import type { AutomationAction, AutomationCondition, AutomationTrigger, AutomationTriggerType } from "@prospector/contracts";

/** An event a rule may react to (a row of the trigger inbox). */
export interface TriggerEvent {
  workspaceId: string;
  type: AutomationTriggerType;
  ref: string;
  leadId: string | null;
  campaignId: string | null;
  step: number | null;
  tag: string | null;
  depth: number;
  occurredAt: Date;
  createdAt: Date;
}

/** Automation actions that lead to further automation (add to campaign, tag) carry a depth; past it, a chain stops. */
export const MAX_DEPTH = 5;

export const TRIGGER_LABELS: Record<AutomationTriggerType, string> = {
  reply_received: "Reply received",
  email_opened: "Email opened",
  link_clicked: "Link clicked",
  bounced: "Bounced",
  unsubscribed: "Unsubscribed",
  lead_added_to_campaign: "Lead added to campaign",
  campaign_finished: "Campaign finished for the lead",
  meeting_booked: "Meeting booked",
  lead_tagged: "Lead tagged",
};

/** The trigger's own filters (campaign, tag); count thresholds are checked against the database. */
export function triggerMatches(trigger: AutomationTrigger, e: Pick<TriggerEvent, "type" | "campaignId" | "tag">): boolean {
  if (trigger.type !== e.type) return false;
  if (trigger.campaign_id && trigger.campaign_id !== e.campaignId) return false;
  if (trigger.type === "lead_tagged" && trigger.tag?.toLowerCase() !== e.tag?.toLowerCase()) return false;
  return true;
}

/** What makes a run unique for a (rule, lead): opens, clicks, membership and meetings once per campaign; others once per event. */
export function runKey(e: Pick<TriggerEvent, "type" | "ref" | "campaignId">): string {
  switch (e.type) {
    case "email_opened":
      return `opened:${e.campaignId}`;
    case "link_clicked":
      return `clicked:${e.campaignId}`;
    case "lead_added_to_campaign":
      return `added:${e.campaignId}`;
    case "campaign_finished":
      return `finished:${e.campaignId}`;
    case "meeting_booked":
      return `meeting:${e.campaignId}`;
    default:
      return `${e.type}:${e.ref}`;
  }
}

export interface LeadFacts {
  tags: string[];
  status: string;
  score: number | null;
  companyName: string | null;
  email: string | null;
}

/** What a condition looks at, as text for the dry run. */
export function actualValue(c: AutomationCondition, lead: LeadFacts, e: { campaignId: string | null; step: number | null }): string {
  switch (c.field) {
    case "tag":
      return lead.tags.length ? lead.tags.join(", ") : "(no tags)";
    case "status":
      return lead.status;
    case "score":
      return lead.score == null ? "(no score)" : String(lead.score);
    case "company":
      return lead.companyName ?? "(no company)";
    case "email_domain":
      return emailDomain(lead.email) ?? "(no email)";
    case "campaign":
      return e.campaignId ?? "(no campaign)";
    case "step":
      return e.step == null ? "(no step)" : String(e.step + 1);
  }
}

export function emailDomain(email: string | null): string | null {
  const at = email?.lastIndexOf("@") ?? -1;
  return at >= 0 ? email!.slice(at + 1).toLowerCase() : null;
}

/** Steps are counted from 1 on the page (step 1 is the first email); events store them from 0. */
export function conditionHolds(c: AutomationCondition, lead: LeadFacts, e: { campaignId: string | null; step: number | null }): boolean {
  const v = c.value.trim().toLowerCase();
  const text = (actual: string | null, op: string) => {
    const a = (actual ?? "").toLowerCase();
    if (op === "is") return actual != null && a === v;
    if (op === "is_not") return a !== v;
    if (op === "contains") return actual != null && a.includes(v);
    return false;
  };
  const num = (actual: number | null) => {
    if (actual == null) return false;
    const n = Number(v);
    if (c.op === "gte") return actual >= n;
    if (c.op === "lte") return actual <= n;
    if (c.op === "is") return actual === n;
    return false;
  };
  switch (c.field) {
    case "tag": {
      const has = lead.tags.some((t) => t.toLowerCase() === v);
      return c.op === "is_not" ? !has : has;
    }
    case "status":
      return text(lead.status, c.op);
    case "score":
      return num(lead.score);
    case "company":
      return text(lead.companyName, c.op);
    case "email_domain":
      return text(emailDomain(lead.email), c.op);
    case "campaign":
      return text(e.campaignId, c.op);
    case "step":
      return num(e.step == null ? null : e.step + 1);
  }
}

/** {{first_name}}-style placeholders in task titles and notification messages; unknown ones stay as written. */
export function fillPlaceholders(
  template: string,
  v: { first_name: string | null; last_name: string | null; email: string | null; company: string | null; campaign: string | null },
): string {
  return template.replace(/\{\{\s*(first_name|last_name|email|company|campaign)\s*\}\}/g, (_, k: keyof typeof v) => v[k] ?? "");
}

// ---------------------------------------------------------------- loop check

/** A rule or a sequence as the loop check sees it: what starts it, and which events its actions cause. */
export interface LoopNode {
  key: string;
  label: string;
  trigger: AutomationTrigger;
  conditions: AutomationCondition[];
  /** Events its actions cause: joining a campaign, a tag added. */
  produces: { type: AutomationTriggerType; campaignId: string | null; tag: string | null }[];
}

/** The events a rule's actions cause, for the loop check (sequenceCampaign: a sequence id → its campaign). */
export function producedEvents(actions: AutomationAction[], sequenceCampaign: Map<string, string>): LoopNode["produces"] {
  const out: LoopNode["produces"] = [];
  for (const a of actions) {
    if (a.type === "add_to_campaign") out.push({ type: "lead_added_to_campaign", campaignId: a.campaign_id, tag: null });
    if (a.type === "enroll_in_sequence") {
      const campaignId = sequenceCampaign.get(a.sequence_id);
      if (campaignId) out.push({ type: "lead_added_to_campaign", campaignId, tag: null });
    }
    if (a.type === "add_tag") out.push({ type: "lead_tagged", campaignId: null, tag: a.tag });
  }
  return out;
}

/** Can this produced event start the node? Campaign conditions on the node are honoured ("campaign is not X" breaks a loop). */
function starts(node: LoopNode, p: LoopNode["produces"][number]): boolean {
  if (!triggerMatches(node.trigger, p)) return false;
  for (const c of node.conditions) {
    if (
      c.field === "campaign" &&
      p.campaignId &&
      !conditionHolds(c, { tags: [], status: "", score: null, companyName: null, email: null }, { campaignId: p.campaignId, step: null })
    )
      return false;
    if (c.field === "tag" && c.op === "is_not" && p.type === "lead_tagged" && p.tag?.toLowerCase() === c.value.toLowerCase()) return false;
  }
  return true;
}

/**
 * The cycle through `start` (start → … → start) among the enabled nodes, or null. Depth-first over
 * "A's actions start B"; the answer names each step, e.g. ["Rule A", "Rule B", "Rule A"].
 */
export function findLoop(start: LoopNode, others: LoopNode[]): string[] | null {
  const nodes = [start, ...others.filter((n) => n.key !== start.key)];
  const next = (n: LoopNode) => nodes.filter((m) => n.produces.some((p) => starts(m, p)));
  const seen = new Set<string>();
  const path: LoopNode[] = [start];
  const dfs = (n: LoopNode): boolean => {
    for (const m of next(n)) {
      if (m.key === start.key) {
        path.push(m);
        return true;
      }
      if (seen.has(m.key)) continue;
      seen.add(m.key);
      path.push(m);
      if (dfs(m)) return true;
      path.pop();
    }
    return false;
  };
  return dfs(start) ? path.map((n) => n.label) : null;
}
