/**
 * Consent and suppression: the list by reason and over the last 90 days, recent unsubscribes,
 * whether each live campaign offers the unsubscribe link, and where leads came from (their source:
 * the product records no separate consent field, so it shows no lawful basis it does not know).
 */
import {
  Alert,
  Box,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { errorMessage } from "../../../lib/errors.ts";
import { formatUtcDateTime } from "../../../lib/format.ts";
import { ChartCard } from "../../../ui/charts/chart-card.tsx";
import { useConsentOverview } from "../api/use-compliance.ts";

const REASON_LABEL: Record<string, string> = {
  unsubscribed: "Unsubscribed",
  bounced: "Hard bounce",
  complained: "Complaint",
  manual: "Added by hand",
  erasure: "Erased (hash)",
};
const label = (r: string) => REASON_LABEL[r] ?? r;

export function ConsentSection() {
  const q = useConsentOverview();
  if (q.isError) return <Alert severity="error">{errorMessage(q.error)}</Alert>;
  if (!q.data) return null;
  const o = q.data;
  const total = o.suppression_by_reason.reduce((n, r) => n + r.count, 0);
  const days = [...new Set(o.suppression_by_day.map((d) => d.day))];
  const reasons = [...new Set(o.suppression_by_day.map((d) => d.reason))];
  const dayRows = days.map((day) => ({
    day,
    ...Object.fromEntries(reasons.map((r) => [r, o.suppression_by_day.find((d) => d.day === day && d.reason === r)?.count ?? 0])),
  }));
  return (
    <Stack spacing={3}>
      {!o.footer_configured ? (
        <Alert severity="warning">
          No postal address is set: CAN-SPAM asks every commercial email to carry one. Add it under "Email footer & address".
        </Alert>
      ) : null}
      <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { md: "1fr 1fr" } }}>
        <ChartCard
          title="Suppression list by reason"
          subheader={`${total.toLocaleString()} ${total === 1 ? "address" : "addresses"} never emailed again`}
          table={{
            columns: [
              { key: "reason", label: "Reason", format: (v) => label(String(v)) },
              { key: "count", label: "Addresses", numeric: true },
            ],
            rows: o.suppression_by_reason,
          }}
          empty={
            total === 0 ? (
              <Typography color="textSecondary">
                Nobody is suppressed yet: unsubscribes, hard bounces and complaints land here as campaigns send; add addresses by hand on
                the Suppression page.
              </Typography>
            ) : undefined
          }
        >
          <BarChart
            height={240}
            xAxis={[{ scaleType: "band", data: o.suppression_by_reason.map((r) => label(r.reason)) }]}
            yAxis={[{ tickMinStep: 1 }]}
            series={[{ data: o.suppression_by_reason.map((r) => r.count), label: "Addresses" }]}
          />
        </ChartCard>
        <ChartCard
          title="Added to the list, last 90 days"
          subheader="Per UTC day and reason"
          table={{
            columns: [{ key: "day", label: "Day" }, ...reasons.map((r) => ({ key: r, label: label(r), numeric: true }))],
            rows: dayRows,
          }}
          empty={dayRows.length === 0 ? <Typography color="textSecondary">Nothing was added in the last 90 days.</Typography> : undefined}
        >
          <BarChart
            height={240}
            xAxis={[{ scaleType: "band", data: days.map((d) => d.slice(5)) }]}
            yAxis={[{ tickMinStep: 1 }]}
            series={reasons.map((r) => ({
              data: dayRows.map((d) => Number((d as Record<string, unknown>)[r] ?? 0)),
              label: label(r),
              stack: "all",
            }))}
          />
        </ChartCard>
      </Box>
      <Card variant="outlined">
        <CardHeader
          title="Live campaigns and their unsubscribe link"
          subheader="Every email also carries a one-click List-Unsubscribe header (RFC 8058)."
        />
        <CardContent>
          {o.campaigns.length === 0 ? (
            <Typography color="textSecondary">
              No campaign is sending, scheduled or paused: launch one on Campaigns to see it checked here.
            </Typography>
          ) : (
            <Table size="small" aria-label="Live campaigns">
              <TableHead>
                <TableRow>
                  <TableCell>Campaign</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Unsubscribe link in every step</TableCell>
                  <TableCell>List-Unsubscribe header</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {o.campaigns.map((c) => (
                  <TableRow key={c.id}>
                    <TableCell>{c.name}</TableCell>
                    <TableCell>{c.status}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={c.has_unsubscribe_link ? "success" : "warning"}
                        label={c.has_unsubscribe_link ? "Yes" : "Missing in a step"}
                      />
                    </TableCell>
                    <TableCell>{c.list_unsubscribe_header ? "Yes" : "No"}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { md: "1fr 1fr" } }}>
        <Card variant="outlined">
          <CardHeader title="Recent unsubscribes" />
          <CardContent>
            {o.recent_unsubscribes.length === 0 ? (
              <Typography color="textSecondary">No one has unsubscribed yet; the link in each email adds them here at once.</Typography>
            ) : (
              <Table size="small" aria-label="Recent unsubscribes">
                <TableBody>
                  {o.recent_unsubscribes.map((u) => (
                    <TableRow key={`${u.email}-${u.created_at}`}>
                      <TableCell>{u.email}</TableCell>
                      <TableCell>{formatUtcDateTime(u.created_at)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardHeader
            title="Where leads came from"
            subheader="The lead's source is what the product records about how you got the data; it keeps no separate consent or lawful-basis field."
          />
          <CardContent>
            {o.total_leads === 0 ? (
              <Typography color="textSecondary">No leads yet: import a CSV or add leads on the Leads page.</Typography>
            ) : (
              <Table size="small" aria-label="Leads by source">
                <TableBody>
                  {o.leads_by_source.map((s) => (
                    <TableRow key={s.source}>
                      <TableCell>{s.source}</TableCell>
                      <TableCell align="right">{s.count.toLocaleString()}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </CardContent>
        </Card>
      </Box>
    </Stack>
  );
}
