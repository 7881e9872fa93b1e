/** Thresholds crossed: open alerts (and, on demand, resolved ones), newest first, paged. */
import { Box, Card, CardContent, CardHeader, Chip, List, ListItem, MenuItem, Stack, TextField, Typography } from "@mui/material";
import type { ReputationAlertList } from "@prospector/contracts";
import { formatDateTime } from "../../../lib/format.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { TablePager } from "../../../ui/table-pager/table-pager.tsx";
import type { Pager } from "../../../ui/table-pager/use-pager.ts";

export type AlertStatus = "open" | "resolved" | "all";

interface Props {
  list: ReputationAlertList | undefined;
  status: AlertStatus;
  onStatusChange: (s: AlertStatus) => void;
  pager: Pager;
  error: unknown;
  onRetry: () => void;
}

const KIND_LABEL = { bounce_rate: "Bounce rate", complaint_rate: "Spam complaints", blocklisted: "Blocklisted" } as const;

export function ReputationAlertsCard({ list, status, onStatusChange, pager, error, onRetry }: Props) {
  return (
    <Card variant="outlined" component="section" aria-labelledby="rep-alerts-title">
      <CardHeader
        title="Alerts"
        subheader={list ? `${list.open} open. Each crossing is also sent once as a notification.` : "Thresholds crossed"}
        slotProps={{ title: { variant: "subtitle1", component: "h3", id: "rep-alerts-title" } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <TextField
          select
          size="small"
          label="Show"
          value={status}
          onChange={(e) => onStatusChange(e.target.value as AlertStatus)}
          sx={{ minWidth: 130, mb: 1 }}
        >
          <MenuItem value="open">Open</MenuItem>
          <MenuItem value="resolved">Resolved</MenuItem>
          <MenuItem value="all">All</MenuItem>
        </TextField>
        {error ? (
          <LoadError error={error} onRetry={onRetry} />
        ) : !list ? (
          <Typography color="textSecondary">Loading alerts…</Typography>
        ) : list.alerts.length === 0 ? (
          <Box sx={{ py: 3 }}>
            <Typography color="textSecondary">
              {status === "resolved"
                ? "No alert has been resolved yet."
                : "No threshold is crossed: bounces, complaints and blocklists are within limits."}
            </Typography>
          </Box>
        ) : (
          <>
            <List disablePadding aria-label="Reputation alerts">
              {list.alerts.map((a) => (
                <ListItem
                  key={a.id}
                  disableGutters
                  divider
                  sx={{ display: "block", py: 1.25 }}
                  aria-label={`${KIND_LABEL[a.kind]}: ${a.subject_label}`}
                >
                  <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
                    <Chip
                      size="small"
                      color={a.resolved_at ? "default" : a.level === "critical" ? "error" : "warning"}
                      label={a.resolved_at ? "Resolved" : a.level === "critical" ? "Critical" : "Warning"}
                    />
                    <Typography variant="subtitle2" component="h4">
                      {KIND_LABEL[a.kind]} · {a.subject_label}
                    </Typography>
                  </Stack>
                  <Typography variant="body2" sx={{ mt: 0.5 }}>
                    {a.message}
                  </Typography>
                  <Typography variant="caption" color="textSecondary">
                    {`Crossed ${formatDateTime(a.opened_at)}`}
                    {a.resolved_at ? ` · cleared ${formatDateTime(a.resolved_at)}` : ""}
                  </Typography>
                </ListItem>
              ))}
            </List>
            <TablePager pager={pager} count={list.total} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
