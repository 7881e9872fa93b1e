/**
 * Which mailbox provider receives mail for an email domain: well-known consumer domains without
 * DNS, everything else from its MX records (node:dns against DNS_SERVERS). A lookup that fails,
 * times out or finds no MX is "unknown" with the reason, never a guess.
 */
import type { MailProvider, MxLookupStatus } from "@prospector/contracts";
import { createResolver } from "../../platform/safe-fetch.ts";

const known = (provider: MailProvider, domains: string) => domains.split(" ").map((d) => [d, provider] as const);

/** Consumer domains whose provider is public knowledge: no DNS needed. */
export const KNOWN_DOMAINS: ReadonlyMap<string, MailProvider> = new Map([
  ...known("gmail", "gmail.com googlemail.com"),
  ...known(
    "microsoft",
    "outlook.com hotmail.com hotmail.co.uk hotmail.fr hotmail.de hotmail.it hotmail.es live.com live.co.uk live.fr live.de msn.com outlook.de outlook.fr passport.com",
  ),
  ...known(
    "yahoo",
    "yahoo.com yahoo.co.uk yahoo.fr yahoo.de yahoo.it yahoo.es yahoo.ca yahoo.com.au yahoo.co.in yahoo.co.jp ymail.com rocketmail.com aol.com aim.com",
  ),
  ...known("icloud", "icloud.com me.com mac.com"),
  ...known("proton", "proton.me protonmail.com protonmail.ch pm.me"),
  ...known("zoho", "zoho.com zohomail.com zoho.eu zohomail.eu"),
  ...known(
    "other",
    "gmx.com gmx.de gmx.net web.de mail.com yandex.com yandex.ru mail.ru fastmail.com fastmail.fm hey.com tutanota.com tuta.io qq.com 163.com 126.com naver.com orange.fr free.fr t-online.de libero.it comcast.net verizon.net att.net",
  ),
]);

/** MX host suffixes → provider; gateways (Proofpoint, Mimecast…) hide the mailbox behind them: "other". */
const MX_SUFFIXES: [string, MailProvider][] = [
  ["google.com", "gmail"],
  ["googlemail.com", "gmail"],
  ["outlook.com", "microsoft"],
  ["hotmail.com", "microsoft"],
  ["outlook.office365.com", "microsoft"],
  ["yahoodns.net", "yahoo"],
  ["yahoo.com", "yahoo"],
  ["aol.com", "yahoo"],
  ["icloud.com", "icloud"],
  ["me.com", "icloud"],
  ["protonmail.ch", "proton"],
  ["proton.me", "proton"],
  ["zoho.com", "zoho"],
  ["zoho.eu", "zoho"],
  ["zohomail.com", "zoho"],
  ["pphosted.com", "other"],
  ["ppe-hosted.com", "other"],
  ["mimecast.com", "other"],
  ["mimecast.co.za", "other"],
  ["barracudanetworks.com", "other"],
  ["messagelabs.com", "other"],
  ["iphmx.com", "other"],
  ["secureserver.net", "other"],
  ["emailsrvr.com", "other"],
  ["mailgun.org", "other"],
  ["yandex.net", "other"],
  ["messagingengine.com", "other"],
  ["gmx.net", "other"],
  ["ovh.net", "other"],
  ["ionos.com", "other"],
  ["one.com", "other"],
];

const matches = (host: string, suffix: string) => host === suffix || host.endsWith(`.${suffix}`);

/** The provider behind these MX hosts; the most preferred host that names a provider decides. */
export function providerFromMx(hosts: string[]): MailProvider {
  for (const raw of hosts) {
    const host = raw.toLowerCase().replace(/\.$/, "");
    for (const [suffix, provider] of MX_SUFFIXES) if (matches(host, suffix)) return provider;
  }
  return "corporate";
}

export interface DomainLookup {
  provider: MailProvider;
  status: MxLookupStatus;
  mxHosts: string[];
  error: string | null;
}

export interface MxResolver {
  resolveMx(domain: string): Promise<{ exchange: string; priority: number }[]>;
}

export function createMxResolver(dnsServers?: string, opts: { timeoutMs?: number; tries?: number } = {}): MxResolver {
  const resolver = createResolver(dnsServers, opts);
  return { resolveMx: (domain) => resolver.resolveMx(domain) };
}

const unknown = (status: MxLookupStatus, error: string): DomainLookup => ({ provider: "unknown", status, mxHosts: [], error });

/** One domain: well-known without DNS, else its MX records. */
export async function lookupDomain(resolver: MxResolver, domain: string): Promise<DomainLookup> {
  const wellKnown = KNOWN_DOMAINS.get(domain);
  if (wellKnown) return { provider: wellKnown, status: "known_domain", mxHosts: [], error: null };
  let records: { exchange: string; priority: number }[];
  try {
    records = await resolver.resolveMx(domain);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? "";
    if (code === "ENOTFOUND") return unknown("no_domain", `${domain} does not exist in DNS`);
    if (code === "ENODATA") return unknown("no_mx", `${domain} has no MX record`);
    if (code === "ETIMEOUT") return unknown("error", `DNS did not answer for ${domain} in time (timeout)`);
    return unknown("error", `DNS lookup for ${domain} failed (${code || "error"})`);
  }
  // RFC 7505 null MX: the domain accepts no mail.
  const hosts = records
    .filter((r) => r.exchange !== "" && r.exchange !== ".")
    .sort((a, b) => a.priority - b.priority)
    .map((r) => r.exchange.toLowerCase());
  if (!hosts.length)
    return unknown("no_mx", records.length ? `${domain} declares that it accepts no mail (null MX)` : `${domain} has no MX record`);
  return { provider: providerFromMx(hosts), status: "mx", mxHosts: hosts, error: null };
}
