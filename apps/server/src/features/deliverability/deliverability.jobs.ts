/**
 * The refresh job: asks DNS every check of the workspace's sending domains (or one), writes the
 * cache (deliverability_checks) and the day's history row per domain, and counts its progress on
 * the run row the page polls. Idempotent: a retried run just asks again and overwrites.
 */
import type { AppContext } from "../../context.ts";
import * as repo from "./deliverability.repository.ts";
import { type CheckAnswer, checkBlocklists, checkDkim, checkDmarc, checkMx, checkSpf, sendingAddresses } from "./deliverability.rules.ts";
import { domainOf, REFRESH_JOB, zones } from "./deliverability.service.ts";

type Ctx = Pick<AppContext, "db" | "config" | "deliverabilityDns" | "log">;

/** Every check of one domain, given the SMTP/IMAP hosts of its inboxes. */
export async function checkDomain(
  ctx: Ctx,
  domain: string,
  opts: { smtpHosts: string[]; imapHost: string | null; selector: string | null },
): Promise<CheckAnswer[]> {
  const dns = ctx.deliverabilityDns;
  const [spf, dkim, dmarc, mx, addresses] = await Promise.all([
    checkSpf(dns, domain, opts.smtpHosts[0] ?? null),
    checkDkim(dns, domain, opts.selector),
    checkDmarc(dns, domain),
    checkMx(dns, domain, opts.imapHost),
    sendingAddresses(dns, opts.smtpHosts),
  ]);
  const lists = await checkBlocklists(dns, domain, addresses, zones(ctx.config.DNSBL_ZONES), zones(ctx.config.DNSBL_DOMAIN_ZONES));
  return [spf, dkim, dmarc, mx, ...lists];
}

export async function runRefresh(ctx: Ctx, workspaceId: string, runId: string): Promise<void> {
  const run = await repo.getRun(ctx.db, workspaceId, runId);
  if (!run || run.status === "done") return;
  try {
    const inboxes = await repo.sendingInboxes(ctx.db, workspaceId);
    const all = [...new Set(inboxes.map((i) => domainOf(i.email)))].sort();
    const domains = run.domain ? all.filter((d) => d === run.domain) : all;
    await repo.updateRun(ctx.db, runId, { status: "running", total: domains.length, done: 0 });
    if (!run.domain) await repo.dropChecksOutside(ctx.db, workspaceId, all);
    const selectors = await repo.savedSelectors(ctx.db, workspaceId);
    const today = new Date().toISOString().slice(0, 10);
    const startOfDay = new Date(`${today}T00:00:00.000Z`);
    const counts = await repo.dailyInboxRates(ctx.db, workspaceId, startOfDay);
    let done = 0;
    for (const domain of domains) {
      const mine = inboxes.filter((i) => domainOf(i.email) === domain);
      const answers = await checkDomain(ctx, domain, {
        smtpHosts: [...new Set(mine.map((i) => i.smtp?.host?.toLowerCase()).filter((h): h is string => Boolean(h)))],
        imapHost: mine.find((i) => i.imap?.host)?.imap?.host ?? null,
        selector: selectors.get(domain) ?? null,
      });
      const at = new Date();
      await repo.replaceChecks(ctx.db, workspaceId, domain, answers, at);
      const ids = new Set(mine.map((i) => i.id));
      const day = counts.filter((c) => ids.has(c.inbox_id));
      await repo.upsertDaily(ctx.db, {
        workspaceId,
        domain,
        day: today,
        checks: Object.fromEntries(answers.map((a) => [a.kind, a.status])),
        sent: day.reduce((n, c) => n + c.sent, 0),
        bounces: day.reduce((n, c) => n + c.bounces, 0),
        complaints: day.reduce((n, c) => n + c.complaints, 0),
      });
      await repo.updateRun(ctx.db, runId, { done: ++done });
    }
    await repo.updateRun(ctx.db, runId, { status: "done", finishedAt: new Date() });
  } catch (err) {
    ctx.log.error({ err, workspaceId, runId }, "deliverability refresh failed");
    await repo.updateRun(ctx.db, runId, {
      status: "failed",
      error: "The checks stopped on an internal error; try Re-check again.",
      finishedAt: new Date(),
    });
  }
}

export function defineDeliverabilityJobs(ctx: AppContext): void {
  ctx.jobs.define<{ workspaceId: string; runId: string }>(REFRESH_JOB, (data) => runRefresh(ctx, data.workspaceId, data.runId), {
    expireInSeconds: 600,
    retryLimit: 1,
  });
}
