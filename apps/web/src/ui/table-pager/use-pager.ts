/**
 * The page and rows-per-page state of a table paged by the server, which goes back to the first
 * page when the rows per page or any of the table's filters change.
 */
import { useCallback, useState } from "react";

/** The page sizes a full-width table offers, 20 to start with. */
export const PER_PAGE_OPTIONS: readonly number[] = [20, 50, 100];

export interface PagerOptions {
  /** The sizes the rows-per-page select offers, the first one to start with; a single size hides the select. */
  perPageOptions?: readonly number[];
  /** The filters and search text the rows depend on: when one of them changes, the table goes back to its first page. */
  resetKeys?: readonly unknown[];
}

export interface Pager {
  /** 0-based, as TablePagination counts; each table turns it into what its API takes (page + 1, or an offset). */
  page: number;
  perPage: number;
  perPageOptions: readonly number[];
  setPage: (page: number) => void;
  /** Starts again from the first page, as the old page number means other rows at the new size. */
  setPerPage: (perPage: number) => void;
}

const sameKeys = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

export function usePager({ perPageOptions = PER_PAGE_OPTIONS, resetKeys = [] }: PagerOptions = {}): Pager {
  const first = perPageOptions[0];
  if (first === undefined) throw new Error("usePager needs at least one page size in perPageOptions");
  const [page, setPage] = useState(0);
  const [perPage, setPerPageState] = useState(first);
  const [keys, setKeys] = useState(resetKeys);
  const setPerPage = useCallback((n: number) => {
    setPerPageState(n);
    setPage(0);
  }, []);
  // Reset while rendering, not in an effect: an effect would first let the table fetch the new
  // filter's rows at the old page, a request no one wants (and a page that may not exist).
  let current = page;
  if (!sameKeys(keys, resetKeys)) {
    setKeys(resetKeys);
    setPage(0);
    current = 0;
  }
  return { page: current, perPage, perPageOptions, setPage, setPerPage };
}
