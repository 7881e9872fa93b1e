/**
 * The checks behind domain verification: a DNS TXT record (node:dns against DNS_SERVERS or the
 * system's servers), or a file / meta tag fetched over HTTPS through the SSRF-guarded fetcher.
 * Each answers whether the token was found and, if not, why in plain words. Built once by the
 * feature's register and put on ctx, so a test can point it at local servers.
 */
import { DOMAIN_VERIFICATION_FILE_PATH, DOMAIN_VERIFICATION_PREFIX, type DomainVerificationMethod } from "@prospector/contracts";
import type { Config } from "../../config.ts";
import { createOutboundFetch, createResolver, type SafeFetch, SafeFetchError } from "../../platform/safe-fetch.ts";

export interface DomainChecks {
  resolveTxt(domain: string): Promise<string[][]>;
  fetch: SafeFetch;
  /** The address checked for a path on the domain (https://<domain><path>; a test may use http and a port). */
  urlFor(domain: string, path: string): string;
}

declare module "../../context.ts" {
  interface AppContext {
    domainChecks: DomainChecks;
  }
}

export function createDomainChecks(config: Pick<Config, "DNS_SERVERS" | "OUTBOUND_ALLOWLIST" | "CRAWL_USER_AGENT">): DomainChecks {
  const resolver = createResolver(config.DNS_SERVERS);
  return {
    resolveTxt: (domain) => resolver.resolveTxt(domain),
    fetch: createOutboundFetch(config),
    urlFor: (domain, path) => `https://${domain}${path}`,
  };
}

export type CheckResult = { ok: true } | { ok: false; error: string };

export const txtValue = (token: string) => `${DOMAIN_VERIFICATION_PREFIX}=${token}`;
export const metaTag = (token: string) => `<meta name="${DOMAIN_VERIFICATION_PREFIX}" content="${token}">`;

async function checkDns(checks: DomainChecks, domain: string, token: string): Promise<CheckResult> {
  let records: string[][];
  try {
    records = await checks.resolveTxt(domain);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? "";
    if (code === "ENOTFOUND") return { ok: false, error: `The domain ${domain} does not exist in DNS.` };
    if (code === "ENODATA")
      return { ok: false, error: `${domain} has no TXT records yet. Add the record below; DNS changes can take a while to appear.` };
    return { ok: false, error: `DNS did not answer for ${domain} (${code || "error"}). Try again in a few minutes.` };
  }
  // A TXT record may be split into several strings; they are one value joined.
  const values = records.map((parts) => parts.join("").trim());
  if (values.includes(txtValue(token))) return { ok: true };
  const ours = values.filter((v) => v.startsWith(`${DOMAIN_VERIFICATION_PREFIX}=`));
  if (ours.length)
    return {
      ok: false,
      error: `${domain} has a ${DOMAIN_VERIFICATION_PREFIX} TXT record, but with another value. Publish exactly the value below.`,
    };
  return {
    ok: false,
    error: `No TXT record "${txtValue(token)}" was found on ${domain} (${values.length} other TXT record${values.length === 1 ? "" : "s"}).`,
  };
}

async function fetchText(checks: DomainChecks, url: string): Promise<{ ok: true; text: string } | { ok: false; error: string }> {
  try {
    const res = await checks.fetch(url, { maxBytes: 512 * 1024, timeoutMs: 10_000, maxRedirects: 3 });
    if (res.status >= 400) return { ok: false, error: `${url} answered HTTP ${res.status}.` };
    return { ok: true, text: res.text() };
  } catch (err) {
    if (err instanceof SafeFetchError) {
      const why: Record<string, string> = {
        blocked_address: "it points to a private or local address, which is never fetched",
        timeout: "it did not answer within 10 seconds",
        too_large: "the answer was too large",
        too_many_redirects: "it redirected too many times",
        network: "it could not be reached",
      };
      return { ok: false, error: `Could not fetch ${url}: ${why[err.reason] ?? err.message}.` };
    }
    throw err;
  }
}

const META = /<meta\b[^>]*>/gi;
const attr = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`, "i").exec(tag)?.[1];

async function checkHttpFile(checks: DomainChecks, domain: string, token: string): Promise<CheckResult> {
  const url = checks.urlFor(domain, DOMAIN_VERIFICATION_FILE_PATH);
  const got = await fetchText(checks, url);
  if (!got.ok) return got;
  if (got.text.includes(token)) return { ok: true };
  return { ok: false, error: `${url} does not contain the verification token.` };
}

async function checkMetaTag(checks: DomainChecks, domain: string, token: string): Promise<CheckResult> {
  const url = checks.urlFor(domain, "/");
  const got = await fetchText(checks, url);
  if (!got.ok) return got;
  const tags = (got.text.match(META) ?? []).filter((tag) => attr(tag, "name")?.toLowerCase() === DOMAIN_VERIFICATION_PREFIX);
  if (tags.some((tag) => attr(tag, "content")?.trim() === token)) return { ok: true };
  if (tags.length)
    return { ok: false, error: `The home page ${url} has a ${DOMAIN_VERIFICATION_PREFIX} meta tag, but with another value.` };
  return { ok: false, error: `The home page ${url} has no <meta name="${DOMAIN_VERIFICATION_PREFIX}"> tag.` };
}

export function runCheck(checks: DomainChecks, method: DomainVerificationMethod, domain: string, token: string): Promise<CheckResult> {
  if (method === "dns") return checkDns(checks, domain, token);
  if (method === "http_file") return checkHttpFile(checks, domain, token);
  return checkMetaTag(checks, domain, token);
}
