/**
 * Email signatures are HTML that ends up in outgoing mail and in the settings preview. Anything
 * that can run code (scripts, event handlers, javascript: links, embedded documents) is refused
 * outright with INVALID_HTML so the user knows; harmless markup we do not know is unwrapped to its
 * text, unknown attributes are dropped, and the cleaned HTML is what gets stored. The cleaning is
 * sanitize-html's, with the allow-list below; the refusal is our check of every opening tag as
 * sanitize-html's parser reports it.
 */
import sanitizeHtml from "sanitize-html";

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

const ALLOWED_TAGS = [
  ..."a b strong i em u s strike br p div span img ul ol li table thead tbody tfoot tr td th hr blockquote small big font sub sup center pre code".split(
    " ",
  ),
  ..."h1 h2 h3 h4 h5 h6".split(" "),
];

const COMMON_ATTRS = ["style", "class", "align", "dir", "title", "width", "height", "valign", "bgcolor"];
const ALLOWED_ATTRS: Record<string, string[]> = {
  a: ["href", "target", "rel", "name"],
  img: ["src", "alt", "border"],
  font: ["color", "size", "face"],
  table: ["border", "cellpadding", "cellspacing", "role"],
  td: ["colspan", "rowspan"],
  th: ["colspan", "rowspan"],
};

const URL_ATTRS = new Set(["href", "src", "xlink:href", "action", "formaction", "background"]);
const SAFE_URL = /^(https?:|mailto:|tel:|#|\/|[^:]*$)/i;
const SAFE_IMAGE_DATA = /^data:image\/(png|jpe?g|gif);base64,[a-z0-9+/=\s]+$/i;
/** CSS that can run script or fetch from a javascript: URL in old engines still found in mail clients. */
const UNSAFE_CSS = /expression\s*\(|javascript:|vbscript:|-moz-binding|behavior\s*:|@import/i;
/** `<!DOCTYPE …>` and other declarations (comments, `<!--`, are only dropped). */
const DECLARATION = /<![a-z[]/i;

export class UnsafeHtmlError extends Error {}

/** Why an opening tag is refused, or null. Attribute values arrive with entities decoded. */
function refusal(tag: string, attribs: Record<string, string>): string | null {
  const name = tag.toLowerCase();
  if (FORBIDDEN_TAGS.has(name)) return `<${name}> is not allowed`;
  for (const [attr, value] of Object.entries(attribs)) {
    const a = attr.toLowerCase();
    if (a.startsWith("on")) return `Event handlers like ${a} are not allowed`;
    if (URL_ATTRS.has(a)) {
      // Browsers ignore control characters and spaces inside a scheme ("java\tscript:"), so we do too.
      const url = [...value].filter((ch) => ch.charCodeAt(0) > 0x20 && (ch.charCodeAt(0) < 0x7f || ch.charCodeAt(0) > 0x9f)).join("");
      const ok = SAFE_URL.test(url) || (a === "src" && name === "img" && SAFE_IMAGE_DATA.test(value.trim()));
      if (!ok) return `The link "${value.slice(0, 60)}" is not allowed`;
    }
    if (a === "style" && UNSAFE_CSS.test(value)) return "This inline style is not allowed";
  }
  return null;
}

/** Returns the cleaned HTML; throws UnsafeHtmlError naming what was refused. */
export function sanitizeSignature(html: string): string {
  if (!html.trim()) return "";
  if (DECLARATION.test(html)) throw new UnsafeHtmlError("Document declarations are not allowed");
  let refused: string | null = null;
  const clean = sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: Object.fromEntries([["*", COMMON_ATTRS], ...Object.entries(ALLOWED_ATTRS)]),
    // Refused before this point when unsafe; the schemes are a second line.
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowedSchemesByTag: { img: ["http", "https", "data"] },
    allowProtocolRelative: true,
    // Inline styles are kept as written once UNSAFE_CSS has passed them.
    parseStyleAttributes: false,
    disallowedTagsMode: "discard",
    onOpenTag(tag, attribs) {
      refused ??= refusal(tag, attribs);
    },
    transformTags: {
      // Links in a signature open outside the app and must not get a handle on the opener.
      a: (tagName, attribs) => ({ tagName, attribs: attribs.target ? { ...attribs, rel: "noopener noreferrer" } : attribs }),
    },
  });
  if (refused) throw new UnsafeHtmlError(refused);
  return clean.trim();
}
