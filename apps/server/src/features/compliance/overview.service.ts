/**
 * The consent and suppression overview, and the audit export (docs/compliance.md). The overview
 * shows what the product really records: suppression entries and their reasons, unsubscribes,
 * whether campaigns carry the unsubscribe link, and where leads came from (their source; the
 * product does not record a consent or lawful-basis field, so it does not claim one).
 */
import { Readable } from "node:stream";
import type { AuditExportQuery, ConsentOverview } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../platform/errors.ts";
import * as repo from "./compliance.repository.ts";
import { campaignFooter } from "./settings.service.ts";

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

export async function consentOverview(ctx: Pick<AppContext, "db">, workspaceId: string, now = new Date()): Promise<ConsentOverview> {
  const since = new Date(now.getTime() - 90 * 86_400_000);
  const [byReason, byDay, recent, campaigns, bySource, footer] = await Promise.all([
    repo.suppressionByReason(ctx.db, workspaceId),
    repo.suppressionByDay(ctx.db, workspaceId, since),
    repo.recentUnsubscribes(ctx.db, workspaceId, 20),
    repo.activeCampaigns(ctx.db, workspaceId),
    repo.leadsBySource(ctx.db, workspaceId),
    campaignFooter(ctx, workspaceId),
  ]);
  return {
    suppression_by_reason: byReason,
    suppression_by_day: byDay,
    recent_unsubscribes: recent.map((r) => ({ email: r.email, campaign_id: r.campaign_id, created_at: iso(r.created_at) })),
    campaigns: campaigns.map((c) => {
      const steps = Array.isArray(c.steps) ? c.steps : [];
      return {
        id: c.id,
        name: c.name,
        status: c.status,
        // Every step (and its variants) must offer the link in its body; the header is added by the sender to every email.
        has_unsubscribe_link: steps.length > 0 && steps.every((s) => JSON.stringify(s).includes("unsubscribe_url")),
        list_unsubscribe_header: true,
      };
    }),
    footer_configured: footer !== null && footer.postalAddress.trim() !== "",
    leads_by_source: bySource,
    total_leads: bySource.reduce((n, s) => n + s.count, 0),
  };
}

const MAX_RANGE_MS = 366 * 86_400_000;
const PAGE = 1000;

function csvCell(v: string | null): string {
  const s = v ?? "";
  // A leading = + - @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The workspace's audit records over [from, to) as CSV or JSON, streamed page by page. */
export function auditExport(ctx: Pick<AppContext, "db">, workspaceId: string, q: AuditExportQuery): Readable {
  const from = new Date(q.from);
  const to = new Date(q.to);
  if (!(to > from) || to.getTime() - from.getTime() > MAX_RANGE_MS) throw new AppError("COMPLIANCE_RANGE_INVALID");
  async function* lines() {
    yield q.format === "csv" ? "at,source,actor,action,detail\n" : "[";
    let after: { at: string; key: string } | null = null;
    let first = true;
    for (;;) {
      const rows = await repo.auditPage(ctx.db, workspaceId, from, to, after, PAGE);
      for (const r of rows) {
        const rec = { at: iso(r.at), source: r.source, actor: r.actor, action: r.action, detail: r.detail };
        if (q.format === "csv") yield `${[rec.at, rec.source, rec.actor, rec.action, rec.detail].map(csvCell).join(",")}\n`;
        else {
          yield `${first ? "" : ","}\n${JSON.stringify(rec)}`;
          first = false;
        }
      }
      const last = rows.at(-1);
      if (!last || rows.length < PAGE) break;
      after = { at: iso(last.at), key: `${last.source}${last.id}` };
    }
    if (q.format === "json") yield "\n]\n";
  }
  return Readable.from(lines());
}
