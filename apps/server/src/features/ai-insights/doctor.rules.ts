/**
 * The AI doctor's rules (docs/ai/experiments.md): pure functions from a campaign's facts to findings
 * in four areas. Each finding names its rule, its evidence with the n behind every number, the fix
 * and where in the app it is made. An area without the data its rates need says so instead.
 */
import type { CampaignSchedule, CheckStatus, DoctorAreaResult, DoctorFinding, InboxStatus, SendTimeBlock } from "@prospector/contracts";
import type { DeliveryCounts, Dimension, LeadQuality, SegmentRate } from "./doctor.repository.ts";

/** Rates need this many sends before the doctor judges them. */
export const MIN_SENDS = 50;
/** A segment's workspace reply rate counts once it has this many first touches. */
export const MIN_SEGMENT_SENDS = 30;

export const THRESHOLDS = {
  bounce: { warning: 0.02, critical: 0.05 },
  complaint: { warning: 0.001, critical: 0.003 },
  unsubscribe: { warning: 0.01, critical: 0.02 },
} as const;

export interface CopyFacts {
  step: number;
  label: string;
  score: number;
  verdict: string;
  advice: { rule: string; severity: "high" | "medium" | "low"; title: string; fix: string; excerpts: string[]; points: number }[];
  words: number;
  links: number;
  placeholders: string[];
}

export interface DoctorFacts {
  campaignId: string;
  delivery: DeliveryCounts;
  /** Each sending domain's latest checks (empty when never checked). */
  domains: { domain: string; checks: { kind: string; status: CheckStatus; summary: string }[] }[];
  inboxes: { email: string; status: InboxStatus; reason: string | null; dailyLimit: number; effectiveLimit: number }[];
  copy: CopyFacts[];
  quality: LeadQuality;
  segments: { dimension: Dimension; workspace: SegmentRate[]; mix: Map<string, number> }[];
  schedule: CampaignSchedule;
  steps: number;
  best: SendTimeBlock | null;
  bestNote: string | null;
}

const pct = (x: number, n: number) => `${n ? Math.round((x / n) * 1000) / 10 : 0}%`;
const count = (x: number) => x.toLocaleString("en-US");
const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const dayList = (d: readonly number[]) => d.map((x) => DAYS[x] ?? String(x)).join(", ");

function rateFinding(
  rule: string,
  what: string,
  x: number,
  n: number,
  t: { warning: number; critical: number },
  fix: string,
  link: string,
): DoctorFinding {
  const r = x / n;
  const severity = r > t.critical ? "critical" : r > t.warning ? "warning" : "ok";
  return {
    rule,
    area: "deliverability",
    severity,
    title: severity === "ok" ? `${what} rate is within limits` : `${what} rate is too high`,
    evidence: `${pct(x, n)} (${count(x)} of ${count(n)} sent); warning above ${t.warning * 100}%, critical above ${t.critical * 100}%`,
    fix: severity === "ok" ? "Nothing to change." : fix,
    link: severity === "ok" ? null : link,
  };
}

