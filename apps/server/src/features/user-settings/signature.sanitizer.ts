/**
 * Email signatures are HTML that ends up in outgoing mail and in the settings preview. Anything
 * that can run code (scripts, event handlers, javascript: links, embedded documents) is refused
 * outright with INVALID_HTML so the user knows; harmless markup we do not know is unwrapped to its
 * text, unknown attributes are dropped, and the cleaned HTML is what gets stored.
 */
import * as cheerio from "cheerio";

/** Markup that executes code or pulls in other documents: refused, never silently removed. */
const FORBIDDEN_TAGS = new Set([
  "script",
  "style",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "form",
  "input",
  "button",
  "textarea",
  "select",
  "option",
  "link",
  "meta",
  "base",
  "svg",
  "math",
  "template",
  "noscript",
  "portal",
]);

const ALLOWED_TAGS = new Set([
  ..."a b strong i em u s strike br p div span img ul ol li table thead tbody tfoot tr td th hr blockquote small big font sub sup center pre code".split(
    " ",
  ),
  ..."h1 h2 h3 h4 h5 h6".split(" "),
]);

const COMMON_ATTRS = ["style", "class", "align", "dir", "title", "width", "height", "valign", "bgcolor"];
const ALLOWED_ATTRS: Record<string, string[]> = {
  a: ["href", "target", "rel", "name"],
  img: ["src", "alt", "border"],
  font: ["color", "size", "face"],
  table: ["border", "cellpadding", "cellspacing", "role"],
  td: ["colspan", "rowspan"],
  th: ["colspan", "rowspan"],
};

const SAFE_URL = /^(https?:|mailto:|tel:|#|\/|[^:]*$)/i;
const SAFE_IMAGE_DATA = /^data:image\/(png|jpe?g|gif);base64,[a-z0-9+/=\s]+$/i;
/** CSS that can run script or fetch from a javascript: URL in old engines still found in mail clients. */
const UNSAFE_CSS = /expression\s*\(|javascript:|vbscript:|-moz-binding|behavior\s*:|@import/i;

export class UnsafeHtmlError extends Error {}

interface DomNode {
  type: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: DomNode[];
}

/** Returns the cleaned HTML; throws UnsafeHtmlError naming what was refused. */
export function sanitizeSignature(html: string): string {
  if (!html.trim()) return "";
  const $ = cheerio.load(html, null, false);
  const root = $.root()[0] as unknown as DomNode;
  for (const child of [...(root.children ?? [])]) check(child);
  for (const child of [...(root.children ?? [])]) clean($, child);
  return $.html().trim();
}

function check(node: DomNode): void {
  if (node.type === "script" || node.type === "style") throw new UnsafeHtmlError(`<${node.name}> is not allowed`);
  if (node.type === "directive") throw new UnsafeHtmlError("Document declarations are not allowed");
  if (node.type !== "tag") return;
  const name = (node.name ?? "").toLowerCase();
  if (FORBIDDEN_TAGS.has(name)) throw new UnsafeHtmlError(`<${name}> is not allowed`);
  for (const [attr, value] of Object.entries(node.attribs ?? {})) {
    const a = attr.toLowerCase();
    if (a.startsWith("on")) throw new UnsafeHtmlError(`Event handlers like ${a} are not allowed`);
    if (a === "href" || a === "src" || a === "xlink:href" || a === "action" || a === "formaction" || a === "background") {
      // Browsers ignore control characters and spaces inside a scheme ("java\tscript:"), so we do too.
      const url = [...value].filter((ch) => ch.charCodeAt(0) > 0x20 && (ch.charCodeAt(0) < 0x7f || ch.charCodeAt(0) > 0x9f)).join("");
      const ok = SAFE_URL.test(url) || (a === "src" && name === "img" && SAFE_IMAGE_DATA.test(value.trim()));
      if (!ok) throw new UnsafeHtmlError(`The link "${value.slice(0, 60)}" is not allowed`);
    }
    if (a === "style" && UNSAFE_CSS.test(value)) throw new UnsafeHtmlError("This inline style is not allowed");
  }
  for (const child of node.children ?? []) check(child);
}

function clean($: cheerio.CheerioAPI, node: DomNode): void {
  for (const child of [...(node.children ?? [])]) clean($, child);
  // biome-ignore lint/suspicious/noExplicitAny: cheerio accepts its own node objects
  const el = $(node as any);
  if (node.type === "comment") {
    el.remove();
    return;
  }
  if (node.type !== "tag") return;
  const name = (node.name ?? "").toLowerCase();
  if (!ALLOWED_TAGS.has(name)) {
    el.replaceWith(el.contents());
    return;
  }
  const allowed = new Set([...COMMON_ATTRS, ...(ALLOWED_ATTRS[name] ?? [])]);
  for (const attr of Object.keys(node.attribs ?? {})) if (!allowed.has(attr.toLowerCase())) el.removeAttr(attr);
  // Links in a signature open outside the app and must not get a handle on the opener.
  if (name === "a" && el.attr("target")) el.attr("rel", "noopener noreferrer");
}
