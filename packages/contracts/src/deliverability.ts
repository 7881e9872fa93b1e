/**
 * Deliverability checks (issue 15, docs/deliverability.md). One check is one question asked of one
 * sending domain (SPF, DKIM, DMARC, MX, a DNS blocklist zone) and its answer: pass, warn, fail, or
 * unknown with the reason (DNS timed out, answered garbage, the zone is down); never "pass" on doubt.
 */
import { z } from "zod";

export const CheckStatus = z.enum(["pass", "warn", "fail", "unknown"]);
export type CheckStatus = z.infer<typeof CheckStatus>;

/** spf, dkim, dmarc, mx, or `blocklist:<zone>` for one DNS blocklist zone. */
export const CheckKind = z.string().regex(/^(spf|dkim|dmarc|mx|blocklist:[a-z0-9.-]+)$/);
export type CheckKind = z.infer<typeof CheckKind>;

export const DomainCheck = z.object({
  domain: z.string(),
  kind: CheckKind,
  status: CheckStatus,
  /** One sentence: what was found, or why it could not be told. */
  summary: z.string(),
  /** The record as published (joined TXT strings, MX hosts), when there is one. */
  found: z.string().nullable(),
  /** What to publish when the check is not "pass": the record name, type and value. */
  fix: z.object({ name: z.string(), type: z.string(), value: z.string() }).nullable(),
  checked_at: z.string(),
});
export type DomainCheck = z.infer<typeof DomainCheck>;
