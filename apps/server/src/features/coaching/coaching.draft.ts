/**
 * A draft taken apart for scoring: the text a reader sees (HTML or plain text, the campaign's
 * {{ placeholders }} read as a word, one spintax choice), and, for phrase checks, the text of every
 * spintax option (any of them may go out). Links, images, hidden text and tiny fonts come from the
 * HTML itself.
 */
import { load } from "cheerio";
import { allSpintaxOptions, hasHtml, resolveSpintax } from "../campaigns/index.ts";

export interface DraftLink {
  href: string;
  /** The text the reader sees. */
  text: string;
  /** Host without "www.", or null when the target is not a web address. */
  domain: string | null;
}

export interface DraftImage {
  src: string;
  alt: string | null;
}

export interface Draft {
  rawSubject: string;
  rawBody: string;
  /** One spintax choice, placeholders as words. */
  subject: string;
  /** Every spintax option side by side. */
  subjectAll: string;
  text: string;
  textAll: string;
  isHtml: boolean;
  links: DraftLink[];
  images: DraftImage[];
  /** Text a reader cannot see (display:none, white on white, font-size 0). */
  hidden: string[];
  /** Text set in a font too small to read. */
  tiny: string[];
  /** Template variables used, by name. */
  placeholders: string[];
  spintaxGroups: number;
  hasUnsubscribe: boolean;
  from: { name: string | null; address: string | null } | null;
}

const PLACEHOLDER = /\{\{-?\s*([A-Za-z_][\w]*)[^}]*?-?\}\}/g;
const TAG = /\{%-?[\s\S]*?-?%\}/g;
// Links a placeholder stands for: the sender's unsubscribe page and the lead's own pages.
const UNSUBSCRIBE_URL = "https://unsubscribe.invalid/u";
const LEAD_URL = "https://lead.invalid/";

/** What a placeholder reads as: a short word, or an address where the template needs one. */
function stand(name: string): string {
  if (name === "unsubscribe_url") return UNSUBSCRIBE_URL;
  if (name === "website" || name === "linkedin_url") return LEAD_URL;
  if (name === "signature") return "";
  if (name === "email" || name === "sender_email") return "name@lead.invalid";
  return "Name";
}

const fillPlaceholders = (s: string) => s.replace(TAG, "").replace(PLACEHOLDER, (_m, name: string) => stand(name));

export function placeholdersOf(...sources: string[]): string[] {
  const names = new Set<string>();
  for (const s of sources) for (const m of s.matchAll(PLACEHOLDER)) names.add(m[1] as string);
  return [...names];
}

/** Spintax groups `{a|b}` that are not Liquid. */
const countSpintax = (s: string) => (s.replace(/\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g, "").match(/\{[^{}]*\|[^{}]*\}/g) ?? []).length;

export function domainOf(url: string): string | null {
  const u = /^www\./i.test(url) ? `http://${url}` : url;
  try {
    const parsed = new URL(u);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
    return parsed.hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return null;
  }
}

/** The registrable part of a host, near enough: the last two labels, three for `co.uk`-style names. */
export function siteOf(host: string): string {
  const labels = host.split(".");
  const n = labels.length >= 3 && (labels.at(-2) as string).length <= 3 && (labels.at(-1) as string).length === 2 ? 3 : 2;
  return labels.slice(-n).join(".");
}

