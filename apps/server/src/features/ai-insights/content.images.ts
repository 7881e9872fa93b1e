/**
 * Personalized image templates (docs/ai/content.md): SVG built from the lead's data, rendered to PNG
 * by sharp, locally (no network, no remote fonts or images). Every piece of lead text is escaped and
 * stripped of characters XML forbids, so a company called `<script>` or `A & B` is drawn as text and
 * can never become markup; long text is wrapped onto lines and shrunk until it fits.
 */
import crypto from "node:crypto";
import type { ImageOptions, ImageTemplate } from "@prospector/contracts";
import sharp from "sharp";

export const IMAGE_SIZES: Record<ImageTemplate, { width: number; height: number }> = {
  banner: { width: 1200, height: 400 },
  website_card: { width: 1200, height: 630 },
};

/** The lead data a template may use. */
export interface ImageLead {
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  email: string | null;
  website: string | null;
  companyInsight: string | null;
  industry: string | null;
}

export interface RenderedImage {
  png: Buffer;
  svg: string;
  width: number;
  height: number;
  altText: string;
  explanation: string;
  /** Which lead fields went in (the ledger's input). */
  used: Record<string, string | null>;
}

/** Drops the characters XML 1.0 forbids (control characters, lone surrogates, U+FFFE/FFFF): rsvg refuses a document holding one. */
export function stripForbidden(s: string): string {
  let out = "";
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || (c >= 0xd800 && c <= 0xdfff) || c === 0xfffe || c === 0xffff) continue;
    out += ch;
  }
  return out;
}

