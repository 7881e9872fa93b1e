/**
 * Reads a message's raw headers and says what each authentication result means in plain words:
 * Authentication-Results and ARC-Authentication-Results (RFC 8601, RFC 8617), Received-SPF
 * (RFC 7208 §9.1), DKIM-Signature tags, ARC-Seal, and whether SPF and DKIM align with the From
 * domain as DMARC requires.
 */
import type { AuthResult, CheckStatus, HeaderAnalysis } from "@prospector/contracts";

export interface Header {
  name: string;
  value: string;
}

/** Unfolds continuation lines; stops at the blank line before the body. Null when nothing looks like a header. */
export function parseHeaders(raw: string): Header[] | null {
  const out: Header[] = [];
  for (const line of raw.replace(/\r\n?/g, "\n").split("\n")) {
    if (line.trim() === "") {
      if (out.length) break;
      continue;
    }
    if (/^[ \t]/.test(line) && out.length) {
      out[out.length - 1]!.value += ` ${line.trim()}`;
      continue;
    }
    const m = /^([!-9;-~]+):[ \t]?(.*)$/.exec(line);
    if (m) out.push({ name: m[1]!, value: m[2]!.trim() });
  }
  return out.length ? out : null;
}

/** Splits on `sep` outside parentheses and double quotes. */
function splitTop(value: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let cur = "";
  for (const ch of value) {
    if (ch === '"' && depth === 0) quoted = !quoted;
    else if (!quoted && ch === "(") depth++;
    else if (!quoted && ch === ")") depth = Math.max(0, depth - 1);
    if (ch === sep && depth === 0 && !quoted) {
      parts.push(cur);
      cur = "";
    } else cur += ch;
  }
  parts.push(cur);
  return parts.map((p) => p.trim()).filter(Boolean);
}

const stripComments = (s: string) =>
  s
    .replace(/\([^()]*\)/g, " ")
    .replace(/\s+/g, " ")
    .trim();
const comment = (s: string) => /\(([^()]*)\)/.exec(s)?.[1]?.trim();

