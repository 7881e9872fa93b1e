/**
 * How campaign intelligence classifies a received reply (docs/analytics/campaign-intelligence.md):
 * the replies feature decides what a message is (reply, auto-reply, unsubscribe, complaint: the
 * event type, with the header that fired in detail.why); a person's reply is then sorted by the
 * first of these phrase rules that matches its subject and first 280 characters. One list serves
 * SQL (the repository turns it into the CASE the counts group by) and the "why" each listed reply shows.
 */
import type { CiReplyClass } from "@prospector/contracts";

export interface ReplyRule {
  id: string;
  class: CiReplyClass;
  description: string;
  /** The event type this rule takes whole, or a POSIX/JS-compatible pattern tried on a reply's text. */
  type?: "complaint" | "unsubscribe" | "auto_reply";
  pattern?: string;
}

export const REPLY_RULES: readonly ReplyRule[] = [
  {
    id: "complaint",
    class: "complaint",
    type: "complaint",
    description: "A spam complaint (an ARF feedback report from the recipient's provider)",
  },
  { id: "unsubscribe_mail", class: "unsubscribe_request", type: "unsubscribe", description: "A mail to the List-Unsubscribe address" },
  {
    id: "auto_reply",
    class: "out_of_office",
    type: "auto_reply",
    description: "An automatic answer: Auto-Submitted, X-Autoreply or Precedence headers, or an out-of-office subject",
  },
  {
    id: "asks_removal",
    class: "unsubscribe_request",
    pattern:
      "(unsubscribe|remove me|take me off|stop (emailing|contacting|sending)|opt(ed)? out|do not (contact|email)|don't (contact|email))",
    description: "The reply asks to be removed (unsubscribe, remove me, stop emailing…)",
  },
  {
    id: "wrong_person",
    class: "wrong_person",
    pattern:
      "(wrong person|not the right person|no longer (work|with)|left the company|not responsible for|you should (contact|reach out to|talk to)|better person to)",
    description: "The reply says it reached the wrong person (no longer with, not responsible for, contact someone else…)",
  },
  {
    id: "declines",
    class: "not_interested",
    pattern:
      "(not interested|no thanks|no, thanks|no thank you|not a (good )?fit|we are all set|we're all set|not looking for|no need for)",
    description: "The reply declines (not interested, no thanks, not a fit…)",
  },
  {
    id: "later",
    class: "not_now",
    pattern:
      "(not (right )?now|not at the moment|maybe later|next (quarter|month|year)|circle back|follow up (in|later|next)|reach out (again )?(in|later|next)|busy (right now|at the moment)|bad timing)",
    description: "The reply asks for later (not now, next quarter, circle back…)",
  },
  {
    id: "positive",
    class: "interested",
    pattern:
      "(interested|sounds (good|great|interesting)|let's (talk|chat|connect|set up|schedule)|book a (call|meeting|time)|happy to (chat|talk|connect)|tell me more|send (me )?more|when are you (free|available)|what times?|schedule a (call|meeting))",
    description: "The reply welcomes a conversation (interested, let's talk, book a call…)",
  },
  { id: "other", class: "other_reply", description: "A person's reply no phrase rule matched" },
];

/** Why a listed reply is in its class: the rule, and the phrase or header that fired. */
export function whyText(ruleId: string, detail: Record<string, unknown> | null): string {
  const rule = REPLY_RULES.find((r) => r.id === ruleId);
  if (!rule) return ruleId;
  if (rule.type === "auto_reply") return `${rule.description}${detail?.why ? ` (fired: ${String(detail.why)})` : ""}`;
  if (rule.pattern) {
    const t = `${String(detail?.subject ?? "")} ${String(detail?.snippet ?? "")}`.toLowerCase();
    const hit = new RegExp(rule.pattern, "i").exec(t)?.[0];
    return `${rule.description}${hit ? `: matched “${hit}”` : ""}`;
  }
  return rule.description;
}
