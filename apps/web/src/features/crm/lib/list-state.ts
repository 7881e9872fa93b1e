/**
 * The state of a CRM list page: search and filters in the address (so links such as
 * /crm/tasks?status=open work), sort and page in the grid, the open record in `?selected=`.
 * `listQuery` turns it into the query of GET /api/crm/{records}/; kept pure so it is tested alone.
 */
import type { GridPaginationModel, GridSortModel } from "@mui/x-data-grid";
import { useCallback, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { useDebounced } from "../../../lib/use-debounced.ts";

export const DEFAULT_PAGE_SIZE = 25;
export const PAGE_SIZES = [25, 50, 100];
export const SEARCH_DEBOUNCE_MS = 300;

export type ListQuery = Record<string, string | number | undefined> & { skip: number; limit: number };

export function listQuery(
  search: string,
  filters: Record<string, string>,
  sortModel: GridSortModel,
  pagination: GridPaginationModel,
  sortable: (field: string) => string | null,
): ListQuery {
  const query: ListQuery = { skip: pagination.page * pagination.pageSize, limit: pagination.pageSize };
  if (search.trim()) query.search = search.trim();
  for (const [key, value] of Object.entries(filters)) if (value) query[key] = value;
  const sort = sortModel[0];
  const field = sort?.sort ? sortable(sort.field) : null;
  if (sort?.sort && field) {
    query.sort = field;
    query.order = sort.sort;
  }
  return query;
}

export function useListState(filterKeys: readonly string[], sortable: (field: string) => string | null) {
  const [params, setParams] = useSearchParams();
  const [sortModel, setSortModel] = useState<GridSortModel>([]);
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: DEFAULT_PAGE_SIZE });
  const search = params.get("search") ?? "";
  const debounced = useDebounced(search, SEARCH_DEBOUNCE_MS);
  const filterValues = filterKeys.map((k) => params.get(k) ?? "");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the values, not the fresh array, decide
  const filters = useMemo(() => Object.fromEntries(filterKeys.map((k, i) => [k, filterValues[i] ?? ""])), filterValues);

  const setQuery = useCallback(
    (change: (p: URLSearchParams) => void) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          change(next);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setParam = (key: string, value: string | null) => {
    setQuery((p) => {
      if (value) p.set(key, value);
      else p.delete(key);
    });
    if (key !== "selected" && key !== "view") setPagination((pg) => ({ ...pg, page: 0 }));
  };

  return {
    params,
    search,
    filters,
    hasFilters: Boolean(search.trim()) || Object.values(filters).some(Boolean),
    setSearch: (v: string) => setParam("search", v),
    setFilter: (key: string, v: string) => setParam(key, v),
    clearFilters: () => {
      setQuery((p) => {
        for (const k of filterKeys) p.delete(k);
      });
      setPagination((pg) => ({ ...pg, page: 0 }));
    },
    selectedId: params.get("selected"),
    open: (id: string | null) => setParam("selected", id),
    setParam,
    sortModel,
    setSortModel: (m: GridSortModel) => {
      setSortModel(m);
      setPagination((pg) => ({ ...pg, page: 0 }));
    },
    pagination,
    setPagination,
    query: listQuery(debounced, filters, sortModel, pagination, sortable),
  };
}

export type ListState = ReturnType<typeof useListState>;
