/**
 * The campaign list's filters, kept in the page address (so a filtered list can be linked), turned
 * into the query of GET /api/campaigns/ (outreach-core §3: page, per_page, status (several),
 * search, date_from, date_to, sort_by, sort_order). Pure, so the mapping is tested directly.
 */
import { CampaignSortField, CampaignStatus } from "@prospector/contracts";

export const DEFAULT_PER_PAGE = 20;
export const PER_PAGE_OPTIONS = [10, 20, 50, 100];

export interface CampaignFilterState {
  search: string;
  status: CampaignStatus[];
  date_from: string;
  date_to: string;
  sort_by: CampaignSortField;
  sort_order: "asc" | "desc";
  page: number;
  per_page: number;
}

export interface CampaignListParams {
  page: number;
  per_page: number;
  status?: CampaignStatus[];
  search?: string;
  date_from?: string;
  date_to?: string;
  sort_by: CampaignSortField;
  sort_order: "asc" | "desc";
}

const positive = (raw: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER) => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
};
const isDate = (v: string | null): v is string => Boolean(v && /^\d{4}-\d{2}-\d{2}$/.test(v));

export function filtersFromSearch(params: URLSearchParams): CampaignFilterState {
  const status = params
    .getAll("status")
    .flatMap((v) => v.split(","))
    .filter((v): v is CampaignStatus => CampaignStatus.safeParse(v).success);
  const sort = CampaignSortField.safeParse(params.get("sort_by"));
  return {
    search: params.get("search") ?? "",
    status: [...new Set(status)],
    date_from: isDate(params.get("date_from")) ? params.get("date_from")! : "",
    date_to: isDate(params.get("date_to")) ? params.get("date_to")! : "",
    sort_by: sort.success ? sort.data : "created_at",
    sort_order: params.get("sort_order") === "asc" ? "asc" : "desc",
    page: positive(params.get("page"), 1),
    per_page: PER_PAGE_OPTIONS.includes(Number(params.get("per_page"))) ? Number(params.get("per_page")) : DEFAULT_PER_PAGE,
  };
}

/** Writes the state back; defaults are left out so the plain /campaigns stays plain. */
export function filtersToSearch(f: CampaignFilterState): URLSearchParams {
  const p = new URLSearchParams();
  if (f.search.trim()) p.set("search", f.search);
  if (f.status.length) p.set("status", f.status.join(","));
  if (f.date_from) p.set("date_from", f.date_from);
  if (f.date_to) p.set("date_to", f.date_to);
  if (f.sort_by !== "created_at") p.set("sort_by", f.sort_by);
  if (f.sort_order !== "desc") p.set("sort_order", f.sort_order);
  if (f.page !== 1) p.set("page", String(f.page));
  if (f.per_page !== DEFAULT_PER_PAGE) p.set("per_page", String(f.per_page));
  return p;
}

export function hasFilters(f: CampaignFilterState): boolean {
  return Boolean(f.search.trim() || f.status.length || f.date_from || f.date_to);
}

/** A date range the server would refuse is reported here instead of being sent. */
export function dateRangeError(f: Pick<CampaignFilterState, "date_from" | "date_to">): string | null {
  return f.date_from && f.date_to && f.date_from > f.date_to ? "The start date must not be after the end date" : null;
}

export function listParams(f: CampaignFilterState, debouncedSearch: string = f.search): CampaignListParams {
  const params: CampaignListParams = { page: f.page, per_page: f.per_page, sort_by: f.sort_by, sort_order: f.sort_order };
  if (f.status.length) params.status = f.status;
  const search = debouncedSearch.trim();
  if (search) params.search = search;
  if (!dateRangeError(f)) {
    if (f.date_from) params.date_from = f.date_from;
    if (f.date_to) params.date_to = f.date_to;
  }
  return params;
}
