/**
 * Text and email primitives over cheerio nodes: anti-harvesting spellings undone, Cloudflare-protected
 * addresses decoded, element text read with the spaces (and line breaks) a browser would show.
 */

const EMAIL = /[a-z0-9][a-z0-9._%+-]{0,63}@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}/gi;
const NOT_EMAIL_TLD = /\.(png|jpe?g|gif|svg|webp|avif|css|js|ico|woff2?|ttf)$/i;
const PLACEHOLDER_DOMAINS = new Set([
  "example.com",
  "example.org",
  "domain.com",
  "yourdomain.com",
  "email.com",
  "sentry.io",
  "wixpress.com",
]);

/** Undo the usual anti-harvesting spellings: name [at] domain [dot] com, name(at)domain.com, name at domain dot com. */
export function deobfuscate(text: string): string {
  return text
    .replace(/\s*[[({<]\s*(?:at|@)\s*[\])}>]\s*/gi, "@")
    .replace(/\s*[[({<]\s*(?:dot|\.)\s*[\])}>]\s*/gi, ".")
    .replace(
      /\b([a-z0-9._%+-]+)\s+at\s+([a-z0-9-]+(?:\s+dot\s+[a-z0-9-]+)+)\b/gi,
      (_m, user: string, rest: string) => `${user}@${rest.replace(/\s+dot\s+/gi, ".")}`,
    );
}

export function findEmails(text: string): string[] {
  const out = new Set<string>();
  for (const m of deobfuscate(text).matchAll(EMAIL)) {
    const e = m[0].toLowerCase().replace(/\.+$/, "");
    const domain = e.split("@")[1]!;
    if (NOT_EMAIL_TLD.test(e) || PLACEHOLDER_DOMAINS.has(domain)) continue;
    out.add(e);
  }
  return [...out];
}

/** Cloudflare's email protection: first byte is the XOR key of the rest. */
export function decodeCfEmail(hex: string): string | null {
  if (!/^[0-9a-f]{4,}$/i.test(hex) || hex.length % 2) return null;
  const key = Number.parseInt(hex.slice(0, 2), 16);
  let out = "";
  for (let i = 2; i < hex.length; i += 2) out += String.fromCharCode(Number.parseInt(hex.slice(i, i + 2), 16) ^ key);
  return out.includes("@") ? out : null;
}

export const norm = (s: string) => s.replace(/\s+/g, " ").trim();

interface DomNode {
  type: string;
  data?: string;
  name?: string;
  children?: DomNode[];
}
// htmlparser2 gives scripts and styles their own node types; these tags hold no visible text either.
const HIDDEN = new Set(["script", "style", "noscript", "template"]);
const BLOCK = new Set(
  (
    "address article aside blockquote br dd div dl dt figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr li main nav ol p " +
    "section table tbody td tfoot th thead tr ul"
  ).split(" "),
);

/** Text with a space between elements: cheerio's .text() glues "<p>Sales</p><span>a@b.c" into "Salesa@b.c". */
export function spacedText(nodes: { toArray(): unknown[] } | readonly unknown[]): string {
  return norm(textLines(nodes).join(" "));
}

/** The text as a browser lays it out in lines: a line ends at every block element and <br>. */
export function textLines(nodes: { toArray(): unknown[] } | readonly unknown[]): string[] {
  const lines: string[] = [];
  let line: string[] = [];
  const flush = () => {
    const t = norm(line.join(" "));
    if (t) lines.push(t);
    line = [];
  };
  const walk = (n: DomNode) => {
    if (n.type === "text") line.push(n.data ?? "");
    else if (n.type === "tag" || n.type === "root") {
      if (HIDDEN.has(n.name ?? "")) return;
      const block = BLOCK.has(n.name ?? "");
      if (block) flush();
      for (const c of n.children ?? []) walk(c);
      if (block) flush();
    }
  };
  for (const n of "toArray" in nodes ? nodes.toArray() : nodes) walk(n as DomNode);
  flush();
  return lines;
}

/** A malformed %-escape in a page's link must not fail the whole page. */
export function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export function mailtoAddress(href: string): string | null {
  const addr = safeDecode(href.replace(/^mailto:/i, "").split("?")[0] ?? "").split(",")[0] ?? "";
  return findEmails(addr)[0] ?? null;
}
