/**
 * The scraping job runner (pg-boss queue `scraping.run`): runs each source of a job, saves leads
 * through createLeadsBatch (duplicates skipped), persists progress and pushes it to the team
 * socket, and stops between pages once the job is cancelled. Re-running a job is harmless: it
 * starts over and every lead it already saved is a skipped duplicate.
 */
import {
  GoogleMapsScrape,
  LeadInput,
  LinkedInScrape,
  type ScrapingCounts,
  type ScrapingJobProgress,
  SourceRequest,
  WebsiteScrape,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { SafeFetchError } from "../../platform/safe-fetch.ts";
import { createLeadsBatch, recordProvenance } from "../leads/index.ts";
import { NAME_GUESS_SOURCE } from "./crawl-leads.ts";
import { ProviderError } from "./provider-http.ts";
import type { ScrapedLead } from "./scraped-lead.ts";
import * as repo from "./scraping.repository.ts";
import { runGoogleMaps, runLinkedIn, runWebsite, type SingleSource, type SourceRun } from "./scraping.sources.ts";

export const SCRAPING_QUEUE = "scraping.run";
const MAX_RESULT_IDS = 1000;
const MAX_NOTES = 50;

const PROVENANCE: Record<SingleSource, string> = {
  website: "website_crawler",
  google_maps: "google_places",
  linkedin: "linkedin_provider",
};

/** What scraping reaches out with; built once by the feature's register and kept on ctx.scraper. */
export interface ScrapingDeps {
  fetch: SourceRun["fetch"];
  crawlDelayMs: number;
}

declare module "../../context.ts" {
  interface AppContext {
    /** Scraping's outbound fetch and crawl pace (a test may swap them before a job starts). */
    scraper: ScrapingDeps;
  }
}

/** The job handler; it reads ctx.scraper when a job runs. */
export function defineScrapingJobs(ctx: AppContext): void {
  ctx.jobs.define<{ jobId: string }>(SCRAPING_QUEUE, (data) => runScrapingJob(ctx, ctx.scraper, data.jobId), {
    expireInSeconds: 60 * 60,
    retryLimit: 1,
    batchSize: 1,
  });
}

export function publishProgress(ctx: Pick<AppContext, "bus">, workspaceId: string, payload: ScrapingJobProgress): Promise<void> {
  // Same envelope as realtime.toWorkspace: every API process relays it to the workspace's sockets.
  return ctx.bus.publish(`ws:${workspaceId}`, { type: "scraping_job.progress", payload });
}

const OPTIONAL_FIELDS = new Set([
  "website",
  "phone",
  "linkedin_url",
  "city",
  "country",
  "role",
  "industry",
  "company_insight",
  "custom_fields",
]);

/** A scraped value the leads service would refuse (an IP-address website, an overlong title) is dropped, not the lead. */
export function sanitizeLead(lead: ScrapedLead): { lead: ScrapedLead; dropped: string[] } {
  const parsed = LeadInput.safeParse(lead);
  if (parsed.success) return { lead, dropped: [] };
  const fields = [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? "")))];
  if (!fields.every((f) => OPTIONAL_FIELDS.has(f))) return { lead, dropped: [] };
  const copy: Record<string, unknown> = { ...lead };
  for (const f of fields) delete copy[f];
  return { lead: copy as ScrapedLead, dropped: fields };
}

/** A key that says "same lead" within one job: email, else person at company, else the company itself. */
function leadKey(l: ScrapedLead): { key: string; kind: "email" | "person" | "company" } | null {
  if (l.email) return { key: l.email.toLowerCase(), kind: "email" };
  if (l.first_name && l.last_name && l.company_name)
    return { key: `${l.first_name} ${l.last_name} @ ${l.company_name}`.toLowerCase(), kind: "person" };
  if (l.company_name) return { key: `company:${l.company_name.toLowerCase()}`, kind: "company" };
  return null;
}