export function deliverability(f: DoctorFacts): DoctorAreaResult {
  const findings: DoctorFinding[] = [];
  const d = f.delivery;
  const enough = d.sent >= MIN_SENDS;
  if (enough) {
    findings.push(
      rateFinding(
        "deliverability.bounce_rate",
        "Bounce",
        d.bounced,
        d.sent,
        THRESHOLDS.bounce,
        "Verify the campaign's addresses and remove invalid ones before the next send; a bounce rate above 2% hurts every inbox that sends it.",
        "/leads",
      ),
      rateFinding(
        "deliverability.complaint_rate",
        "Spam complaint",
        d.complained,
        d.sent,
        THRESHOLDS.complaint,
        "Send only to people the offer fits and make the opt-out one click; mailbox providers block senders above 0.3%.",
        "/deliverability",
      ),
      rateFinding(
        "deliverability.unsubscribe_rate",
        "Unsubscribe",
        d.unsubscribed,
        d.sent,
        THRESHOLDS.unsubscribe,
        "Tighten the audience or the message: more people opt out than the message earns.",
        `/campaigns/${f.campaignId}/edit`,
      ),
    );
  }
  if (f.inboxes.length === 0)
    findings.push({
      rule: "deliverability.no_inbox",
      area: "deliverability",
      severity: "critical",
      title: "No inbox sends this campaign",
      evidence: "0 inboxes selected",
      fix: "Choose at least one connected inbox in the campaign's settings.",
      link: `/campaigns/${f.campaignId}/edit`,
    });
  for (const i of f.inboxes) {
    if (i.status === "healthy") continue;
    findings.push({
      rule: "deliverability.inbox_status",
      area: "deliverability",
      severity: i.status === "paused" ? "critical" : "warning",
      title: `Inbox ${i.email} is ${i.status}`,
      evidence: i.reason ?? `status ${i.status}`,
      fix:
        i.status === "paused"
          ? "Find the cause (bounces, credentials), fix it, then resume the inbox."
          : "Watch its bounces; lower its daily limit until it recovers.",
      link: "/inboxes",
    });
  }
  for (const dom of f.domains) {
    if (dom.checks.length === 0) {
      findings.push({
        rule: "deliverability.domain_unchecked",
        area: "deliverability",
        severity: "info",
        title: `${dom.domain} has not been checked`,
        evidence: "no SPF, DKIM or DMARC check recorded for this sending domain",
        fix: "Run the domain checks to see whether SPF, DKIM and DMARC are published.",
        link: "/deliverability",
      });
      continue;
    }
    for (const kind of ["spf", "dkim", "dmarc"]) {
      const c = dom.checks.find((x) => x.kind === kind);
      if (!c || c.status === "pass") continue;
      findings.push({
        rule: `deliverability.${kind}`,
        area: "deliverability",
        severity: c.status === "fail" ? "critical" : c.status === "warn" ? "warning" : "info",
        title: `${kind.toUpperCase()} of ${dom.domain}: ${c.status}`,
        evidence: c.summary,
        fix: `Publish the ${kind.toUpperCase()} record the deliverability page shows for ${dom.domain}.`,
        link: "/deliverability",
      });
    }
    const listed = dom.checks.filter((c) => c.kind.startsWith("blocklist:") && c.status === "fail");
    if (listed.length > 0)
      findings.push({
        rule: "deliverability.blocklist",
        area: "deliverability",
        severity: "critical",
        title: `${dom.domain} is on ${listed.length} blocklist${listed.length > 1 ? "s" : ""}`,
        evidence: listed.map((c) => c.kind.slice("blocklist:".length)).join(", "),
        fix: "Stop sending from this domain, find the cause, and ask each list for delisting.",
        link: "/deliverability",
      });
  }
  return {
    area: "deliverability",
    enough_data: enough,
    note: enough
      ? null
      : `Rates need at least ${MIN_SENDS} sends; this campaign has sent ${count(d.sent)}. Domains and inboxes are checked anyway.`,
    findings,
  };
}

const SPAM = (rule: string) =>
  rule.startsWith("spam_phrase.") || ["caps_words", "exclamation", "dollar_signs", "subject_caps", "subject_exclamation"].includes(rule);
const LINKS = (rule: string) => ["link_count", "link_domains", "url_shortener", "link_text_mismatch"].includes(rule);

