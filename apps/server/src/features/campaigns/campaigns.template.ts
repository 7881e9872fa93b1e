/**
 * Email templates: spintax first (seeded per lead and step), then Liquid with the lead's fields,
 * custom fields, the sender's signature and the unsubscribe link. Used by previews now and by the
 * sender later, so what a preview shows is what goes out. Liquid runs sandboxed: no file includes,
 * bounded parse/render work.
 */
import type { CampaignStep } from "@prospector/contracts";
import { Liquid, type Template } from "liquidjs";
import { allSpintaxOptions, resolveSpintax } from "./spintax.ts";

/**
 * Work one template may cost, so a hostile one (nested loops, filters doubling a string) fails fast
 * instead of holding the event loop: rendering runs synchronously between awaits, and the sender
 * renders every message of a campaign with the same engine. A typical message renders in well under
 * a millisecond; the longest body the contracts accept (100,000 characters, thousands of outputs)
 * in about 30 ms, up to 200 ms before the JIT has warmed up and more on a busy machine. So the time
 * a render may take grows with the template: 100 ms plus 2 ms per 1,000 characters (300 ms for
 * the longest body), about ten times what it needs, while a short template that loops is stopped
 * at 100 ms. memoryLimit counts the characters and items loops and filters create (a range of N
 * costs N); parseLimit is twice the longest body the contracts accept.
 */
export const TEMPLATE_LIMITS = { renderMs: 100, renderMsPer1kChars: 2, memory: 1_000_000, parseChars: 200_000 } as const;

/** The render time a template of this length may take. */
export const renderLimitFor = (chars: number) => TEMPLATE_LIMITS.renderMs + Math.ceil(chars / 1000) * TEMPLATE_LIMITS.renderMsPer1kChars;
// strictFilters: a misspelt filter is an error the author sees, not silently dropped text.
const limits = {
  parseLimit: TEMPLATE_LIMITS.parseChars,
  renderLimit: TEMPLATE_LIMITS.renderMs,
  memoryLimit: TEMPLATE_LIMITS.memory,
  strictFilters: true,
};
// `templates: {}` makes include/render/layout look only in an empty in-memory map, never on disk.
const textEngine = new Liquid({ ...limits, templates: {} });
const htmlEngine = new Liquid({ ...limits, templates: {}, outputEscape: "escape" });

/** The lead fields a template can use by name. */
export const LEAD_VARIABLES = [
  "first_name",
  "last_name",
  "full_name",
  "email",
  "company_name",
  "company",
  "role",
  "position",
  "industry",
  "pain_point",
  "company_insight",
  "phone",
  "website",
  "linkedin_url",
  "city",
  "country",
  "seniority",
  "department",
] as const;
/** Variables about the sender and the message rather than the lead. */
export const MESSAGE_VARIABLES = ["signature", "sender_name", "sender_email", "unsubscribe_url", "custom_fields"] as const;

export interface TemplateLead {
  id: string | null;
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
  company_name?: string | null;
  role?: string | null;
  industry?: string | null;
  pain_point?: string | null;
  company_insight?: string | null;
  phone?: string | null;
  website?: string | null;
  linkedin_url?: string | null;
  city?: string | null;
  country?: string | null;
  seniority?: string | null;
  department?: string | null;
  custom_fields?: Record<string, unknown>;
}

export interface MessageContext {
  lead: TemplateLead;
  /** Sanitized HTML from the sender's settings. */
  signature: string;
  sender_name: string;
  sender_email: string;
  unsubscribe_url: string;
}

export class TemplateError extends Error {
  readonly field: string;
  readonly line: number | null;
  constructor(message: string, field: string, line: number | null) {
    super(message);
    this.field = field;
    this.line = line;
  }
}

/** Values for Liquid: absent values are undefined, so `| default: "there"` applies to them. */
function variables(ctx: MessageContext): Record<string, unknown> {
  const l = ctx.lead;
  const v = (x: string | null | undefined) => (x == null || x === "" ? undefined : x);
  const custom = l.custom_fields ?? {};
  const full = [l.first_name, l.last_name].filter(Boolean).join(" ");
  return {
    // Custom fields also answer to their own name, unless a standard field has it.
    ...custom,
    custom_fields: custom,
    first_name: v(l.first_name),
    last_name: v(l.last_name),
    full_name: v(full),
    email: v(l.email),
    company_name: v(l.company_name),
    company: v(l.company_name),
    role: v(l.role),
    position: v(l.role),
    industry: v(l.industry),
    pain_point: v(l.pain_point),
    company_insight: v(l.company_insight),
    phone: v(l.phone),
    website: v(l.website),
    linkedin_url: v(l.linkedin_url),
    city: v(l.city),
    country: v(l.country),
    seniority: v(l.seniority),
    department: v(l.department),
    signature: ctx.signature,
    sender_name: ctx.sender_name,
    sender_email: ctx.sender_email,
    unsubscribe_url: ctx.unsubscribe_url,
  };
}

