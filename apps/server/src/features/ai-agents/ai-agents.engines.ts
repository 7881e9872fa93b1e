/**
 * The agents' built-in engines (no model needed): extraction rules for a lead's research,
 * templates for drafts and next steps (a reply's class comes from reply-intent's classifier). Each
 * returns its output with the rules that fired, so the ledger can say why.
 */
import type { AiAgentProposalPayload } from "@prospector/contracts";

/** The reply classifier's classes (reply-intent), "unclear" included. */
export type ReplyClass = Extract<AiAgentProposalPayload, { type: "reply_class" }>["class"] | "unclear";
export interface Rule {
  id: string;
  description: string;
  matched?: string;
}

const PAIN_RULES: { id: string; re: RegExp; pain: string }[] = [
  {
    id: "hiring",
    re: /\b(we'?re hiring|join our team|careers|open positions|growing team)\b/i,
    pain: "Growing fast: hiring and onboarding people takes time from selling",
  },
  {
    id: "scale",
    re: /\b(scal(e|ing)|rapid growth|expanding|expansion)\b/i,
    pain: "Scaling operations without adding the same amount of headcount",
  },
  {
    id: "manual",
    re: /\b(manual|spreadsheets?|paperwork|time-consuming)\b/i,
    pain: "Manual work and spreadsheets that slow the team down",
  },
  { id: "compliance", re: /\b(complian(ce|t)|regulat\w+|gdpr|hipaa|audit)\b/i, pain: "Keeping up with compliance and audit requirements" },
  { id: "security", re: /\b(secur(e|ity)|cyber|threats?|breach)\b/i, pain: "Protecting customer data against security threats" },
  {
    id: "customers",
    re: /\b(customer (experience|service|support)|retention|churn)\b/i,
    pain: "Keeping customers happy and retained as they grow",
  },
  {
    id: "cost",
    re: /\b(cost[- ]effective|reduce costs?|save money|affordable|budget)\b/i,
    pain: "Keeping costs down while delivering more",
  },
  { id: "leads", re: /\b(lead generation|pipeline|new clients|win more)\b/i, pain: "Finding enough new clients to keep the pipeline full" },
];

/** A lead's pain point from its company's own words; null when no rule matches (no guess). */
export function painPointFrom(text: string): { pain: string; rule: Rule } | null {
  for (const r of PAIN_RULES) {
    const m = r.re.exec(text);
    if (m) return { pain: r.pain, rule: { id: `pain.${r.id}`, description: r.pain, matched: m[0] } };
  }
  return null;
}

/** The first two sentences of what the company says about itself. */
export function insightFrom(company: { name: string | null; description: string | null }, site: string): string | null {
  const d = (company.description ?? "").replace(/\s+/g, " ").trim();
  if (!d) return null;
  const sentences = d.match(/[^.!?]+[.!?]?/g) ?? [d];
  const text = sentences.slice(0, 2).join(" ").trim().slice(0, 600);
  return `${company.name ?? site}: ${text}`;
}

export interface LeadFacts {
  first_name: string | null;
  company_name: string | null;
  role: string | null;
}

export function firstEmailTemplate(lead: LeadFacts, pain: string | null, company: string | null) {
  const name = lead.first_name ?? "there";
  const org = lead.company_name ?? company ?? "your team";
  const subject = `A question for ${org}`;
  const hook = pain
    ? `From your site, it looks like ${pain.charAt(0).toLowerCase()}${pain.slice(1)} matters to you right now.`
    : `I spent a few minutes on ${org}'s site.`;
  const body = `Hi ${name},\n\n${hook} We help teams like ${org} with exactly that.\n\nWould a 15-minute call next week be useful?\n\nBest regards`;
  return { subject, body, template: pain ? "first_email.pain" : "first_email.generic" };
}

const REPLY_TEMPLATES: Record<ReplyClass, string> = {
  interested: "Thanks for getting back to me! Happy to share more. Would a short call this week work? Suggest a time that suits you.",
  not_now: "Thanks for letting me know, timing matters. Shall I check back in a few months? Just tell me when suits you.",
  not_interested:
    "Thanks for letting me know, I appreciate the reply. I will not follow up further; if things change, you know where to find me.",
  out_of_office: "Thanks, I will follow up when you are back.",
  wrong_person: "Thank you for pointing me in the right direction! Who would be the best person to talk to about this?",
  unclear: "Thanks for your reply. Could you tell me a little more about what you need, so I can help?",
};

export function replyTemplate(lead: LeadFacts, cls: ReplyClass, subject: string | null) {
  const body = `Hi ${lead.first_name ?? "there"},\n\n${REPLY_TEMPLATES[cls]}\n\nBest regards`;
  const s = subject ? (subject.toLowerCase().startsWith("re:") ? subject : `Re: ${subject}`) : "Re: our conversation";
  return { subject: s.slice(0, 300), body, template: `reply.${cls}` };
}

export interface DealFacts {
  name: string;
  stage: string;
  status: string;
  daysInStage: number;
  daysSinceInteraction: number | null;
  lastInteraction: string | null;
  expectedClose: string | null;
}

/** The next step for a deal from its stage, how long it has sat there and when we last spoke. */
export function nextStepTemplate(d: DealFacts): { title: string; description: string; due_in_days: number; rule: Rule } {
  const stage = d.stage.toLowerCase();
  const silent = d.daysSinceInteraction === null || d.daysSinceInteraction > 14;
  if (silent) {
    return {
      title: `Re-engage ${d.name}: no contact for ${d.daysSinceInteraction === null ? "ever" : `${d.daysSinceInteraction} days`}`,
      description: `The deal is in ${d.stage} with no recorded interaction ${d.daysSinceInteraction === null ? "yet" : `for ${d.daysSinceInteraction} days`}. Call or email to confirm it is still alive.`,
      due_in_days: 1,
      rule: { id: "next.silent", description: "no interaction for more than 14 days", matched: String(d.daysSinceInteraction ?? "none") },
    };
  }
  if (/propos|quote|negotiat/.test(stage)) {
    return {
      title: `Follow up on the proposal for ${d.name}`,
      description: `In ${d.stage} for ${d.daysInStage} days. Ask about open questions and a decision date${d.expectedClose ? ` (expected close ${d.expectedClose})` : ""}.`,
      due_in_days: d.daysInStage > 7 ? 1 : 3,
      rule: { id: "next.proposal", description: "a proposal or negotiation stage", matched: d.stage },
    };
  }
  if (/qualif|discover|lead|new/.test(stage)) {
    return {
      title: `Book a discovery call for ${d.name}`,
      description: `In ${d.stage} for ${d.daysInStage} days. Agree on needs, budget and timeline to qualify it.`,
      due_in_days: 2,
      rule: { id: "next.qualify", description: "an early stage", matched: d.stage },
    };
  }
  return {
    title: `Check in on ${d.name}`,
    description: `In ${d.stage} for ${d.daysInStage} days; last interaction: ${d.lastInteraction ?? "none"}. Agree the next concrete step with the customer.`,
    due_in_days: d.daysInStage > 21 ? 1 : 5,
    rule: { id: "next.default", description: "any other stage", matched: d.stage },
  };
}