export function copy(f: DoctorFacts): DoctorAreaResult {
  const findings: DoctorFinding[] = [];
  const link = "/email-coaching";
  for (const c of f.copy) {
    const where = `Step ${c.step} ${c.label}`;
    if (c.verdict !== "good")
      findings.push({
        rule: "copy.score",
        area: "copy",
        severity: c.verdict === "risky" ? "critical" : "warning",
        title: `${where}: coaching score ${c.score}/100 (${c.verdict.replace("_", " ")})`,
        evidence: `${c.advice.length} issue${c.advice.length === 1 ? "" : "s"}; the biggest: ${c.advice[0]?.title ?? "—"}`,
        fix: c.advice[0]?.fix ?? "Open the draft in email coaching.",
        link,
      });
    const spam = c.advice.filter((a) => SPAM(a.rule));
    if (spam.length > 0)
      findings.push({
        rule: "copy.spam_words",
        area: "copy",
        severity: spam.some((a) => a.severity === "high") ? "critical" : "warning",
        title: `${where}: words spam filters look for`,
        evidence:
          spam
            .flatMap((a) => a.excerpts)
            .slice(0, 8)
            .join(", ") || spam.map((a) => a.title).join("; "),
        fix: spam[0]?.fix as string,
        link,
      });
    const long = c.advice.find((a) => a.rule === "length");
    if (long)
      findings.push({
        rule: "copy.length",
        area: "copy",
        severity: "warning",
        title: `${where}: ${long.title}`,
        evidence: `${c.words} words`,
        fix: long.fix,
        link,
      });
    if (c.placeholders.length === 0)
      findings.push({
        rule: "copy.personalization",
        area: "copy",
        severity: "warning",
        title: `${where}: no personalization`,
        evidence: "0 template variables ({{first_name}}, {{company_name}}…)",
        fix: "Use at least the first name and one line about the lead's company.",
        link: `/campaigns/${f.campaignId}/edit`,
      });
    const links = c.advice.filter((a) => LINKS(a.rule));
    if (links.length > 0)
      findings.push({
        rule: "copy.links",
        area: "copy",
        severity: "warning",
        title: `${where}: ${links[0]?.title}`,
        evidence: `${c.links} link${c.links === 1 ? "" : "s"}`,
        fix: links[0]?.fix as string,
        link,
      });
    if (c.verdict === "good" && spam.length === 0 && !long && c.placeholders.length > 0 && links.length === 0)
      findings.push({
        rule: "copy.ok",
        area: "copy",
        severity: "ok",
        title: `${where}: coaching score ${c.score}/100`,
        evidence: `${c.words} words, ${c.links} link${c.links === 1 ? "" : "s"}, variables: ${c.placeholders.join(", ")}`,
        fix: "Nothing to change.",
        link: null,
      });
  }
  return {
    area: "copy",
    enough_data: f.copy.length > 0,
    note: f.copy.length > 0 ? null : "The campaign has no steps to read.",
    findings,
  };
}

/** The campaign's expected first-touch reply rate from its mix, against the workspace's. */
function mixFinding(s: DoctorFacts["segments"][number]): DoctorFinding | null {
  const rated = s.workspace.filter((w) => w.sent >= MIN_SEGMENT_SENDS);
  const totalSent = s.workspace.reduce((a, w) => a + w.sent, 0);
  const totalReplied = s.workspace.reduce((a, w) => a + w.replied, 0);
  if (rated.length < 2 || totalReplied === 0) return null;
  const baseline = totalReplied / totalSent;
  let covered = 0;
  let expected = 0;
  for (const w of rated) {
    const n = s.mix.get(w.value) ?? 0;
    covered += n;
    expected += n * (w.replied / w.sent);
  }
  if (covered < 20) return null;
  expected /= covered;
  const best = [...rated].sort((a, b) => b.replied / b.sent - a.replied / a.sent)[0] as SegmentRate;
  const top = [...s.mix.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3);
  const evidence =
    `The campaign's ${count(covered)} leads with a known ${s.dimension} would reply at about ${pct(expected * 1000, 1000)} by this workspace's record, ` +
    `against ${pct(totalReplied, totalSent)} over all ${count(totalSent)} first touches; its biggest groups: ${top.map(([v, n]) => `${v} (${n})`).join(", ")}; ` +
    `best here: ${best.value} at ${pct(best.replied, best.sent)} (${best.replied} of ${best.sent})`;
  const weak = expected < 0.75 * baseline;
  return {
    rule: `targeting.mix.${s.dimension}`,
    area: "targeting",
    severity: weak ? "warning" : "ok",
    title: weak ? `The ${s.dimension} mix replies less than your average` : `The ${s.dimension} mix matches what replies here`,
    evidence,
    fix: weak
      ? `Add more leads like ${best.value} (${s.dimension}) or write a version for the groups that reply least.`
      : "Nothing to change.",
    link: weak ? "/leads" : null,
  };
}