/** The signature is already-sanitized HTML: it must not be escaped like lead data is. */
const rawSignature = (s: string) => s.replace(/\{\{-?\s*signature\s*-?\}\}/g, "{{ signature | raw }}");

const lineOf = (err: unknown): number | null => {
  const m = /line:(\d+)/.exec(String((err as Error).message));
  return m ? Number(m[1]) : null;
};

/** liquidjs's limit messages ("template render limit exceeded", …) said in the author's terms. */
const LIMIT_MESSAGES: Record<string, (renderMs: number) => string> = {
  "template render": (renderMs) => `the template takes too long to render (over ${renderMs} ms): reduce its loops`,
  "memory alloc": () =>
    `the template builds too much text or too many items while rendering (over ${TEMPLATE_LIMITS.memory.toLocaleString("en-US")}): reduce its loops and filters`,
  "parse length": () => `the template is too long (over ${TEMPLATE_LIMITS.parseChars.toLocaleString("en-US")} characters)`,
};

function templateError(err: unknown, field: string, renderMs: number = TEMPLATE_LIMITS.renderMs): TemplateError {
  const message = String((err as Error).message).split(", file:")[0] as string;
  const limit = /^(template render|memory alloc|parse length) limit exceeded/.exec(message);
  const said = limit ? (LIMIT_MESSAGES[limit[1] as string] as (ms: number) => string)(renderMs) : message;
  return new TemplateError(`${field}: ${said}`, field, lineOf(err));
}

function parse(engine: Liquid, source: string, field: string): Template[] {
  try {
    return engine.parse(source);
  } catch (err) {
    throw templateError(err, field);
  }
}

/** Checks a template's Liquid (every spintax option included); returns the variables it reads. */
export function checkTemplate(source: string, field: string, kind: "text" | "html"): string[] {
  const engine = kind === "html" ? htmlEngine : textEngine;
  const templates = parse(engine, kind === "html" ? rawSignature(allSpintaxOptions(source)) : allSpintaxOptions(source), field);
  try {
    return engine.globalVariablesSync(templates).map((v) => String(v).split(/[.[]/)[0] as string);
  } catch {
    return [];
  }
}

/**
 * Parsed templates by engine and source. A campaign sends one step's text to thousands of leads and
 * spintax gives each step only a few distinct texts, so parsing once per text instead of once per
 * message takes most of the template cost off the sender (bench/send). Parsed templates hold no
 * per-render state; the oldest entries make room when full. Bounded by source characters as well as
 * entries: a parsed template takes about 19 bytes per character (1.9 MB for a 100,000-character
 * body), so 2,000 long bodies, e.g. a spintax-heavy body giving every lead its own text, or previews
 * of many variants, would hold gigabytes.
 */
const parsedCache = new Map<string, { templates: Template[]; chars: number }>();
export const PARSED_CACHE_LIMITS = { entries: 2_000, chars: 2_000_000 } as const;
let parsedChars = 0;

/** What the cache holds now (for its tests). */
export const parsedCacheStats = () => ({ entries: parsedCache.size, chars: parsedChars });

function parseCached(kind: "text" | "html", source: string, field: string): Template[] {
  const key = `${kind}\u0000${source}`;
  const hit = parsedCache.get(key);
  if (hit) return hit.templates;
  const templates = parse(kind === "html" ? htmlEngine : textEngine, source, field);
  if (source.length > PARSED_CACHE_LIMITS.chars) return templates;
  for (const [oldKey, old] of parsedCache) {
    if (parsedCache.size < PARSED_CACHE_LIMITS.entries && parsedChars + source.length <= PARSED_CACHE_LIMITS.chars) break;
    parsedCache.delete(oldKey);
    parsedChars -= old.chars;
  }
  parsedCache.set(key, { templates, chars: source.length });
  parsedChars += source.length;
  return templates;
}

/**
 * Texts that ran out of a limit, for ten minutes: the sender renders a step for hundreds of leads in
 * one pass (inside its claim transaction), and a looping template would cost its full time limit for
 * every one of them. The next lead with the same text fails at once with the same message. Limits
 * hit because of one lead's data are rare: lead fields are short, and the time limit is ten times
 * what the text needs.
 */
const overLimit = new Map<string, { err: unknown; renderMs: number; until: number }>();
const OVER_LIMIT_MS = 10 * 60_000;
const OVER_LIMIT_MAX = 1_000;
const isLimit = (err: unknown) => /^(template render|memory alloc) limit exceeded/.test(String((err as Error).message));

function rememberOverLimit(key: string, err: unknown, renderMs: number): void {
  if (overLimit.size >= OVER_LIMIT_MAX) overLimit.delete(overLimit.keys().next().value as string);
  overLimit.set(key, { err, renderMs, until: Date.now() + OVER_LIMIT_MS });
}

async function render(kind: "text" | "html", source: string, field: string, seed: string, ctx: MessageContext): Promise<string> {
  const engine = kind === "html" ? htmlEngine : textEngine;
  const spun = resolveSpintax(source, seed);
  const text = kind === "html" ? rawSignature(spun) : spun;
  const key = `${kind}\u0000${text}`;
  const known = overLimit.get(key);
  if (known && known.until > Date.now()) throw templateError(known.err, field, known.renderMs);
  const templates = parseCached(kind, text, field);
  const vars = variables(ctx);
  const renderLimit = renderLimitFor(spun.length);
  try {
    return await engine.render(templates, vars, { renderLimit });
  } catch (err) {
    // The time limit is wall-clock: a pause of the whole process (GC, a busy machine) or a first
    // render before the JIT has warmed up can hit it, and the sender stops a lead whose message
    // cannot render. One more try; a template that really loops too much fails again.
    if (!/^template render limit exceeded/.test(String((err as Error).message))) {
      if (isLimit(err)) rememberOverLimit(key, err, renderLimit);
      throw templateError(err, field);
    }
  }
  try {
    return await engine.render(templates, vars, { renderLimit });
  } catch (err) {
    if (isLimit(err)) rememberOverLimit(key, err, renderLimit);
    throw templateError(err, field, renderLimit);
  }
}

/** A body with HTML tags is HTML; anything else is plain text. */
export const hasHtml = (s: string) => /<([a-z][a-z0-9]*)\b[^>]*>/i.test(s);
const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A readable plain-text alternative of the HTML body. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br)\s*\/?>/gi, "\n")
    .replace(/<\/(p|div|h[1-6]|li|tr)>/gi, "\n")
    .replace(/<a\b[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href, label) => (label.trim() === href ? href : `${label} (${href})`))
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

