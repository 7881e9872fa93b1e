/**
 * One rule for URLs that leave the place they were typed in (server request logs, client error
 * reports): query values and fragments carry reset and verification tokens, session tokens on the
 * team socket and search terms, so only the path and the parameter names are kept. No zod here:
 * the web app's error tracker loads it on every page.
 */

export const REDACTED = "[redacted]";

/**
 * A bare token can stand where a name would (`?eyJhbGci…`, no `=`): a name is kept only when it
 * reads like one of ours — short snake_case, few digits — which random tokens practically never do.
 */
function looksLikeName(name: string): boolean {
  return /^[a-z_][a-z0-9_.[\]-]{0,31}$/.test(name) && (name.match(/\d/g)?.length ?? 0) <= 3;
}

/**
 * `https://x/reset-password?token=abc&email=a%40b#top` → `https://x/reset-password?token=[redacted]&email=[redacted]`.
 * Every value goes, not only token-like names: a list of names to hide is one forgotten name away
 * from a leak.
 */
export function redactUrl(url: string): string {
  const hash = url.indexOf("#");
  const noHash = hash === -1 ? url : url.slice(0, hash);
  const q = noHash.indexOf("?");
  if (q === -1) return noHash;
  const params = noHash
    .slice(q + 1)
    .split("&")
    .filter((part) => part !== "")
    .map((part) => {
      const eq = part.indexOf("=");
      const name = eq === -1 ? part : part.slice(0, eq);
      return looksLikeName(name) ? `${name}=${REDACTED}` : REDACTED;
    });
  return params.length ? `${noHash.slice(0, q)}?${params.join("&")}` : noHash.slice(0, q);
}

/** Free text (messages, stacks) may quote URLs: every `name=value` after `?`, `&` or `#` loses its value. */
export function redactUrlsInText(text: string): string {
  return text.replace(/([?&#][^\s"'<>?&#=]{1,64})=[^\s"'<>&#]*/g, `$1=${REDACTED}`);
}

/** redactUrlsInText applied to every string inside a JSON-like value (report context). */
export function redactUrlsDeep<T>(value: T, depth = 0): T {
  if (typeof value === "string") return redactUrlsInText(value) as T;
  if (depth > 10 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => redactUrlsDeep(v, depth + 1)) as T;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactUrlsDeep(v, depth + 1)])) as T;
}