export function targeting(f: DoctorFacts): DoctorAreaResult {
  const q = f.quality;
  const findings: DoctorFinding[] = [];
  if (q.leads === 0)
    return { area: "targeting", enough_data: false, note: "The campaign has no leads yet: add leads to judge its audience.", findings };
  const bad = q.invalid / q.leads;
  if (q.invalid > 0)
    findings.push({
      rule: "targeting.invalid_emails",
      area: "targeting",
      severity: bad > 0.05 ? "critical" : bad > 0.02 ? "warning" : "info",
      title: `${count(q.invalid)} invalid address${q.invalid === 1 ? "" : "es"} in the campaign`,
      evidence: `${pct(q.invalid, q.leads)} of ${count(q.leads)} leads are marked invalid`,
      fix: "Remove them from the campaign: every send to them is a bounce.",
      link: "/leads",
    });
  const unverified = q.unknown + q.risky;
  if (unverified / q.leads > 0.3)
    findings.push({
      rule: "targeting.unverified_emails",
      area: "targeting",
      severity: "warning",
      title: "Many addresses are not verified",
      evidence: `${pct(unverified, q.leads)} of ${count(q.leads)} leads: ${count(q.unknown)} unknown, ${count(q.risky)} risky`,
      fix: "Verify the addresses before they are sent to (enrichment or an import with a verified column).",
      link: "/leads",
    });
  const usesFirstName = f.copy.some((c) => c.placeholders.includes("first_name"));
  if (usesFirstName && q.noFirstName / q.leads > 0.1)
    findings.push({
      rule: "targeting.data_quality",
      area: "targeting",
      severity: "warning",
      title: "The copy greets by first name, but leads lack one",
      evidence: `${pct(q.noFirstName, q.leads)} of ${count(q.leads)} leads have no first name`,
      fix: "Fill in the names (enrichment) or give {{first_name}} a fallback.",
      link: "/leads",
    });
  else if (q.noCompany / q.leads > 0.2)
    findings.push({
      rule: "targeting.data_quality",
      area: "targeting",
      severity: "info",
      title: "Many leads lack a company",
      evidence: `${pct(q.noCompany, q.leads)} of ${count(q.leads)} leads have no company name`,
      fix: "Enrich the leads so the copy can speak to their company.",
      link: "/leads",
    });
  const mixes = f.segments.map((s) => mixFinding(s)).filter((x): x is DoctorFinding => x !== null);
  findings.push(...mixes);
  if (findings.length === 0)
    findings.push({
      rule: "targeting.ok",
      area: "targeting",
      severity: "ok",
      title: "Addresses and lead data look sound",
      evidence: `${count(q.valid)} valid, ${count(q.unknown)} unknown, ${count(q.risky)} risky, ${count(q.invalid)} invalid of ${count(q.leads)} leads`,
      fix: "Nothing to change.",
      link: null,
    });
  return {
    area: "targeting",
    enough_data: true,
    note:
      mixes.length === 0
        ? `The role, seniority and industry mix is not compared yet: it needs at least two groups with ${MIN_SEGMENT_SENDS} first touches and a reply in this workspace, and 20 of the campaign's leads in them.`
        : null,
    findings,
  };
}

const hourOf = (hhmm: string) => Number(hhmm.slice(0, 2)) + Number(hhmm.slice(3, 5)) / 60;

