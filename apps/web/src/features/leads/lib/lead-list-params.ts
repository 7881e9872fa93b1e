/**
 * The grid's state (filters in the URL, sort and page in the grid) turned into the query of
 * GET /api/leads/, and back. Kept pure so the mapping is tested without a browser.
 */
import type { GridPaginationModel, GridSortModel } from "@mui/x-data-grid";
import { EmailStatus, LeadSortField, LeadStatus } from "@prospector/contracts";

export interface LeadFilterState {
  search: string;
  status: string[];
  source: string[];
  tag: string[];
  email_status: string[];
}

export interface LeadListParams {
  search?: string;
  status?: string[];
  source?: string[];
  tag?: string[];
  email_status?: string[];
  sort?: string;
  order?: "asc" | "desc";
  skip: number;
  limit: number;
}

export const DEFAULT_PAGE_SIZE = 25;
export const PAGE_SIZES = [25, 50, 100];

/** Grid columns whose sort the server does under another name (the name column sorts by last name). */
const SORT_ALIASES: Record<string, string> = { name: "last_name" };

const FILTER_KEYS = ["status", "source", "tag", "email_status"] as const;

function allowed(values: string[], options: readonly string[] | null): string[] {
  return options ? values.filter((v) => options.includes(v)) : values;
}

/** Reads filters from the page's query string (so /leads?source=website links work). */
export function filtersFromSearch(params: URLSearchParams): LeadFilterState {
  const list = (key: string) =>
    params
      .getAll(key)
      .flatMap((v) => v.split(","))
      .map((v) => v.trim())
      .filter(Boolean);
  return {
    search: params.get("search") ?? "",
    status: allowed(list("status"), LeadStatus.options),
    source: list("source"),
    tag: list("tag"),
    email_status: allowed(list("email_status"), EmailStatus.options),
  };
}

/** Writes filters into the query string, keeping unrelated keys such as `selected`. */
export function filtersToSearch(filters: LeadFilterState, current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  next.delete("search");
  if (filters.search.trim()) next.set("search", filters.search);
  for (const key of FILTER_KEYS) {
    next.delete(key);
    if (filters[key].length) next.set(key, filters[key].join(","));
  }
  return next;
}

export function isSortable(field: string): boolean {
  return LeadSortField.safeParse(SORT_ALIASES[field] ?? field).success;
}

export function listParams(
  filters: LeadFilterState,
  sortModel: GridSortModel,
  pagination: GridPaginationModel,
  debouncedSearch: string = filters.search,
): LeadListParams {
  const params: LeadListParams = { skip: pagination.page * pagination.pageSize, limit: pagination.pageSize };
  const search = debouncedSearch.trim();
  if (search) params.search = search;
  for (const key of FILTER_KEYS) if (filters[key].length) params[key] = [...filters[key]].sort();
  const sort = sortModel[0];
  if (sort?.sort && isSortable(sort.field)) {
    params.sort = SORT_ALIASES[sort.field] ?? sort.field;
    params.order = sort.sort;
  }
  return params;
}

/** The same filters for the CSV export, which takes no paging or sort. */
export function exportParams(filters: LeadFilterState, debouncedSearch: string = filters.search) {
  const {
    skip: _skip,
    limit: _limit,
    sort: _sort,
    order: _order,
    ...rest
  } = listParams(filters, [], { page: 0, pageSize: 1 }, debouncedSearch);
  return rest;
}

export function hasFilters(filters: LeadFilterState): boolean {
  return Boolean(filters.search.trim()) || FILTER_KEYS.some((k) => filters[k].length > 0);
}
