/**
 * Email checks: syntax, role and disposable addresses, and whether the domain takes mail (MX, or
 * an A record as the implicit mail host). Together they give email_status: valid, risky, invalid
 * or unknown (DNS could not answer). The DNS resolver is configurable (DNS_SERVERS).
 */
import type { EmailStatus } from "@prospector/contracts";
import { disposableEmailBlocklistSet } from "disposable-email-domains-js";
import { createResolver } from "../../platform/safe-fetch.ts";
import { FREE_MAIL } from "../leads/index.ts";

/**
 * Throwaway-mailbox domains (the community disposable-email-domains list, ~9,000 entries, through
 * disposable-email-domains-js), built once: the package's own isDisposableEmailDomain rebuilds its
 * Set on every call.
 */
const DISPOSABLE: ReadonlySet<string> = disposableEmailBlocklistSet();

/** Shared inboxes: deliverable, but rarely a decision maker, and often filtered. */
const ROLE_LOCALS = new Set(
  (
    "info contact hello hi sales support help admin office team enquiries inquiries enquiry mail billing accounts accounting " +
    "marketing press media careers jobs hr recruiting noreply no-reply donotreply webmaster postmaster abuse security privacy " +
    "legal service customerservice orders bookings reception feedback newsletter"
  ).split(" "),
);

// Practical syntax: RFC 5321 lengths, dot-atom local part, domain of LDH labels with a letter TLD.
const LOCAL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/i;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

export function emailSyntaxOk(email: string): boolean {
  if (email.length > 254) return false;
  const at = email.lastIndexOf("@");
  if (at < 1) return false;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.length > 64 || !LOCAL.test(local)) return false;
  const labels = domain.split(".");
  return labels.length >= 2 && labels.every((l) => LABEL.test(l)) && /^[a-z]{2,63}$/i.test(labels.at(-1)!);
}

export const emailDomain = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();

/** The domain or one of its parent domains is a throwaway-mailbox provider (eu.mailinator.com too). */
export function isDisposable(domain: string): boolean {
  const parts = domain.toLowerCase().split(".");
  for (let i = 0; i < parts.length - 1; i++) if (DISPOSABLE.has(parts.slice(i).join("."))) return true;
  return false;
}

export const isRoleAddress = (email: string) => ROLE_LOCALS.has(email.slice(0, email.lastIndexOf("@")).toLowerCase().replace(/[._-]/g, ""));

export type MailHost =
  | { kind: "mx"; hosts: string[] }
  | { kind: "a_only" }
  | { kind: "null_mx" }
  | { kind: "no_domain" }
  | { kind: "dns_error"; code: string };

export interface MailResolver {
  mailHost(domain: string): Promise<MailHost>;
}

export function createMailResolver(dnsServers?: string): MailResolver {
  const resolver = createResolver(dnsServers);
  return {
    async mailHost(domain) {
      try {
        const mx = await resolver.resolveMx(domain);
        // RFC 7505 "null MX": a single record with an empty exchange means "no mail here".
        if (mx.length === 1 && (mx[0]!.exchange === "" || mx[0]!.exchange === ".")) return { kind: "null_mx" };
        if (mx.length) return { kind: "mx", hosts: mx.sort((a, b) => a.priority - b.priority).map((m) => m.exchange) };
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code ?? "";
        if (code === "ENOTFOUND") return { kind: "no_domain" };
        if (code !== "ENODATA") return { kind: "dns_error", code };
      }
      try {
        // No MX: mail goes to the domain's own address (RFC 5321 §5.1).
        const a = await resolver.resolve4(domain);
        return a.length ? { kind: "a_only" } : { kind: "no_domain" };
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code ?? "";
        return code === "ENOTFOUND" || code === "ENODATA" ? { kind: "no_domain" } : { kind: "dns_error", code };
      }
    },
  };
}

export interface EmailCheck {
  status: EmailStatus;
  reasons: string[];
  role: boolean;
  disposable: boolean;
  free: boolean;
  mx: string[];
}

/** The verdict from what we know; pure, so each rule is testable without DNS. */
export function judgeEmail(email: string, host: MailHost | null): EmailCheck {
  const out: EmailCheck = { status: "unknown", reasons: [], role: false, disposable: false, free: false, mx: [] };
  if (!emailSyntaxOk(email)) return { ...out, status: "invalid", reasons: ["The address is not well formed"] };
  const domain = emailDomain(email);
  out.role = isRoleAddress(email);
  out.disposable = isDisposable(domain);
  out.free = FREE_MAIL.has(domain);
  if (host?.kind === "no_domain") return { ...out, status: "invalid", reasons: [`The domain ${domain} does not exist`] };
  if (host?.kind === "null_mx") return { ...out, status: "invalid", reasons: [`${domain} declares that it accepts no email (null MX)`] };
  if (out.disposable) out.reasons.push("Disposable (throwaway) mailbox provider");
  if (out.role) out.reasons.push("Role address shared by a team, not a person");
  if (host?.kind === "a_only") out.reasons.push(`${domain} has no MX record; mail would go to its web host`);
  if (host?.kind === "mx") out.mx = host.hosts;
  if (!host || host.kind === "dns_error") {
    out.reasons.push(host ? `DNS lookup failed (${host.code})` : "Mail server not checked");
    return { ...out, status: out.disposable ? "risky" : "unknown" };
  }
  out.status = out.disposable || out.role || host.kind === "a_only" ? "risky" : "valid";
  return out;
}