export function timing(f: DoctorFacts): DoctorAreaResult {
  const findings: DoctorFinding[] = [];
  const s = f.schedule;
  const edit = `/campaigns/${f.campaignId}/edit`;
  const start = hourOf(s.start);
  const end = hourOf(s.end);
  if (s.days.length === 0 || end - start < 2)
    findings.push({
      rule: "timing.window_narrow",
      area: "timing",
      severity: "warning",
      title: "The sending window is very small",
      evidence: `${s.days.length} day${s.days.length === 1 ? "" : "s"} a week, ${s.start}–${s.end} (${s.timezone})`,
      fix: "Send on at least three weekdays over two hours or more, so the daily limits can be used.",
      link: edit,
    });
  if (f.best) {
    const b = f.best;
    const sharedDays = b.days.filter((d) => s.days.includes(d));
    const overlap = Math.max(0, Math.min(end, b.end_hour) - Math.max(start, b.start_hour));
    const evidence =
      `This workspace replies best ${dayList(b.days)} ${b.start_hour}:00–${b.end_hour}:00 recipient time: ${pct(b.successes, b.sends)} (${b.successes} of ${b.sends} sends) against ${Math.round(b.baseline * 1000) / 10}% overall; ` +
      `the campaign sends ${dayList(s.days)} ${s.start}–${s.end} (${s.timezone})`;
    const miss = sharedDays.length === 0 || overlap === 0;
    findings.push({
      rule: "timing.best_hours",
      area: "timing",
      severity: miss ? "warning" : sharedDays.length < b.days.length || overlap < b.end_hour - b.start_hour ? "info" : "ok",
      title: miss ? "The campaign sends outside the workspace's best hours" : "The schedule overlaps the workspace's best hours",
      evidence,
      fix: miss ? "Apply the best hours to the campaign from the send-time optimizer." : "Nothing to change.",
      link: miss ? "/send-time-optimizer" : null,
    });
  }
  const capacity = f.inboxes.reduce((a, i) => a + i.effectiveLimit, 0);
  const messages = f.quality.remaining * Math.max(1, f.steps);
  if (f.quality.remaining > 0) {
    const perWeek = capacity * s.days.length;
    const weeks = perWeek > 0 ? messages / perWeek : Number.POSITIVE_INFINITY;
    findings.push({
      rule: "timing.daily_limit",
      area: "timing",
      severity: capacity === 0 ? "critical" : weeks > 6 ? "warning" : "ok",
      title:
        capacity === 0
          ? "No sending capacity"
          : weeks > 6
            ? `About ${Math.ceil(weeks)} weeks to reach every lead`
            : `About ${Math.max(1, Math.ceil(weeks * 7))} days to reach every lead`,
      evidence: `${count(f.quality.remaining)} leads still to send, up to ${count(messages)} emails at ${count(capacity)} a day from ${f.inboxes.length} inbox${f.inboxes.length === 1 ? "" : "es"} (limits shared with their other campaigns), ${s.days.length} days a week`,
      fix: capacity === 0 || weeks > 6 ? "Add inboxes or raise their daily limits as their warm-up allows." : "Nothing to change.",
      link: capacity === 0 || weeks > 6 ? "/inboxes" : null,
    });
  }
  for (const i of f.inboxes)
    if (i.effectiveLimit < i.dailyLimit)
      findings.push({
        rule: "timing.warmup",
        area: "timing",
        severity: "info",
        title: `${i.email} is warming up`,
        evidence: `${i.effectiveLimit} a day now, ${i.dailyLimit} once warmed up`,
        fix: "Nothing to change: the limit rises each day.",
        link: "/inboxes",
      });
  return {
    area: "timing",
    enough_data: f.best !== null,
    note: f.best ? null : (f.bestNote ?? "The workspace's best hours need more sends."),
    findings,
  };
}

export const SEVERITY_ORDER = { critical: 0, warning: 1, info: 2, ok: 3 } as const;

export function diagnose(f: DoctorFacts): DoctorAreaResult[] {
  return [deliverability(f), copy(f), targeting(f), timing(f)].map((a) => ({
    ...a,
    findings: [...a.findings].sort((x, y) => SEVERITY_ORDER[x.severity] - SEVERITY_ORDER[y.severity]),
  }));
}
