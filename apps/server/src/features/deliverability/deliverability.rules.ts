/**
 * The checks themselves: SPF, DKIM, DMARC and MX of one sending domain, and its DNS blocklist
 * lookups, each asked of DNS and answered pass / warn / fail with the record to publish, or
 * unknown with the reason when DNS gave no answer. Doubt is never a pass.
 */
import type { CheckStatus } from "@prospector/contracts";
import { type DeliverabilityDns, lookup } from "./deliverability.dns.ts";

export interface CheckAnswer {
  kind: string;
  status: CheckStatus;
  summary: string;
  found: string | null;
  fix: { name: string; type: string; value: string } | null;
}

/** Selectors the common providers use (Google, Microsoft 365, Mailchimp, Amazon SES, cPanel…). */
export const COMMON_DKIM_SELECTORS = ["default", "google", "selector1", "selector2", "k1", "s1", "mail", "dkim"];
/** RFC 7208 §4.6.4: at most 10 DNS-querying terms per evaluation. */
export const SPF_LOOKUP_LIMIT = 10;

const joinTxt = (records: string[][]) => records.map((parts) => parts.join(""));

/** The include a known mail provider documents; otherwise authorize the SMTP host itself. */
export function spfMechanismFor(smtpHost: string | null): string {
  const h = (smtpHost ?? "").toLowerCase();
  const known: [RegExp, string][] = [
    [/(^|\.)(gmail|googlemail|google)\.com$/, "include:_spf.google.com"],
    [/(office365|outlook)\.com$/, "include:spf.protection.outlook.com"],
    [/zoho\.(com|eu|in)$/, "include:zohomail.com"],
    [/sendgrid\.net$/, "include:sendgrid.net"],
    [/mailgun\.org$/, "include:mailgun.org"],
    [/amazonaws\.com$/, "include:amazonses.com"],
    [/messagingengine\.com$|fastmail\.com$/, "include:spf.messagingengine.com"],
    [/(mailjet)\.com$/, "include:spf.mailjet.com"],
  ];
  for (const [re, mech] of known) if (re.test(h)) return mech;
  if (!h) return "mx";
  return /^\d+\.\d+\.\d+\.\d+$/.test(h) ? `ip4:${h}` : `a:${h}`;
}

/** Counts the DNS-querying terms of an SPF record, following include and redirect. */
async function spfLookups(
  dns: DeliverabilityDns,
  record: string,
  depth: number,
  seen: Set<string>,
): Promise<{ count: number; problems: string[] }> {
  let count = 0;
  const problems: string[] = [];
  for (const term of record.split(/\s+/).slice(1)) {
    const t = term.replace(/^[+\-~?]/, "").toLowerCase();
    const target = /^include:(.+)$/.exec(t)?.[1] ?? /^redirect=(.+)$/.exec(t)?.[1];
    if (/^(a|mx|ptr)(:|\/|$)/.test(t) || t.startsWith("exists:")) count++;
    if (!target) continue;
    count++;
    if (depth >= SPF_LOOKUP_LIMIT || seen.has(target) || count > SPF_LOOKUP_LIMIT) continue;
    seen.add(target);
    const got = await lookup(() => dns.resolveTxt(target));
    if (got.kind !== "ok") {
      problems.push(`${target} could not be read (${got.kind === "error" ? got.reason : "it has no SPF record"})`);
      continue;
    }
    const inner = joinTxt(got.records).find((v) => /^v=spf1(\s|$)/i.test(v.trim()));
    if (!inner) {
      problems.push(`${target} has no SPF record`);
      continue;
    }
    const sub = await spfLookups(dns, inner.trim(), depth + 1, seen);
    count += sub.count;
    problems.push(...sub.problems);
  }
  return { count, problems };
}