export async function runScrapingJob(ctx: AppContext, deps: ScrapingDeps, jobId: string): Promise<void> {
  const job = await repo.getJobById(ctx.db, jobId);
  if (!job || (job.status !== "queued" && job.status !== "running")) return;
  if (!(await repo.markRunning(ctx.db, jobId))) return;

  const counts: ScrapingCounts = { found: 0, created: 0, duplicates_skipped: 0, failed: 0 };
  const notes: string[] = [];
  const resultLeadIds: string[] = [];
  let progress = 0;
  let limitReached = false;
  let cancelled = false;
  /** Keys seen in this job → the lead this job created for it (null: it matched an existing lead). */
  const seen = new Map<string, string | null>();
  const note = (text: string) => {
    if (notes.length < MAX_NOTES && !notes.includes(text)) notes.push(text);
  };
  const state = () => ({ progress, counts: { ...counts }, notes: [...notes], resultLeadIds: [...resultLeadIds] });
  let lastWrite = 0;
  const persist = async (force = false) => {
    if (!force && Date.now() - lastWrite < 300) return;
    lastWrite = Date.now();
    await repo.saveProgress(ctx.db, jobId, state());
    await publishProgress(ctx, job.workspaceId, { id: jobId, status: "running", progress, counts: { ...counts }, error: null });
  };
  const shouldStop = async () => {
    if (!cancelled && (await repo.getStatus(ctx.db, jobId)) === "cancelled") cancelled = true;
    return cancelled || limitReached;
  };

  const batch = async (leads: ScrapedLead[], source: SingleSource, policy: "skip" | "update") => {
    const res = await createLeadsBatch(ctx, {
      workspaceId: job.workspaceId,
      userId: job.createdBy,
      source,
      leads,
      duplicatePolicy: policy,
      provenance: { source: PROVENANCE[source] },
    });
    const failedIdx = new Set(res.errors.map((e) => e.index));
    counts.failed += failedIdx.size;
    for (const e of res.errors) {
      if (e.code === "LEAD_LIMIT_REACHED") {
        limitReached = true;
        note(`${e.message}; the job stopped early`);
      } else note(`A lead was not saved (${e.field}: ${e.message})`);
    }
    return res;
  };

  const save = async (raw: ScrapedLead[], source: SingleSource) => {
    counts.found += raw.length;
    const found = raw.map((l) => {
      const { lead, dropped } = sanitizeLead(l);
      for (const f of dropped) note(`Some leads were saved without their ${f}: the scraped value was not valid`);
      return lead;
    });
    const fresh: { lead: ScrapedLead; key: string | null }[] = [];
    const merges: ScrapedLead[] = [];
    for (const lead of found) {
      const k = leadKey(lead);
      if (k && seen.has(k.key)) {
        counts.duplicates_skipped++;
        // Another source of this job found the same person: fill in what it adds.
        if (seen.get(k.key) && k.kind !== "company") merges.push(lead);
        continue;
      }
      if (k) seen.set(k.key, null);
      fresh.push({ lead, key: k?.key ?? null });
    }
    // Company-only leads have no email or person for the leads service to match on.
    const known = await repo.existingCompanyLeads(
      ctx.db,
      job.workspaceId,
      fresh.filter((f) => f.key?.startsWith("company:")).map((f) => f.lead.company_name as string),
    );
    const toCreate = fresh.filter((f) => {
      if (f.key?.startsWith("company:") && known.has(f.lead.company_name!.toLowerCase())) {
        counts.duplicates_skipped++;
        return false;
      }
      return true;
    });
    if (toCreate.length) {
      const res = await batch(
        toCreate.map((f) => f.lead),
        source,
        "skip",
      );
      for (const o of res.outcomes) {
        const key = toCreate[o.index]!.key;
        if (o.outcome === "created") {
          counts.created++;
          if (resultLeadIds.length < MAX_RESULT_IDS) resultLeadIds.push(o.id!);
          if (key) seen.set(key, o.id);
          const lead = toCreate[o.index]!.lead;
          // A name read out of an address is a guess: its provenance says so, as a guessed email's does.
          if (lead.custom_fields?.name_guess) {
            for (const field of ["first_name", "last_name"] as const) {
              if (lead[field]) await recordProvenance(ctx, o.id!, field, { source: NAME_GUESS_SOURCE }, job.workspaceId);
            }
          }
        } else if (o.outcome === "skipped") counts.duplicates_skipped++;
      }
    }
    if (merges.length) await batch(merges, source, "update");
    await persist();
  };

  const params = job.parameters as Record<string, unknown>;
  const specs =
    job.source === "multi_source" ? SourceRequest.array().parse(params.sources) : [SourceRequest.parse({ ...params, source: job.source })];
  const failures: string[] = [];
  try {
    for (const [i, spec] of specs.entries()) {
      if (await shouldStop()) break;
      const run: SourceRun = {
        config: ctx.config,
        fetch: deps.fetch,
        crawlDelayMs: deps.crawlDelayMs,
        shouldStop,
        note,
        save,
        progress: async (f) => {
          progress = Math.min(99, Math.round(((i + Math.min(1, f)) / specs.length) * 100));
          await persist();
        },
      };
      try {
        if (spec.source === "website") await runWebsite(run, WebsiteScrape.parse(spec));
        else if (spec.source === "google_maps") await runGoogleMaps(run, GoogleMapsScrape.parse(spec));
        else await runLinkedIn(run, LinkedInScrape.parse(spec));
      } catch (err) {
        const message = userMessage(ctx, err, jobId);
        if (specs.length === 1) throw new Error(message);
        failures.push(`${spec.source}: ${message}`);
        note(`${spec.source} failed: ${message}`);
      }
    }
    if (!cancelled && failures.length === specs.length) throw new Error(failures.join("; "));
    await finish(cancelled ? null : "completed", null);
  } catch (err) {
    await finish("failed", (err as Error).message);
  }

  async function finish(status: "completed" | "failed" | null, error: string | null) {
    if (status === null) {
      // Cancelled: keep what was saved up to the stop.
      await repo.saveProgress(ctx.db, jobId, state(), { whileCancelled: true });
      await publishProgress(ctx, job!.workspaceId, { id: jobId, status: "cancelled", progress, counts: { ...counts }, error: null });
      return;
    }
    const row = await repo.finishJob(ctx.db, jobId, { ...state(), progress: status === "completed" ? 100 : progress, status, error });
    if (!row) {
      // Cancelled after the last check: record the tally under the cancelled status.
      await repo.saveProgress(ctx.db, jobId, state(), { whileCancelled: true });
      return;
    }
    await publishProgress(ctx, job!.workspaceId, { id: jobId, status, progress: row.progress, counts: row.counts, error });
  }
}

/** Provider, network and guard failures are the user's to read; anything else is logged, not leaked. */
function userMessage(ctx: AppContext, err: unknown, jobId: string): string {
  if (err instanceof ProviderError || err instanceof SafeFetchError) return err.message;
  ctx.log.error({ err, jobId }, "scraping job failed");
  return "The job stopped on an unexpected error; the server log has the details";
}
