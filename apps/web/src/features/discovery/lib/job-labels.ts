/** Words for scraping jobs: source names, statuses, a one-line summary of the parameters. */
import type { JobStatus, ScrapingJob } from "@prospector/contracts";

export const JOB_SOURCE_LABELS: Record<string, string> = {
  website: "Website",
  google_maps: "Google Maps",
  linkedin: "LinkedIn",
  multi_source: "Multi-source",
};

export const JOB_STATUS: Record<JobStatus, { label: string; color: "default" | "info" | "success" | "error" | "warning" }> = {
  queued: { label: "Queued", color: "default" },
  running: { label: "Running", color: "info" },
  completed: { label: "Completed", color: "success" },
  failed: { label: "Failed", color: "error" },
  cancelled: { label: "Cancelled", color: "warning" },
};

const str = (v: unknown) => (typeof v === "string" ? v : "");

function describe(source: string, p: Record<string, unknown>): string {
  if (source === "website") return str(p.url);
  if (source === "google_maps") return [str(p.query), str(p.location)].filter(Boolean).join(" in ");
  if (source === "linkedin") {
    if (p.search_url) return str(p.search_url);
    const list = (p.profile_urls ?? p.company_urls) as unknown[] | undefined;
    return list ? `${list.length} ${p.profile_urls ? "profiles" : "companies"}` : "";
  }
  return "";
}

export function jobSummary(job: Pick<ScrapingJob, "source" | "parameters">): string {
  if (job.source === "multi_source") {
    const sources = (job.parameters.sources as Array<Record<string, unknown>> | undefined) ?? [];
    return sources.map((s) => `${JOB_SOURCE_LABELS[str(s.source)] ?? str(s.source)}: ${describe(str(s.source), s)}`).join(" · ");
  }
  return describe(job.source, job.parameters);
}

/** The lead sources a job's leads carry, for the /leads?source=… link. */
export function leadSourcesOf(job: Pick<ScrapingJob, "source" | "parameters">): string[] {
  if (job.source !== "multi_source") return [job.source];
  const sources = (job.parameters.sources as Array<Record<string, unknown>> | undefined) ?? [];
  return [...new Set(sources.map((s) => str(s.source)).filter(Boolean))];
}