export async function checkSpf(dns: DeliverabilityDns, domain: string, smtpHost: string | null): Promise<CheckAnswer> {
  const kind = "spf";
  const suggested = `v=spf1 ${spfMechanismFor(smtpHost)} ~all`;
  const fix = { name: domain, type: "TXT", value: suggested };
  const got = await lookup(() => dns.resolveTxt(domain));
  if (got.kind === "error") return { kind, status: "unknown", summary: `Could not read SPF: ${got.reason}.`, found: null, fix: null };
  if (got.kind === "none" && got.nxdomain)
    return {
      kind,
      status: "fail",
      summary: `${domain} does not exist in DNS, so receivers reject or junk its mail.`,
      found: null,
      fix: null,
    };
  const values = got.kind === "ok" ? joinTxt(got.records) : [];
  const spf = values.filter((v) => /^v=spf1(\s|$)/i.test(v.trim()));
  if (!spf.length)
    return {
      kind,
      status: "fail",
      summary: `No SPF record: receivers cannot tell which servers may send for ${domain}.`,
      found: null,
      fix,
    };
  if (spf.length > 1)
    return {
      kind,
      status: "fail",
      summary: `${spf.length} SPF records: SPF allows exactly one, so every check ends in an error (RFC 7208 permerror). Merge them into one.`,
      found: spf.join("\n"),
      fix: { name: domain, type: "TXT", value: mergeSpf(spf) },
    };
  const record = spf[0]!.trim();
  const all = /(^|\s)([+\-~?]?)all(\s|$)/i.exec(record);
  const { count, problems } = await spfLookups(dns, record, 0, new Set([domain]));
  if (all && (all[2] === "+" || all[2] === ""))
    return {
      kind,
      status: "fail",
      summary: `"${all[2]}all" lets any server on the internet send as ${domain}; end the record with ~all or -all.`,
      found: record,
      fix: { name: domain, type: "TXT", value: record.replace(/(^|\s)\+?all(\s|$)/i, "$1~all$2") },
    };
  if (count > SPF_LOOKUP_LIMIT)
    return {
      kind,
      status: "warn",
      summary: `The record needs ${count} DNS lookups; SPF allows ${SPF_LOOKUP_LIMIT}, beyond that receivers may give up (permerror). Remove includes you no longer use or flatten them.`,
      found: record,
      fix: null,
    };
  if (problems.length)
    return { kind, status: "warn", summary: `The record is there, but ${problems.join("; ")}.`, found: record, fix: null };
  if (!all && !/redirect=/i.test(record))
    return {
      kind,
      status: "warn",
      summary: "The record has no final all term, so mail from other servers is neither passed nor failed.",
      found: record,
      fix: { name: domain, type: "TXT", value: `${record} ~all` },
    };
  if (all?.[2] === "?")
    return {
      kind,
      status: "warn",
      summary: '"?all" is neutral: it says nothing about other servers. Use ~all or -all.',
      found: record,
      fix: { name: domain, type: "TXT", value: record.replace(/\?all/i, "~all") },
    };
  return {
    kind,
    status: "pass",
    summary: `One SPF record, ${count} DNS lookup${count === 1 ? "" : "s"} of ${SPF_LOOKUP_LIMIT}.`,
    found: record,
    fix: null,
  };
}

/** Two SPF records merged into one: every mechanism once, the strictest all last. */
function mergeSpf(records: string[]): string {
  const terms: string[] = [];
  let all = "~all";
  for (const r of records) {
    for (const term of r.trim().split(/\s+/).slice(1)) {
      if (/^[+\-~?]?all$/i.test(term)) {
        if (term.startsWith("-")) all = "-all";
        continue;
      }
      if (!terms.includes(term)) terms.push(term);
    }
  }
  return ["v=spf1", ...terms, all].join(" ");
}

function dmarcTags(record: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of record.split(";")) {
    const [k, ...v] = part.split("=");
    if (k && v.length) tags.set(k.trim().toLowerCase(), v.join("=").trim());
  }
  return tags;
}

export async function checkDmarc(dns: DeliverabilityDns, domain: string): Promise<CheckAnswer> {
  const kind = "dmarc";
  const name = `_dmarc.${domain}`;
  const recommended = `v=DMARC1; p=quarantine; rua=mailto:dmarc-reports@${domain}; adkim=r; aspf=r; pct=100`;
  const fix = { name, type: "TXT", value: recommended };
  const got = await lookup(() => dns.resolveTxt(name));
  if (got.kind === "error") return { kind, status: "unknown", summary: `Could not read DMARC: ${got.reason}.`, found: null, fix: null };
  const values = got.kind === "ok" ? joinTxt(got.records) : [];
  const dmarc = values.filter((v) => /^v=DMARC1\s*(;|$)/i.test(v.trim()));
  if (!dmarc.length)
    return {
      kind,
      status: "fail",
      summary: `No DMARC record at ${name}: Gmail and Yahoo require one from bulk senders, and receivers cannot tell what to do with mail that fails SPF and DKIM.`,
      found: values.length ? values.join("\n") : null,
      fix,
    };
  if (dmarc.length > 1)
    return {
      kind,
      status: "fail",
      summary: `${dmarc.length} DMARC records: receivers ignore DMARC when there is more than one. Keep one.`,
      found: dmarc.join("\n"),
      fix,
    };
  const record = dmarc[0]!.trim();
  const tags = dmarcTags(record);
  const p = tags.get("p")?.toLowerCase();
  if (!p || !["none", "quarantine", "reject"].includes(p))
    return {
      kind,
      status: "fail",
      summary: "The DMARC record has no valid policy (p=none, quarantine or reject), so receivers ignore it.",
      found: record,
      fix,
    };
  if (p === "none")
    return {
      kind,
      status: "warn",
      summary:
        "p=none only monitors: mail that fails authentication is still delivered, and anyone can spoof the domain. Once the reports (rua) show your own mail passing, move to p=quarantine.",
      found: record,
      fix: { name, type: "TXT", value: record.replace(/p\s*=\s*none/i, "p=quarantine") },
    };
  const pct = Number(tags.get("pct") ?? "100");
  if (Number.isFinite(pct) && pct < 100)
    return { kind, status: "warn", summary: `p=${p} applies to only ${pct}% of failing mail.`, found: record, fix: null };
  return {
    kind,
    status: "pass",
    summary: `DMARC p=${p}${tags.has("rua") ? ", with aggregate reports" : ", without aggregate reports (add rua= to see who sends as you)"}.`,
    found: record,
    fix: null,
  };
}