export interface RenderedMessage {
  subject: string;
  /** HTML. */
  body: string;
  text: string;
}

/** The step's (or variant's) subject and body; a variant's empty part falls back to the step's. */
export function stepContent(steps: CampaignStep[], step: number, variant: number): { subject: string; body: string } | null {
  const s = steps[step];
  if (!s) return null;
  if (variant === 0) return { subject: s.subject, body: s.body };
  const v = s.variants[variant - 1];
  if (!v) return null;
  return { subject: v.subject || s.subject, body: v.body.trim() ? v.body : s.body };
}

/**
 * Renders one message. `step` is 0-based. A body without HTML tags is plain text: its line breaks
 * become <br> in the HTML part. The spintax seed is lead + step + variant, so the same lead always
 * gets the same words in the same message, and different leads get a spread.
 */
export async function renderMessage(
  content: { subject: string; body: string },
  opts: { step: number; variant: number; ctx: MessageContext },
): Promise<RenderedMessage> {
  const seed = `${opts.ctx.lead.id ?? "preview"}:${opts.step}:${opts.variant}`;
  const where = `steps.${opts.step}${opts.variant ? `.variants.${opts.variant - 1}` : ""}`;
  const subject = (await render("text", content.subject, `${where}.subject`, `${seed}:subject`, opts.ctx)).replace(/\s+/g, " ").trim();
  const isHtml = hasHtml(content.body);
  let body: string;
  if (isHtml) {
    body = await render("html", content.body, `${where}.body`, `${seed}:body`, opts.ctx);
  } else {
    // Plain text: escape the author's text, keep the (HTML) signature, then turn newlines into <br>.
    const marked = content.body.replace(/\{\{-?\s*signature\s*-?\}\}/g, "\u0000SIGNATURE\u0000");
    const rendered = await render("text", marked, `${where}.body`, `${seed}:body`, opts.ctx);
    body = escapeHtml(rendered).replace(/\r?\n/g, "<br>\n").replaceAll("\u0000SIGNATURE\u0000", opts.ctx.signature);
  }
  return { subject, body, text: htmlToText(body) };
}
