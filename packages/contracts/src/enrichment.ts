/**
 * Enrichment-job contracts (outreach-core §3, §7): enrich one lead or many in the background; each
 * enricher records where a field's value came from (provenance) on the lead.
 */
import { z } from "zod";
import { JobStatus } from "./scraping.ts";

export const MAX_BULK_ENRICH = 1000;

export const BulkEnrich = z.object({
  lead_ids: z
    .array(z.uuid("Not a valid lead id"))
    .min(1, "Select at least one lead")
    .max(MAX_BULK_ENRICH, `At most ${MAX_BULK_ENRICH} leads per enrichment job`)
    .transform((ids) => [...new Set(ids)]),
});
export type BulkEnrich = z.input<typeof BulkEnrich>;

export const EnrichmentLeadResult = z.object({
  lead_id: z.string(),
  status: z.enum(["enriched", "unchanged", "failed", "not_found"]),
  /** Lead fields this job set or changed. */
  fields: z.array(z.string()),
  error: z.string().nullable(),
});
export type EnrichmentLeadResult = z.infer<typeof EnrichmentLeadResult>;

export const EnrichmentCounts = z.object({
  total: z.number(),
  processed: z.number(),
  enriched: z.number(),
  unchanged: z.number(),
  failed: z.number(),
});
export type EnrichmentCounts = z.infer<typeof EnrichmentCounts>;

export const EnrichmentJob = z.object({
  id: z.string(),
  status: JobStatus,
  /** 0–100. */
  progress: z.number(),
  counts: EnrichmentCounts,
  lead_ids: z.array(z.string()),
  results: z.array(EnrichmentLeadResult),
  error: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  updated_at: z.string(),
});
export type EnrichmentJob = z.infer<typeof EnrichmentJob>;

/** Socket event `enrichment_job.progress`. */
export const EnrichmentJobProgress = EnrichmentJob.pick({ id: true, status: true, progress: true, counts: true, error: true });
export type EnrichmentJobProgress = z.infer<typeof EnrichmentJobProgress>;

/** The parts of a lead's score (they add up to the score, 0–100). */
export const ScoreBreakdown = z.object({
  email_quality: z.number(),
  completeness: z.number(),
  seniority: z.number(),
  company_data: z.number(),
});
export type ScoreBreakdown = z.infer<typeof ScoreBreakdown>;

export const Seniority = z.enum(["c_level", "vp", "director", "manager", "senior", "entry"]);
export type Seniority = z.infer<typeof Seniority>;
