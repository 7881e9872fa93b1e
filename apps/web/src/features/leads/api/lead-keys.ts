/**
 * Query keys for leads and their jobs. Everything sits under ["leads"], so one invalidation after
 * an import, merge or bulk action also refreshes the sidebar's "Total Leads This Month".
 */
import type { LeadListParams } from "../lib/lead-list-params.ts";

export const leadKeys = {
  all: ["leads"] as const,
  lists: () => [...leadKeys.all, "list"] as const,
  list: (params: LeadListParams) => [...leadKeys.lists(), params] as const,
  detail: (id: string) => [...leadKeys.all, "detail", id] as const,
  quality: () => [...leadKeys.all, "quality-report"] as const,
  importJob: (id: string) => [...leadKeys.all, "import-job", id] as const,
  enrichmentJob: (id: string) => [...leadKeys.all, "enrichment-job", id] as const,
};
