/**
 * Signed tracking URLs and the HTML rewriting that puts them in a message: the sender builds them,
 * the tracking routes verify them (both import this from the sending feature). Every token is an HMAC
 * over the message id (and, for clicks, the exact destination), so the click route can only ever
 * send someone to a URL that was in that message: no open redirect, no forged opens.
 */
import { CLICK_PATH, OPEN_PATH, UNSUBSCRIBE_PATH } from "@prospector/contracts";
import type { SecretBox } from "../../platform/crypto.ts";

export const openSignature = (box: SecretBox, messageId: string) => box.sign(`o:${messageId}`);
export const clickSignature = (box: SecretBox, messageId: string, url: string) => box.sign(`c:${messageId}:${url}`);
export const unsubscribeSignature = (box: SecretBox, messageId: string) => box.sign(`u:${messageId}`);

export function openUrl(base: string, box: SecretBox, messageId: string): string {
  return `${base}${OPEN_PATH}/${messageId}/${openSignature(box, messageId)}.gif`;
}

export function clickUrl(base: string, box: SecretBox, messageId: string, url: string): string {
  return `${base}${CLICK_PATH}/${messageId}/${clickSignature(box, messageId, url)}?u=${encodeURIComponent(url)}`;
}

export function unsubscribeUrl(base: string, box: SecretBox, messageId: string): string {
  return `${base}${UNSUBSCRIBE_PATH}/${messageId}.${unsubscribeSignature(box, messageId)}`;
}

/** Is `signature` the open pixel's for this message? */
export const isOpenSignature = (box: SecretBox, messageId: string, signature: string) => box.verify(`o:${messageId}`, signature);

/** Is `signature` the click link's for this message and this exact destination? */
export const isClickSignature = (box: SecretBox, messageId: string, url: string, signature: string) =>
  box.verify(`c:${messageId}:${url}`, signature);

/** The message id of a valid unsubscribe token, else null. */
export function readUnsubscribeToken(box: SecretBox, token: string): string | null {
  const dot = token.lastIndexOf(".");
  if (dot < 0) return null;
  const id = token.slice(0, dot);
  return box.verify(`u:${id}`, token.slice(dot + 1)) ? id : null;
}

const decodeEntities = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
const encodeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/**
 * Points every http(s) link of the HTML at the click route; mailto:, tel:, anchors and the
 * unsubscribe link are left as they are (a scanner "clicking" unsubscribe must not count).
 * Returns the HTML and the destinations found.
 */
export function rewriteLinks(
  html: string,
  rewrite: (url: string) => string,
  keep: (url: string) => boolean,
): { html: string; links: string[] } {
  const links: string[] = [];
  const out = html.replace(/(<a\b[^>]*?\bhref\s*=\s*)(["'])(.*?)\2/gi, (whole, head: string, quote: string, raw: string) => {
    const url = decodeEntities(raw.trim());
    if (!/^https?:\/\//i.test(url) || keep(url)) return whole;
    links.push(url);
    return `${head}${quote}${encodeAttr(rewrite(url))}${quote}`;
  });
  return { html: out, links };
}

/** The 1×1 pixel at the end of the body (inside </body> when the HTML has one). */
export function addPixel(html: string, src: string): string {
  const img = `<img src="${encodeAttr(src)}" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px" />`;
  const at = html.search(/<\/body>/i);
  return at === -1 ? `${html}${img}` : `${html.slice(0, at)}${img}${html.slice(at)}`;
}