export async function checkDkim(dns: DeliverabilityDns, domain: string, savedSelector: string | null): Promise<CheckAnswer> {
  const kind = "dkim";
  const selectors = [...new Set([...(savedSelector ? [savedSelector] : []), ...COMMON_DKIM_SELECTORS])];
  const answers = await Promise.all(
    selectors.map(async (s) => ({ s, got: await lookup(() => dns.resolveTxt(`${s}._domainkey.${domain}`)) })),
  );
  const keys: string[] = [];
  const revoked: string[] = [];
  const errors: string[] = [];
  for (const { s, got } of answers) {
    if (got.kind === "error") errors.push(`${s} (${got.reason})`);
    if (got.kind !== "ok") continue;
    const value = joinTxt(got.records).find((v) => /(^|;)\s*p\s*=/i.test(v) || /^v=DKIM1/i.test(v.trim()));
    if (!value) continue;
    const p = /(^|;)\s*p\s*=\s*([^;]*)/i.exec(value)?.[2]?.replace(/\s+/g, "") ?? "";
    if (p) keys.push(`${s}: ${value.length > 120 ? `${value.slice(0, 117)}…` : value}`);
    else revoked.push(s);
  }
  const name = `${savedSelector ?? "<selector>"}._domainkey.${domain}`;
  const fix = { name, type: "TXT", value: "v=DKIM1; k=rsa; p=<the public key your email provider gives you>" };
  if (keys.length)
    return {
      kind,
      status: "pass",
      summary: `DKIM key found at selector ${keys.map((k) => k.split(":")[0]).join(", ")}.`,
      found: keys.join("\n"),
      fix: null,
    };
  if (errors.length === selectors.length)
    return { kind, status: "unknown", summary: `Could not read DKIM: ${errors[0]!.replace(/^[^(]*\(|\)$/g, "")}.`, found: null, fix: null };
  if (revoked.length)
    return {
      kind,
      status: "fail",
      summary: `The DKIM key at selector ${revoked.join(", ")} is empty (revoked): signatures with it fail.`,
      found: null,
      fix,
    };
  if (errors.length)
    return {
      kind,
      status: "unknown",
      summary: `No DKIM key at ${selectors.length - errors.length} selectors; ${errors.length} could not be read: ${errors.join(", ")}.`,
      found: null,
      fix: null,
    };
  return {
    kind,
    status: "fail",
    summary: `No DKIM key at the selectors tried (${selectors.join(", ")}). Turn on DKIM signing at your email provider and publish its key; if it uses another selector, save it here.`,
    found: null,
    fix,
  };
}