const BARE_URL = /\bhttps?:\/\/[^\s<>"')\]]+|\bwww\.[^\s<>"')\]]+/gi;

const HIDDEN_STYLE =
  /display\s*:\s*none|visibility\s*:\s*hidden|(?:^|[;\s])font-size\s*:\s*0(?:\.0+)?(?:px|pt|em|rem|%)?\s*(?:;|$|!)|opacity\s*:\s*0(?:\.0+)?\s*(?:;|$|!)|max-height\s*:\s*0(?:px)?\s*(?:;|$|!)/i;
const WHITE_TEXT = /(?:^|[;\s])color\s*:\s*(?:#fff(?:fff)?|white|rgb\(\s*255\s*,\s*255\s*,\s*255\s*\))\s*(?:;|$|!)/i;
const BACKGROUND = /background(?:-color)?\s*:/i;

/** Font size in CSS pixels, or null when unknown. */
function fontPx(style: string): number | null {
  const m = /(?:^|[;\s])font-size\s*:\s*([\d.]+)\s*(px|pt)?/i.exec(style);
  if (!m) return null;
  const n = Number(m[1]);
  return m[2]?.toLowerCase() === "pt" ? (n * 4) / 3 : n;
}

const clean = (s: string) =>
  s
    .split("\n")
    .map((l) => l.replace(/[ \t\u00a0]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();

interface BodyParts {
  text: string;
  links: DraftLink[];
  images: DraftImage[];
  hidden: string[];
  tiny: string[];
}

function readHtml(html: string): BodyParts {
  const spaced = html.replace(/<br\s*\/?>/gi, "\n").replace(/<\/(p|div|li|h[1-6]|tr|table|blockquote)>/gi, "$&\n");
  const $ = load(spaced);
  $("script, style, head, title, noscript").remove();
  const hidden: string[] = [];
  const tiny: string[] = [];
  $("[style], font").each((_i, el) => {
    const node = $(el);
    const style = node.attr("style") ?? "";
    const words = clean(node.text());
    const invisible =
      HIDDEN_STYLE.test(style) ||
      (WHITE_TEXT.test(style) && !BACKGROUND.test(style)) ||
      /^#?fff(fff)?$|^white$/i.test(node.attr("color") ?? "");
    if (invisible) {
      if (words) hidden.push(words.slice(0, 120));
      node.remove();
      return;
    }
    const px = fontPx(style);
    if ((px !== null && px < 8) || (el.tagName === "font" && node.attr("size") === "1")) {
      if (words) tiny.push(words.slice(0, 120));
    }
  });
  const links: DraftLink[] = [];
  $("a[href]").each((_i, el) => {
    const href = ($(el).attr("href") ?? "").trim();
    if (!href || href.startsWith("#") || /^mailto:|^tel:/i.test(href)) return;
    links.push({ href, text: clean($(el).text()), domain: domainOf(href) });
  });
  const images: DraftImage[] = [];
  $("img").each((_i, el) => {
    images.push({ src: $(el).attr("src") ?? "", alt: $(el).attr("alt") ?? null });
  });
  return { text: clean($.root().text()), links, images, hidden, tiny };
}

function readText(text: string): BodyParts {
  const links = [...text.matchAll(BARE_URL)].map((m) => ({ href: m[0], text: m[0], domain: domainOf(m[0]) }));
  return { text: clean(text), links, images: [], hidden: [], tiny: [] };
}

const UNSUBSCRIBE_TEXT =
  /unsubscribe|opt[\s-]?out|no longer (?:wish|want) to|(?:reply|respond)[^.?!\n]{0,20}["“']?(?:stop|no|remove)\b|not interested\b|rather not hear|(?:don't|do not) want (?:to hear|more|further)|won't (?:email|reach out|follow up) again|remove you from/i;

/** "Jane Doe <jane@acme.com>" → its name and address. */
export function parseFrom(from: string | undefined): Draft["from"] {
  if (from === undefined || !from.trim()) return null;
  const m = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  if (m) return { name: (m[1] as string).trim() || null, address: (m[2] as string).trim() };
  return from.includes("@") ? { name: null, address: from.trim() } : { name: from.trim(), address: null };
}

export function readDraft(input: { subject: string; body: string; from?: string }): Draft {
  const isHtml = hasHtml(input.body);
  const read = (s: string) => (isHtml ? readHtml(s) : readText(s));
  const one = read(fillPlaceholders(resolveSpintax(input.body, "coaching")));
  const all = read(fillPlaceholders(allSpintaxOptions(input.body)));
  const visible = `${one.text}\n${all.text}`;
  return {
    rawSubject: input.subject,
    rawBody: input.body,
    subject: fillPlaceholders(resolveSpintax(input.subject, "coaching")).replace(/\s+/g, " ").trim(),
    subjectAll: fillPlaceholders(allSpintaxOptions(input.subject)).replace(/\s+/g, " ").trim(),
    text: one.text,
    textAll: all.text,
    isHtml,
    links: one.links,
    images: one.images,
    hidden: all.hidden,
    tiny: all.tiny,
    placeholders: placeholdersOf(input.subject, input.body),
    spintaxGroups: countSpintax(input.subject) + countSpintax(input.body),
    hasUnsubscribe: /\{\{-?\s*unsubscribe_url\b/.test(input.body) || UNSUBSCRIBE_TEXT.test(visible),
    from: parseFrom(input.from),
  };
}

export const isUnsubscribeLink = (l: DraftLink) => l.href === UNSUBSCRIBE_URL || /unsubscribe|opt-?out/i.test(l.href);
export const isLeadLink = (l: DraftLink) => l.href.startsWith(LEAD_URL);