/** Text safe inside an SVG element or attribute: forbidden characters dropped, markup characters escaped. */
export function escapeXml(s: string): string {
  return stripForbidden(s)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

const clean = (s: string | null | undefined) =>
  stripForbidden(s ?? "")
    .replace(/\s+/g, " ")
    .trim();

/** The site's host name without www., from a URL or a bare domain; else the email's domain. */
export function domainOf(website: string | null, email: string | null): string | null {
  if (website) {
    try {
      return new URL(/^[a-z]+:\/\//i.test(website) ? website : `https://${website}`).hostname.replace(/^www\./, "") || null;
    } catch {}
  }
  const at = email?.lastIndexOf("@") ?? -1;
  return at > 0 ? email!.slice(at + 1) : null;
}

/** A stable, readable accent for a domain (the same site always gets the same colour). */
export function colorFor(key: string): string {
  const h = crypto.createHash("sha256").update(key).digest();
  const hue = (h[0]! * 256 + h[1]!) % 360;
  return hslToHex(hue, 0.55, 0.38);
}

function hslToHex(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

// Average advance of a DejaVu/Liberation sans glyph as a share of the font size (bold is wider).
const CHAR_WIDTH = 0.6;

/**
 * Lines of at most `width` px at the largest size from `max` down to `min` that fits in `maxLines`;
 * at `min` the last line is cut with an ellipsis. Words longer than a line are broken.
 */
export function fitText(text: string, width: number, max: number, min: number, maxLines: number): { size: number; lines: string[] } {
  for (let size = max; size >= min; size -= 2) {
    const perLine = Math.max(1, Math.floor(width / (size * CHAR_WIDTH)));
    const lines = wrap(text, perLine);
    if (lines.length <= maxLines) return { size, lines };
    if (size - 2 < min) {
      const kept = lines.slice(0, maxLines);
      const last = kept[maxLines - 1]!;
      kept[maxLines - 1] = `${[...last].slice(0, Math.max(1, perLine - 1)).join("")}…`;
      return { size, lines: kept };
    }
  }
  return { size: min, lines: [text] };
}

function wrap(text: string, perLine: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ").filter(Boolean)) {
    let w = [...word];
    while (w.length > perLine) {
      if (line) lines.push(line);
      lines.push(w.slice(0, perLine).join(""));
      line = "";
      w = w.slice(perLine);
    }
    const piece = w.join("");
    if (!piece) continue;
    if (!line) line = piece;
    else if ([...line].length + 1 + w.length <= perLine) line += ` ${piece}`;
    else {
      lines.push(line);
      line = piece;
    }
  }
  if (line) lines.push(line);
  return lines.length ? lines : [""];
}

const FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif";

function textBlock(lines: string[], x: number, y: number, size: number, attrs: string): string {
  const lh = Math.round(size * 1.18);
  return lines
    .map((l, i) => `<text x="${x}" y="${y + i * lh}" font-size="${size}" font-family="${FONT}" ${attrs}>${escapeXml(l)}</text>`)
    .join("");
}

function banner(lead: ImageLead, opts: ImageOptions): Omit<RenderedImage, "png"> {
  const { width, height } = IMAGE_SIZES.banner;
  const company = clean(lead.companyName) || domainOf(lead.website, lead.email) || "your team";
  const first = clean(lead.firstName);
  const accent = opts.accent_color ?? colorFor(company.toLowerCase());
  const headline = clean(opts.headline) || (first ? `Hi ${first}, this one is for ${company}` : `Made for ${company}`);
  const name = fitText(company, width - 160, 96, 36, 2);
  const sub = fitText(headline, width - 160, 40, 22, 2);
  const nameHeight = name.lines.length * Math.round(name.size * 1.18);
  const top = Math.round((height - nameHeight - sub.lines.length * Math.round(sub.size * 1.18) - 24) / 2) + name.size;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${accent}"/><stop offset="1" stop-color="#111827"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<rect x="80" y="${top - name.size - 28}" width="120" height="8" rx="4" fill="#ffffff" fill-opacity="0.8"/>
${textBlock(name.lines, 80, top, name.size, 'font-weight="bold" fill="#ffffff"')}
${textBlock(sub.lines, 80, top + nameHeight + 24, sub.size, 'fill="#ffffff" fill-opacity="0.9"')}
</svg>`;
  const altText = `Banner for ${company}${first ? ` addressed to ${first}` : ""}, reading: ${headline}`;
  const explanation = `The banner shows the lead's company name (${lead.companyName ? "the lead's company field" : "no company name: the domain or a generic line"})${
    first ? " and first name" : ""
  } on ${opts.accent_color ? "the chosen colour" : "a colour derived from the company name"}.`;
  return {
    svg,
    width,
    height,
    altText: altText.slice(0, 300),
    explanation,
    used: { company_name: lead.companyName, first_name: lead.firstName, headline },
  };
}

function websiteCard(lead: ImageLead, opts: ImageOptions): Omit<RenderedImage, "png"> {
  const { width, height } = IMAGE_SIZES.website_card;
  const domain = domainOf(lead.website, lead.email);
  const company = clean(lead.companyName) || domain || "Your company";
  const description = clean(lead.companyInsight) || (lead.industry ? `${clean(lead.industry)} · ${domain ?? company}` : (domain ?? ""));
  const accent = opts.accent_color ?? colorFor((domain ?? company).toLowerCase());
  const first = clean(lead.firstName);
  const title = fitText(company, width - 240, 72, 32, 2);
  const desc = fitText(description, width - 240, 34, 22, 4);
  const headline = clean(opts.headline) || (first ? `${first}, we looked at your website` : "We looked at your website");
  const head = fitText(headline, width - 240, 30, 20, 1);
  const initial = (company.match(/[\p{L}\p{N}]/u)?.[0] ?? "?").toUpperCase();
  const titleY = 300;
  const titleH = title.lines.length * Math.round(title.size * 1.18);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect width="${width}" height="${height}" fill="#f3f4f6"/>
<rect x="60" y="50" width="${width - 120}" height="${height - 100}" rx="24" fill="#ffffff" stroke="#d1d5db" stroke-width="2"/>
<rect x="60" y="50" width="${width - 120}" height="64" rx="24" fill="${accent}"/>
<rect x="60" y="90" width="${width - 120}" height="24" fill="${accent}"/>
<circle cx="104" cy="82" r="9" fill="#ffffff" fill-opacity="0.7"/><circle cx="134" cy="82" r="9" fill="#ffffff" fill-opacity="0.5"/><circle cx="164" cy="82" r="9" fill="#ffffff" fill-opacity="0.3"/>
${textBlock(fitText(domain ?? company, width - 320, 26, 26, 1).lines, 200, 93, 26, 'fill="#ffffff"')}
<rect x="120" y="150" width="96" height="96" rx="20" fill="${accent}"/>
${textBlock([initial], 168, 218, 56, 'font-weight="bold" fill="#ffffff" text-anchor="middle"')}
${textBlock(head.lines, 240, 210, head.size, `fill="${accent}"`)}
${textBlock(title.lines, 120, titleY + title.size, title.size, 'font-weight="bold" fill="#111827"')}
${textBlock(desc.lines, 120, titleY + titleH + 30 + desc.size, desc.size, 'fill="#374151"')}
</svg>`;
  const altText = `Your website card for ${company}${domain && domain !== company ? ` (${domain})` : ""}${
    description && description !== domain ? `: ${description}` : ""
  }`;
  const explanation = `The card shows ${domain ? `the site ${domain} (from the lead's ${lead.website ? "website" : "email address"})` : "no known site"}, the company name${
    lead.companyInsight
      ? ", and the company description stored on the lead (enrichment's company insight)"
      : lead.industry
        ? " and the lead's industry"
        : ""
  }, on ${opts.accent_color ? "the chosen colour" : "a colour derived from the domain"}.`;
  return {
    svg,
    width,
    height,
    altText: altText.slice(0, 300),
    explanation,
    used: { company_name: lead.companyName, first_name: lead.firstName, domain, description: description || null },
  };
}

/** The template's SVG for this lead, rendered to PNG. */
export async function renderImage(template: ImageTemplate, lead: ImageLead, opts: ImageOptions): Promise<RenderedImage> {
  const parts = template === "banner" ? banner(lead, opts) : websiteCard(lead, opts);
  const png = await sharp(Buffer.from(parts.svg), { density: 72 }).png({ compressionLevel: 9 }).toBuffer();
  return { ...parts, png };
}