const domainOf = (address: string | undefined | null): string | null => {
  if (!address) return null;
  const a = /<([^>]*)>/.exec(address)?.[1] ?? address;
  const at = a.lastIndexOf("@");
  const d = (at >= 0 ? a.slice(at + 1) : a)
    .trim()
    .replace(/[>"\s]/g, "")
    .toLowerCase();
  return d || null;
};

/** Approximate organizational domain (the registrable part) for relaxed alignment. */
export function orgDomain(domain: string): string {
  const labels = domain.toLowerCase().split(".").filter(Boolean);
  const twoPart = /^(co|com|net|org|gov|ac|edu|ne|or)$/.test(labels.at(-2) ?? "") && (labels.at(-1)?.length ?? 0) === 2;
  return labels.slice(twoPart ? -3 : -2).join(".");
}

const STATUS: Record<string, CheckStatus> = {
  pass: "pass",
  fail: "fail",
  hardfail: "fail",
  permerror: "fail",
  softfail: "warn",
  neutral: "warn",
  policy: "warn",
  none: "warn",
  temperror: "unknown",
};

function meaning(method: string, result: string, p: Record<string, string>, fromDomain: string | null): string {
  const m = method.toLowerCase();
  const r = result.toLowerCase();
  const spfDomain = domainOf(p["smtp.mailfrom"] ?? p["envelope-from"] ?? p["smtp.helo"] ?? p.helo) ?? "the envelope sender's domain";
  const d = p["header.d"] ?? domainOf(p["header.i"]) ?? "the signing domain";
  const from = p["header.from"] ?? fromDomain ?? "the From domain";
  if (m === "spf") {
    const text: Record<string, string> = {
      pass: `The server that handed the message over is allowed by the SPF record of ${spfDomain}.`,
      fail: `The SPF record of ${spfDomain} says this server may not send for it (-all): receivers may reject the message.`,
      softfail: `The SPF record of ${spfDomain} does not list this server but asks for leniency (~all): the message often lands in spam. Add your provider to the SPF record.`,
      neutral: `The SPF record of ${spfDomain} takes no position on this server (?all): it counts for nothing.`,
      none: `${spfDomain} publishes no SPF record, so the receiver cannot tell whether this server may send for it.`,
      temperror: "A temporary DNS error stopped the SPF check; the receiver may try again or treat it as unknown.",
      permerror: `The SPF record of ${spfDomain} is broken (two records, more than 10 lookups or bad syntax): it counts as a failure for DMARC.`,
    };
    return text[r] ?? `SPF answered "${result}".`;
  }
  if (m === "dkim") {
    const text: Record<string, string> = {
      pass: `A valid signature of ${d}: the message was not changed after signing, and ${d} vouches for it.`,
      fail: `A signature of ${d} did not verify: the message changed in transit (a footer added by a gateway?), or the key in DNS does not match the one that signed.`,
      neutral: `The signature of ${d} could not be judged (a syntax problem in the signature).`,
      none: "The message is not signed with DKIM: turn on DKIM signing at your email provider.",
      policy: `The signature of ${d} is valid but the receiver does not accept it (a weak key or algorithm).`,
      temperror: `The key of ${d} could not be fetched from DNS just then (temporary).`,
      permerror: `The signature or the key of ${d} is unusable (missing key, bad format): it counts as a failure.`,
    };
    return text[r] ?? `DKIM answered "${result}".`;
  }
  if (m === "dmarc") {
    const text: Record<string, string> = {
      pass: `SPF or DKIM passed for a domain aligned with the From domain ${from}: by ${from}'s own policy the message is authentic.`,
      fail: `Neither SPF nor DKIM passed for a domain aligned with ${from}; the receiver applied ${from}'s policy${p.p ? ` (p=${p.p})` : ""} — quarantine means spam, reject means bounced.`,
      none: `${from} publishes no DMARC record, so the receiver has no policy to apply; Gmail and Yahoo require one from bulk senders.`,
      bestguesspass: `${from} has no DMARC record, but the message would pass one.`,
      temperror: "The DMARC record could not be fetched just then (temporary).",
      permerror: `The DMARC record of ${from} is unusable.`,
    };
    return text[r] ?? `DMARC answered "${result}".`;
  }
  if (m === "arc") {
    const text: Record<string, string> = {
      pass: "The ARC chain verified: the forwarders on the way (mailing lists, gateways) kept the original authentication results, which the receiver may trust.",
      fail: "The ARC chain is broken: a forwarder's seal did not verify, so the original results cannot be trusted.",
      none: "No ARC chain: normal for mail that was not forwarded.",
    };
    return text[r] ?? `ARC answered "${result}".`;
  }
  if (m === "iprev")
    return r === "pass"
      ? "The sending server's address has a matching reverse DNS name."
      : "The sending server's address has no matching reverse DNS name: many receivers distrust that.";
  if (m === "compauth") return `Microsoft's composite authentication: ${result}${p.reason ? ` (reason ${p.reason})` : ""}.`;
  return `${method}=${result}.`;
}

function parseResultList(source: string, value: string, fromDomain: string | null): AuthResult[] {
  let parts = splitTop(value, ";");
  if (source.startsWith("ARC") && /^i=\d+$/.test(parts[0] ?? "")) parts = parts.slice(1);
  const by = parts.length ? stripComments(parts[0]!).split(" ")[0] || null : null;
  const out: AuthResult[] = [];
  for (const part of parts.slice(1)) {
    // One resinfo: method=result [reason=...] ptype.prop=value ...
    const clean = stripComments(part);
    const m = /^([a-z0-9-]+)(?:\/\d+)?\s*=\s*([a-z]+)\b(.*)$/i.exec(clean);
    if (!m) continue;
    const properties: Record<string, string> = {};
    for (const kv of m[3]!.matchAll(/([a-z0-9.-]+)\s*=\s*("[^"]*"|[^\s;]+)/gi))
      properties[kv[1]!.toLowerCase()] = kv[2]!.replace(/^"|"$/g, "");
    const note = comment(part);
    if (note) properties.comment = note;
    const method = m[1]!.toLowerCase();
    const result = m[2]!.toLowerCase();
    const status = method === "arc" && result === "none" ? "pass" : (STATUS[result] ?? (result === "bestguesspass" ? "warn" : "unknown"));
    out.push({ source, by, method, result, status, properties, meaning: meaning(method, result, properties, fromDomain) });
  }
  return out;
}

function tagList(value: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const part of value.split(";")) {
    const i = part.indexOf("=");
    if (i > 0)
      tags[part.slice(0, i).trim().toLowerCase()] = part
        .slice(i + 1)
        .replace(/\s+/g, "")
        .trim();
  }
  return tags;
}

export function analyzeHeaders(headers: Header[], extraNotes: string[] = []): HeaderAnalysis {
  const get = (name: string) => headers.filter((h) => h.name.toLowerCase() === name.toLowerCase()).map((h) => h.value);
  const fromDomain = domainOf(get("From")[0]);
  const results: AuthResult[] = [];
  for (const v of get("Authentication-Results")) results.push(...parseResultList("Authentication-Results", v, fromDomain));
  for (const v of get("ARC-Authentication-Results")) results.push(...parseResultList("ARC-Authentication-Results", v, fromDomain));
  for (const v of get("Received-SPF")) {
    const result = (/^\s*([a-z]+)/i.exec(v)?.[1] ?? "").toLowerCase();
    const properties: Record<string, string> = {};
    for (const kv of stripComments(v).matchAll(/([a-z-]+)=("[^"]*"|[^\s;]+)/gi))
      properties[kv[1]!.toLowerCase()] = kv[2]!.replace(/^"|"$/g, "");
    const note = comment(v);
    if (note) properties.comment = note;
    results.push({
      source: "Received-SPF",
      by: null,
      method: "spf",
      result,
      status: STATUS[result] ?? "unknown",
      properties,
      meaning: meaning("spf", result, properties, fromDomain),
    });
  }
  const signatures = get("DKIM-Signature").map(tagList);
  for (const sig of signatures) {
    results.push({
      source: "DKIM-Signature",
      by: null,
      method: "dkim-signature",
      result: "signed",
      status: "unknown",
      properties: { d: sig.d ?? "", s: sig.s ?? "", a: sig.a ?? "", h: sig.h ?? "" },
      meaning: `Signed by ${sig.d ?? "an unnamed domain"} with selector ${sig.s ?? "?"} (key at ${sig.s ?? "?"}._domainkey.${sig.d ?? "?"}). Whether it verified is in the dkim= result the receiver added.`,
    });
  }
  for (const v of get("ARC-Seal")) {
    const cv = tagList(v).cv?.toLowerCase() ?? "none";
    results.push({
      source: "ARC-Seal",
      by: null,
      method: "arc",
      result: cv,
      status: cv === "none" ? "pass" : (STATUS[cv] ?? "unknown"),
      properties: tagList(v),
      meaning: meaning("arc", cv, {}, fromDomain),
    });
  }

  // The first (topmost) Authentication-Results is the receiver's own; later ones may be forged upstream.
  const receiver = results.filter((r) => r.source === "Authentication-Results");
  const spf = receiver.find((r) => r.method === "spf") ?? results.find((r) => r.source === "Received-SPF");
  const spfDomain = spf
    ? domainOf(spf.properties["smtp.mailfrom"] ?? spf.properties["envelope-from"] ?? spf.properties["smtp.helo"])
    : null;
  const dkimPass = receiver.filter((r) => r.method === "dkim" && r.result === "pass");
  const dkimDomains = [
    ...new Set(
      (dkimPass.length
        ? dkimPass.map((r) => r.properties["header.d"] ?? domainOf(r.properties["header.i"]))
        : signatures.map((s) => s.d)
      ).filter((d): d is string => Boolean(d)),
    ),
  ].map((d) => d.toLowerCase());
  const org = fromDomain ? orgDomain(fromDomain) : null;
  const spfAligned = org && spfDomain && spf ? spf.result === "pass" && orgDomain(spfDomain) === org : null;
  const dkimAligned =
    org && (dkimPass.length || signatures.length)
      ? dkimPass.some((r) => orgDomain(r.properties["header.d"] ?? domainOf(r.properties["header.i"]) ?? "") === org)
      : null;
  const alignMeaning = !fromDomain
    ? "No From address was found, so alignment cannot be told."
    : spfAligned || dkimAligned
      ? `Aligned: ${[spfAligned ? `SPF passed for ${spfDomain}` : null, dkimAligned ? `DKIM passed for ${dkimDomains.join(", ")}` : null].filter(Boolean).join(" and ")}, the same organization as the From domain ${fromDomain}. DMARC needs one of the two.`
      : spf || dkimPass.length
        ? `Not aligned: ${spf ? `SPF is about ${spfDomain ?? "another domain"}${spf.result === "pass" ? "" : ` and ended in ${spf.result}`}` : "no SPF result"}${dkimDomains.length ? `, DKIM is signed by ${dkimDomains.join(", ")}` : ", no DKIM signature passed"}, while the reader sees ${fromDomain}. DMARC fails unless one of them passes for ${fromDomain}: sign with DKIM as ${fromDomain} (d=${fromDomain}) at your provider.`
        : "No SPF or DKIM result to compare with the From domain.";

  const dmarc = receiver.find((r) => r.method === "dmarc");
  const notes = [...extraNotes];
  let verdict: HeaderAnalysis["verdict"];
  if (dmarc) verdict = { status: dmarc.status, summary: dmarc.meaning };
  else if (!receiver.length && !results.some((r) => r.source === "Received-SPF"))
    verdict = {
      status: "unknown",
      summary: "No receiver's authentication results in these headers: paste the headers of a message as your mailbox received it.",
    };
  else if (spfAligned || dkimAligned)
    verdict = { status: "pass", summary: "SPF or DKIM passed in line with the From domain, so DMARC would pass." };
  else verdict = { status: "fail", summary: "Neither SPF nor DKIM passed in line with the From domain: DMARC would fail." };
  if (receiver.length > 1 && new Set(receiver.map((r) => r.by)).size > 1)
    notes.push("Several servers added Authentication-Results; trust the topmost, which your own mailbox provider wrote.");
  if (get("List-Unsubscribe").length && get("List-Unsubscribe-Post").some((v) => /List-Unsubscribe=One-Click/i.test(v)))
    notes.push(
      "List-Unsubscribe with List-Unsubscribe-Post: one-click unsubscribe (RFC 8058) is offered, as Gmail and Yahoo require of bulk senders.",
    );
  else if (get("From").length)
    notes.push("No one-click List-Unsubscribe (RFC 8058) header pair: Gmail and Yahoo require it of bulk senders.");
  return {
    headers,
    from_domain: fromDomain,
    results,
    alignment: {
      spf_domain: spfDomain,
      dkim_domains: dkimDomains,
      spf_aligned: spfAligned,
      dkim_aligned: dkimAligned,
      meaning: alignMeaning,
    },
    verdict,
    notes,
  };
}
