/**
 * A draft taken apart for scoring: the text a reader sees (HTML or plain text, the campaign's
 * {{ placeholders }} read as a word, one spintax choice), and, for phrase checks, the text of every
 * spintax option (any of them may go out). Links, images, hidden text and tiny fonts come from the
 * HTML itself.
 */
import { COACHING_LIMITS } from "@prospector/contracts";
import { load } from "cheerio";
import { AppError } from "../../platform/errors.ts";
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

// No brace inside: each match attempt stops at the next brace, so a body of a million unclosed
// "{{" stays linear (an open-ended `[\s\S]*?` rescanned the rest of the body from every one).
const PLACEHOLDER = /\{\{-?\s*([A-Za-z_]\w*)[^{}]*\}\}/g;
const TAG = /\{%[^{}]*%\}/g;
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
const countSpintax = (s: string) => (s.replace(/\{\{[^{}]*\}\}|\{%[^{}]*%\}/g, "").match(/\{[^{}|]*\|[^{}]*\}/g) ?? []).length;

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

/** At most this many hidden or tiny pieces are quoted (each quote reads its element's text). */
const MAX_QUOTED = 20;
const MAX_LINK_TEXTS = 200;
const SKIPPED = new Set(["script", "style", "head", "title", "noscript"]);

/** A DOM node as cheerio hands it out (domhandler's AnyNode, which cheerio does not re-export). */
type AnyNode = Exclude<Parameters<typeof load>[0], string | Buffer | readonly unknown[]>;

/** The text of the tree, leaving out what `skip` names; iterative, so deep nesting cannot overflow the stack. */
function visibleText(roots: AnyNode[], skip: Set<AnyNode>): string {
  const parts: string[] = [];
  const stack: AnyNode[] = [...roots].reverse();
  while (stack.length) {
    const node = stack.pop() as AnyNode;
    if (skip.has(node)) continue;
    if (node.type === "text" && "data" in node) parts.push(node.data);
    else if ("tagName" in node && SKIPPED.has(node.tagName.toLowerCase())) continue;
    if ("children" in node) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as AnyNode);
  }
  return parts.join("");
}

// Elements that never hold others, and those the parser closes when the next one opens.
const NO_NESTING = new Set([
  "br",
  "img",
  "hr",
  "input",
  "meta",
  "link",
  "area",
  "base",
  "col",
  "embed",
  "source",
  "track",
  "wbr",
  "p",
  "li",
  "td",
  "th",
  "tr",
  "option",
  "dt",
  "dd",
]);

/** How deep the HTML's elements nest, near enough (one linear pass over the tags). */
export function nestingDepth(html: string): number {
  let depth = 0;
  let max = 0;
  for (const m of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)[^<>]*?(\/?)>/g)) {
    const name = (m[2] as string).toLowerCase();
    if (NO_NESTING.has(name) || m[3]) continue;
    if (m[1]) depth = Math.max(0, depth - 1);
    else max = Math.max(max, ++depth);
  }
  return max;
}

function readHtml(html: string): BodyParts {
  if (nestingDepth(html) > COACHING_LIMITS.htmlDepth) throw new AppError("COACHING_HTML_TOO_DEEP");
  const spaced = html.replace(/<br\s*\/?>/gi, "\n").replace(/<\/(p|div|li|h[1-6]|tr|table|blockquote)>/gi, "$&\n");
  // htmlparser2 rather than parse5: parse5 slows down with the square of the nesting depth (40,000 nested
  // divs took 28 s); a mail body needs no spec-exact tree.
  const $ = load(spaced, { xml: { xmlMode: false, decodeEntities: true } });
  const hidden: string[] = [];
  const tiny: string[] = [];
  const links: DraftLink[] = [];
  const images: DraftImage[] = [];
  const parts: string[] = [];
  const none = new Set<AnyNode>();
  const quote = (el: AnyNode, into: string[]) => {
    if (into.length >= MAX_QUOTED) return;
    const words = clean(visibleText([el], none));
    if (words) into.push(words.slice(0, 120));
  };
  // One walk in document order, no CSS selectors: a selector list sorts its matches by document
  // position, which took seconds on tens of thousands of sibling paragraphs.
  const stack: [AnyNode, boolean][] = $.root()
    .toArray()
    .reverse()
    .map((n) => [n, false]);
  while (stack.length) {
    const [node, inHidden] = stack.pop() as [AnyNode, boolean];
    if (node.type === "text" && "data" in node) {
      if (!inHidden) parts.push(node.data);
      continue;
    }
    let hideChildren = inHidden;
    if ("attribs" in node && "tagName" in node) {
      const name = node.tagName.toLowerCase();
      if (SKIPPED.has(name)) continue;
      const style = node.attribs.style ?? "";
      const invisible =
        HIDDEN_STYLE.test(style) ||
        (WHITE_TEXT.test(style) && !BACKGROUND.test(style)) ||
        /^#?fff(fff)?$|^white$/i.test(node.attribs.color ?? "");
      if (invisible) {
        if (!inHidden) quote(node, hidden);
        hideChildren = true;
      } else if (!inHidden) {
        const px = fontPx(style);
        if ((px !== null && px < 8) || (name === "font" && node.attribs.size === "1")) quote(node, tiny);
      }
      const href = name === "a" ? (node.attribs.href ?? "").trim() : "";
      if (href && !href.startsWith("#") && !/^mailto:|^tel:/i.test(href)) {
        // The text of the first links only: nested anchors would read the same text again and again.
        const text = links.length < MAX_LINK_TEXTS ? clean(visibleText([node], none)) : "";
        links.push({ href, text, domain: domainOf(href) });
      }
      if (name === "img") images.push({ src: node.attribs.src ?? "", alt: node.attribs.alt ?? null });
    }
    if ("children" in node) for (let i = node.children.length - 1; i >= 0; i--) stack.push([node.children[i] as AnyNode, hideChildren]);
  }
  return { text: clean(parts.join("")), links, images, hidden, tiny };
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
  const oneSource = fillPlaceholders(resolveSpintax(input.body, "coaching"));
  const allSource = fillPlaceholders(allSpintaxOptions(input.body));
  const one = read(oneSource);
  // Without spintax both are the same text: read it once.
  const all = allSource === oneSource ? one : read(allSource);
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
