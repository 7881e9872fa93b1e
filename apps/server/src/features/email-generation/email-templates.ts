/**
 * The offline email writer: tone variants (greeting, opening, value, call to action, sign-off)
 * filled from what is known about the person and the company. Several phrasings per tone; the
 * recipient's address picks one, so the same request gives the same email and a list gets variety.
 */
import { createHash } from "node:crypto";
import type { EmailTone } from "@prospector/contracts";

export interface EmailFacts {
  name?: string;
  email: string;
  company?: string;
  position?: string;
  industry?: string;
  pain_point?: string;
  company_insight?: string;
  goal?: string;
  campaign_name?: string;
  sender_name?: string;
}

interface ToneStyle {
  greeting: (first: string | null, full: string | null) => string;
  subjects: ((f: Ctx) => string)[];
  openers: ((f: Ctx) => string)[];
  values: ((f: Ctx) => string)[];
  ctas: string[];
  signoff: string;
}

interface Ctx {
  first: string | null;
  company: string;
  role: string;
  industry: string | null;
  pain: string | null;
  insight: string | null;
  goal: string;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const lowerFirst = (s: string) => (/^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s);
/** Lowercases a leading article or pronoun only: an insight usually starts with a name ("Initech opened…"). */
const lowerArticle = (s: string) => s.replace(/^(The|A|An|Our|Their|They|Its|It|We|This|These)\b/, (w) => w.toLowerCase());
const sentence = (s: string) => (/[.!?]$/.test(s.trim()) ? s.trim() : `${s.trim()}.`);

const about = (f: Ctx) =>
  f.insight
    ? `I noticed ${lowerArticle(f.insight.replace(/[.!?]$/, ""))}`
    : f.industry
      ? `I have been looking at how ${f.industry} teams like ${f.company} work`
      : `I came across ${f.company}`;
const pain = (f: Ctx) =>
  f.pain ? `Many ${f.role}s tell us ${lowerFirst(f.pain.replace(/[.!?]$/, ""))} takes more time than it should` : null;

const STYLES: Record<EmailTone, ToneStyle> = {
  professional: {
    greeting: (first) => (first ? `Hi ${first},` : "Hello,"),
    subjects: [(f) => `A quick idea for ${f.company}`, (f) => `${f.company} and ${f.goal}`, (f) => `Question for ${f.company}'s ${f.role}`],
    openers: [
      (f) => sentence(`${about(f)}, and thought it was worth reaching out`),
      (f) => sentence(`${about(f)} and wanted to introduce myself`),
    ],
    values: [
      (f) => `${sentence(pain(f) ?? `Teams in your position often want to ${f.goal} without adding headcount`)} We help with exactly that.`,
      (f) => sentence(`We work with ${f.industry ?? "companies"} like ${f.company} to ${f.goal}`),
    ],
    ctas: ["Would a 15-minute call next week be useful?", "Are you open to a short call to see whether it fits?"],
    signoff: "Best regards,",
  },
  friendly: {
    greeting: (first) => (first ? `Hi ${first}!` : "Hi there!"),
    subjects: [(f) => `Quick hello from a fan of ${f.company}`, (f) => `An idea for you, ${f.first ?? "friend"}`],
    openers: [(f) => sentence(`${about(f)}, and I really liked what I saw`), (f) => sentence(`Hope your week is going well! ${about(f)}`)],
    values: [
      (f) => `${sentence(pain(f) ?? `We have been helping people like you ${f.goal}`)} I think we could make that easier for you too.`,
      (f) => sentence(`We make it simpler to ${f.goal}, and ${f.company} seems like a great fit`),
    ],
    ctas: ["Fancy a quick chat sometime this week?", "Would you be up for a short call? Happy to work around your schedule."],
    signoff: "Cheers,",
  },
  casual: {
    greeting: (first) => (first ? `Hey ${first},` : "Hey,"),
    subjects: [(f) => `${f.company} + us?`, (f) => `quick one, ${f.first ?? "there"}`],
    openers: [(f) => sentence(`${about(f)} — nice work`), (f) => sentence(`Saw ${f.company} pop up and had to reach out`)],
    values: [
      (f) => sentence(pain(f) ?? `We help folks ${f.goal} without the usual hassle`),
      (f) => sentence(`Short version: we help teams like yours ${f.goal}`),
    ],
    ctas: ["Worth a quick chat?", "Up for a 10-minute call?"],
    signoff: "Talk soon,",
  },
  formal: {
    greeting: (first, full) => (full ? `Dear ${full},` : first ? `Dear ${first},` : "Dear Sir or Madam,"),
    subjects: [(f) => `Proposal for ${f.company}`, (f) => `Introduction: supporting ${f.company}'s ${f.role}`],
    openers: [
      (f) => sentence(`I am writing to you in your capacity as ${f.role} at ${f.company}`),
      (f) => `${sentence(about(f))} I would like to introduce our services.`,
    ],
    values: [
      (f) => sentence(pain(f) ?? `Our organisation assists ${f.industry ?? "companies"} such as ${f.company} to ${f.goal}`),
      (f) => sentence(`We believe we could assist ${f.company} to ${f.goal}`),
    ],
    ctas: [
      "I would welcome the opportunity to discuss this at a time convenient to you.",
      "May I propose a brief meeting at your convenience?",
    ],
    signoff: "Yours sincerely,",
  },
  persuasive: {
    greeting: (first) => (first ? `Hi ${first},` : "Hi,"),
    subjects: [(f) => `${f.company} could ${f.goal} this quarter`, (f) => `What ${f.company} is leaving on the table`],
    openers: [(f) => sentence(about(f)), (f) => sentence(`${f.company} is growing, and growth makes every hour count`)],
    values: [
      (f) =>
        `${sentence(pain(f) ?? `Most ${f.role}s we speak to want to ${f.goal} but lack the time`)} Teams that work with us do it in weeks, not quarters.`,
      (f) => `Every month without a better way to ${f.goal} costs ${f.company} pipeline. We fix that quickly.`,
    ],
    ctas: ["Can I show you how in 15 minutes this week?", "If I could show you results in one call, would you take it?"],
    signoff: "Best,",
  },
  enthusiastic: {
    greeting: (first) => (first ? `Hi ${first}!` : "Hello!"),
    subjects: [(f) => `Excited about what ${f.company} is doing!`, (f) => `Love what ${f.company} is building`],
    openers: [(f) => sentence(`${about(f)} — really exciting stuff`), (f) => `I have been following ${f.company} and I am impressed!`],
    values: [
      (f) => `${sentence(pain(f) ?? `We love helping teams ${f.goal}`)} I think we could do great things together!`,
      (f) => `We help teams like yours ${f.goal}, and I would love to do the same for ${f.company}!`,
    ],
    ctas: ["Could we grab 15 minutes to chat?", "Would you be up for a quick call? I would love to hear your plans!"],
    signoff: "All the best,",
  },
  concise: {
    greeting: (first) => (first ? `${first},` : "Hi,"),
    subjects: [(f) => `${f.company}: ${f.goal}?`, (f) => `15 minutes, ${f.first ?? "quick question"}?`],
    openers: [(f) => sentence(about(f))],
    values: [(f) => sentence(`We help ${f.role}s ${f.goal}`)],
    ctas: ["Worth 15 minutes?", "Open to a short call?"],
    signoff: "Thanks,",
  },
};

function pick<T>(list: T[], seed: string, salt: string): T {
  const n = createHash("sha256").update(`${seed}:${salt}`).digest().readUInt32LE(0);
  return list[n % list.length] as T;
}

export function writeTemplateEmail(facts: EmailFacts, tone: EmailTone): { subject: string; body: string } {
  const style = STYLES[tone];
  const full = facts.name?.trim() || null;
  const first = full ? (full.split(/\s+/)[0] ?? null) : null;
  const ctx: Ctx = {
    first,
    company: facts.company?.trim() || "your company",
    role: facts.position?.trim() || "leader",
    industry: facts.industry?.trim() || null,
    pain: facts.pain_point?.trim() || null,
    insight: facts.company_insight?.trim() || null,
    goal: (facts.goal?.trim() || "win more customers with less manual work").replace(/[.!?]$/, ""),
  };
  const seed = `${facts.email}:${tone}`;
  const subject = cap(pick(style.subjects, seed, "subject")(ctx));
  const lines = [
    style.greeting(first, full),
    "",
    pick(style.openers, seed, "opener")(ctx),
    "",
    // A known pain point is the strongest line there is: the first value phrasing of each tone uses it.
    (ctx.pain ? (style.values[0] as (f: Ctx) => string) : pick(style.values, seed, "value"))(ctx),
    "",
    pick(style.ctas, seed, "cta"),
    "",
    style.signoff,
    facts.sender_name?.trim() || "",
  ];
  return { subject, body: lines.join("\n").trim() };
}

/** The built-in writer's name and version in the AI ledger. */
export const TEMPLATES_MODEL = "templates v1";

const FACT_LABELS: [keyof EmailFacts, string][] = [
  ["name", "name"],
  ["company", "company"],
  ["position", "position"],
  ["industry", "industry"],
  ["pain_point", "pain point"],
  ["company_insight", "company insight"],
  ["goal", "goal"],
  ["campaign_name", "campaign"],
];

/** Why the template writer wrote what it wrote: the tone's template and the facts it filled in. */
export function templateExplanation(facts: EmailFacts, tone: EmailTone) {
  const used = FACT_LABELS.filter(([k]) => Boolean(facts[k]?.trim()));
  const rules = [
    { id: `tone:${tone}`, description: `The ${tone} template: its greeting, opener, value line, call to action and sign-off` },
    ...used.map(([k, label]) => ({ id: `fact:${k}`, description: `Filled in the ${label}`, matched: String(facts[k]) })),
  ];
  if (facts.pain_point?.trim())
    rules.push({ id: "rule:pain-first", description: "A known pain point takes the value line", matched: facts.pain_point });
  return {
    summary: `Written from the built-in ${tone} template with ${used.length ? used.map(([, l]) => l).join(", ") : "no facts beyond the address"}; the address picks among its phrasings, so the same request gives the same email.`,
    unit: "rule" as const,
    rules,
    source: TEMPLATES_MODEL,
  };
}
