/** The rows-per-page select and page arrows under a table paged by the server, driven by usePager. */
import { type SxProps, TablePagination, type Theme } from "@mui/material";
import type { Pager } from "./use-pager.ts";

export function TablePager({ pager, count, sx }: { pager: Pager; count: number; sx?: SxProps<Theme> }) {
  return (
    <TablePagination
      component="div"
      count={count}
      page={pager.page}
      onPageChange={(_, p) => pager.setPage(p)}
      rowsPerPage={pager.perPage}
      rowsPerPageOptions={pager.perPageOptions}
      onRowsPerPageChange={(e) => pager.setPerPage(Number(e.target.value))}
      sx={sx}
    />
  );
}
