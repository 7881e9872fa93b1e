/** The automation lists' body: stacked rows on a phone, a table wider up, and the pager under both. */
import {
  Divider,
  Paper,
  type PaperProps,
  Stack,
  Table,
  TableBody,
  TableContainer,
  TableHead,
  TableRow,
  type Theme,
  useMediaQuery,
} from "@mui/material";
import type { ReactNode } from "react";
import { TablePager } from "../../../ui/table-pager/table-pager.tsx";
import type { Pager } from "../../../ui/table-pager/use-pager.ts";

export function PagedRows<T>({
  rows,
  count,
  pager,
  head,
  tableRow,
  phoneRow,
  tableLabel,
  phoneLabel,
  paperProps,
}: {
  rows: T[];
  count: number;
  pager: Pager;
  /** The header cells of the table. */
  head: ReactNode;
  /** A TableRow (with its key) for a row. */
  tableRow: (row: T) => ReactNode;
  /** A block (with its key) for a row on a phone. */
  phoneRow: (row: T) => ReactNode;
  tableLabel: string;
  phoneLabel?: string;
  paperProps?: PaperProps & { component?: string };
}) {
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down("sm"));
  return (
    <Paper variant="outlined" {...paperProps}>
      {phone ? (
        <Stack divider={<Divider />} aria-label={phoneLabel}>
          {rows.map(phoneRow)}
        </Stack>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={tableLabel}>
            <TableHead>
              <TableRow>{head}</TableRow>
            </TableHead>
            <TableBody>{rows.map(tableRow)}</TableBody>
          </Table>
        </TableContainer>
      )}
      <TablePager pager={pager} count={count} />
    </Paper>
  );
}
