/** Every emailed report, newest first: when, what period, to whom, and how each mail fared. */

import {
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import type { ReportDelivery } from "@prospector/contracts";
import { errorMessage } from "../../../lib/errors.ts";
import { useDeliveries } from "../api/use-reports.ts";

const COLOR: Record<ReportDelivery["status"], "default" | "success" | "warning" | "error" | "info"> = {
  preparing: "info",
  queued: "info",
  retrying: "warning",
  sent: "success",
  local: "default",
  failed: "error",
};
const LABEL: Record<ReportDelivery["status"], string> = {
  preparing: "Preparing",
  queued: "Queued",
  retrying: "Retrying",
  sent: "Sent",
  local: "In local mailbox (no SMTP)",
  failed: "Failed",
};

export function DeliveryLog({ reportId }: { reportId: string | null }) {
  const q = useDeliveries(reportId);
  const rows = q.data?.pages.flatMap((p) => p.deliveries) ?? [];
  return (
    <Card variant="outlined">
      <CardHeader
        title="Delivery log"
        subheader="Times in your browser's zone; report periods in UTC days"
        slotProps={{ title: { variant: "subtitle1", component: "h3" } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {q.isError && <Typography color="error">{errorMessage(q.error)}</Typography>}
        {q.isSuccess && rows.length === 0 && (
          <Typography color="textSecondary">
            No report has been emailed yet. Schedule a saved report, or use Send now on a schedule.
          </Typography>
        )}
        {rows.length > 0 && (
          <TableContainer>
            <Table size="small" aria-label="Delivery log">
              <TableHead>
                <TableRow>
                  <TableCell>When</TableCell>
                  <TableCell>Report</TableCell>
                  <TableCell>Period</TableCell>
                  <TableCell>Recipients</TableCell>
                  <TableCell>Status</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((d) => (
                  <TableRow key={d.id}>
                    <TableCell>
                      {new Date(d.slot).toLocaleString()}
                      {d.manual && " (Send now)"}
                    </TableCell>
                    <TableCell>
                      {d.report_name} · {d.format.toUpperCase()}
                      {d.rows !== null && ` · ${d.rows} rows`}
                    </TableCell>
                    <TableCell>{d.period_from ? `${d.period_from} to ${d.period_to}` : "—"}</TableCell>
                    <TableCell>{d.recipients.map((r) => `${r.email} (${r.status})`).join(", ")}</TableCell>
                    <TableCell>
                      <Chip size="small" color={COLOR[d.status]} label={LABEL[d.status]} />
                      {d.error && (
                        <Typography variant="caption" component="p" color={d.status === "failed" ? "error" : "textSecondary"}>
                          {d.error}
                          {d.attempts > 1 && ` (attempt ${d.attempts})`}
                        </Typography>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {q.hasNextPage && (
          <Button onClick={() => q.fetchNextPage()} disabled={q.isFetchingNextPage}>
            Load more
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