export async function checkMx(dns: DeliverabilityDns, domain: string, mailHost: string | null): Promise<CheckAnswer> {
  const kind = "mx";
  const fix = { name: domain, type: "MX", value: `10 ${mailHost && !/^\d+\.\d+\.\d+\.\d+$/.test(mailHost) ? mailHost : `mail.${domain}`}` };
  const got = await lookup(() => dns.resolveMx(domain));
  if (got.kind === "error") return { kind, status: "unknown", summary: `Could not read MX: ${got.reason}.`, found: null, fix: null };
  if (got.kind === "none")
    return {
      kind,
      status: "fail",
      summary: got.nxdomain
        ? `${domain} does not exist in DNS.`
        : `No MX record: replies and bounces to ${domain} cannot be delivered, and many receivers distrust a sender that cannot receive.`,
      found: null,
      fix: got.nxdomain ? null : fix,
    };
  const mx = [...got.records].sort((a, b) => a.priority - b.priority);
  const found = mx.map((m) => `${m.priority} ${m.exchange || "."}`).join("\n");
  if (mx.length === 1 && (mx[0]!.exchange === "" || mx[0]!.exchange === "."))
    return {
      kind,
      status: "fail",
      summary: 'A null MX ("0 ."): the domain says it receives no mail, so replies and bounces are lost.',
      found,
      fix,
    };
  return {
    kind,
    status: "pass",
    summary: `${mx.length} mail server${mx.length === 1 ? "" : "s"}: ${mx.map((m) => m.exchange).join(", ")}.`,
    found,
    fix: null,
  };
}

const reverseIp = (ip: string) => ip.split(".").reverse().join(".");
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** The A records of the SMTP hosts (a literal IPv4 address as itself). */
export async function sendingAddresses(
  dns: DeliverabilityDns,
  hosts: string[],
): Promise<{ host: string; ips: string[]; error: string | null }[]> {
  return Promise.all(
    hosts.map(async (host) => {
      if (IPV4.test(host)) return { host, ips: [host], error: null };
      const got = await lookup(() => dns.resolve4(host));
      if (got.kind === "ok") return { host, ips: got.records, error: null };
      return { host, ips: [], error: got.kind === "error" ? got.reason : "it has no IPv4 address" };
    }),
  );
}

/** One answer per zone: listed, clean, or unknown (zone down, refused, host unresolved). */
export async function checkBlocklists(
  dns: DeliverabilityDns,
  domain: string,
  hosts: { host: string; ips: string[]; error: string | null }[],
  ipZones: string[],
  domainZones: string[],
): Promise<CheckAnswer[]> {
  const ips = [...new Set(hosts.flatMap((h) => h.ips))];
  const unresolved = hosts.filter((h) => h.error);
  const out: CheckAnswer[] = [];
  const ask = async (subject: string, name: string) => ({ subject, got: await lookup(() => dns.resolve4(name)) });
  for (const zone of ipZones) {
    const kind = `blocklist:${zone}`;
    if (!ips.length) {
      out.push({
        kind,
        status: "unknown",
        summary: unresolved.length
          ? `The sending host could not be resolved (${unresolved.map((h) => `${h.host}: ${h.error}`).join("; ")}), so there was no address to look up.`
          : "No SMTP host sends from this domain, so there is no address to look up.",
        found: null,
        fix: null,
      });
      continue;
    }
    out.push(verdictOf(kind, zone, await Promise.all(ips.map((ip) => ask(ip, `${reverseIp(ip)}.${zone}`)))));
  }
  for (const zone of domainZones) out.push(verdictOf(`blocklist:${zone}`, zone, [await ask(domain, `${domain}.${zone}`)]));
  return out;
}

function verdictOf(
  kind: string,
  zone: string,
  answers: { subject: string; got: Awaited<ReturnType<typeof lookup<string[]>>> }[],
): CheckAnswer {
  const listed = answers.filter(
    (a) => a.got.kind === "ok" && a.got.records.some((r) => /^127\.\d+\.\d+\.\d+$/.test(r) && !r.startsWith("127.255.255.")),
  );
  const refused = answers.filter((a) => a.got.kind === "ok" && !listed.includes(a));
  const failed = answers.filter((a) => a.got.kind === "error");
  if (listed.length) {
    const codes = listed.map((a) => `${a.subject} → ${(a.got as { records: string[] }).records.join(", ")}`).join("; ");
    return {
      kind,
      status: "fail",
      summary: `Listed on ${zone}: ${listed.map((a) => a.subject).join(", ")}. Receivers that use this list reject or junk this mail; find the cause (a compromised account, a bad list), then ask ${zone} for delisting.`,
      found: codes,
      fix: null,
    };
  }
  if (failed.length || refused.length) {
    const why = failed.length
      ? (failed[0]!.got as { reason: string }).reason
      : `the zone answered ${(refused[0]!.got as { records: string[] }).records.join(", ")}, which is not a listing (it refuses queries from this resolver, e.g. a public DNS service)`;
    return { kind, status: "unknown", summary: `Could not ask ${zone}: ${why}.`, found: null, fix: null };
  }
  return { kind, status: "pass", summary: `Not listed on ${zone} (${answers.map((a) => a.subject).join(", ")}).`, found: null, fix: null };
}
