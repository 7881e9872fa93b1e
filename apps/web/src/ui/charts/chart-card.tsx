/**
 * Every chart of the app sits in a ChartCard (docs/analytics.md, "Charts"): a title, where its
 * figures come from, and a Chart | Table switch so every chart can also be read as a table (by
 * screen readers, by keyboard, or to copy the figures). The chart itself is the page's own MUI X
 * chart, passed as children, so MUI X loads only on pages that draw one.
 */
import {
  Box,
  Card,
  CardContent,
  CardHeader,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import { type ReactNode, useId, useState } from "react";

export interface ChartTableColumn {
  key: string;
  label: string;
  /** Numbers align right. */
  numeric?: boolean;
  /** How a cell shows (a percentage, a currency); default: as is, numbers with separators. */
  format?: (value: unknown) => string;
}

export interface ChartTable {
  columns: ChartTableColumn[];
  rows: Record<string, unknown>[];
}

interface Props {
  title: string;
  /** One line under the title: where the figures come from, the period, how sure they are. */
  subheader?: ReactNode;
  /** The same figures as the chart, for the table view. */
  table: ChartTable;
  /** The chart (an MUI X chart). */
  children: ReactNode;
  /** Shown instead of chart and table when there is nothing to draw: say how to get data. */
  empty?: ReactNode;
  action?: ReactNode;
  /** Start on the table view (e.g. the page's own preference). */
  defaultView?: "chart" | "table";
}

const show = (column: ChartTableColumn, value: unknown): string => {
  if (column.format) return column.format(value);
  if (value === null || value === undefined) return "—";
  if (typeof value === "number") return value.toLocaleString();
  return String(value);
};

export function ChartCard({ title, subheader, table, children, empty, action, defaultView = "chart" }: Props) {
  const [view, setView] = useState<"chart" | "table">(defaultView);
  const titleId = useId();
  return (
    <Card variant="outlined" aria-labelledby={titleId}>
      <CardHeader
        title={title}
        subheader={subheader}
        slotProps={{ title: { variant: "subtitle1", id: titleId, component: "h3" } }}
        action={
          <Box sx={{ display: "flex", gap: 1, alignItems: "center" }}>
            {action}
            {!empty && (
              <ToggleButtonGroup
                size="small"
                exclusive
                value={view}
                onChange={(_, v: "chart" | "table" | null) => v && setView(v)}
                aria-label={`${title}: show as`}
              >
                <ToggleButton value="chart">Chart</ToggleButton>
                <ToggleButton value="table">Table</ToggleButton>
              </ToggleButtonGroup>
            )}
          </Box>
        }
      />
      <CardContent>
        {empty ? (
          <Box sx={{ py: 4, textAlign: "center" }}>
            {typeof empty === "string" ? <Typography color="textSecondary">{empty}</Typography> : empty}
          </Box>
        ) : view === "chart" ? (
          <Box role="img" aria-label={`${title} (switch to Table for the figures)`}>
            {children}
          </Box>
        ) : (
          <TableContainer sx={{ maxHeight: 420 }}>
            <Table size="small" stickyHeader aria-label={title}>
              <TableHead>
                <TableRow>
                  {table.columns.map((c) => (
                    <TableCell key={c.key} align={c.numeric ? "right" : "left"}>
                      {c.label}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {table.rows.map((row, i) => (
                  // Rows are the chart's points in order; their position is their identity.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the chart's points have no other key
                  <TableRow key={i}>
                    {table.columns.map((c) => (
                      <TableCell key={c.key} align={c.numeric ? "right" : "left"}>
                        {show(c, row[c.key])}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
