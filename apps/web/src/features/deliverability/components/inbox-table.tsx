/** Per inbox: bounces and complaints against the thresholds, warm-up, today's volume against its cap, campaigns. */

import { Box, LinearProgress, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from "@mui/material";
import type { InboxDeliverability, RateVerdict, Thresholds } from "@prospector/contracts";
import { percent, StatusChip } from "./status-chip.tsx";

function Rate({ verdict }: { verdict: RateVerdict }) {
  return (
    <Tooltip title={verdict.summary}>
      <Box>
        <StatusChip status={verdict.status} label={verdict.status === "unknown" ? undefined : percent(verdict.rate)} />
        <Typography variant="caption" color="textSecondary" sx={{ display: "block" }}>
          {verdict.status === "unknown" ? verdict.summary : `${verdict.count} · ${verdict.summary}`}
        </Typography>
      </Box>
    </Tooltip>
  );
}

function Warmup({ w }: { w: InboxDeliverability["warmup"] }) {
  if (!w.enabled) return <Typography variant="body2">Off · cap {w.daily_limit}/day</Typography>;
  return (
    <Typography variant="body2">
      Day {(w.day ?? 0) + 1}: {w.today_limit} of {w.daily_limit}/day
      <Typography variant="caption" color="textSecondary" sx={{ display: "block" }}>
        {w.days_to_full ? `full cap in ${w.days_to_full} day${w.days_to_full === 1 ? "" : "s"}` : "ramp complete"}
      </Typography>
    </Typography>
  );
}

export function InboxTable({ inboxes, thresholds }: { inboxes: InboxDeliverability[]; thresholds: Thresholds }) {
  return (
    <TableContainer sx={{ overflowX: "auto" }}>
      <Table size="small" aria-label="Inboxes">
        <TableHead>
          <TableRow>
            <TableCell>Inbox</TableCell>
            <TableCell align="right">Sent ({thresholds.window_days} d)</TableCell>
            <TableCell>Bounces (under {percent(thresholds.bounce_max)})</TableCell>
            <TableCell>
              Spam complaints (under {percent(thresholds.complaint_max)}, aim {percent(thresholds.complaint_target)})
            </TableCell>
            <TableCell>Warm-up</TableCell>
            <TableCell>Last 24 h vs today's cap</TableCell>
            <TableCell>Campaigns</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {inboxes.map((i) => (
            <TableRow key={i.id} aria-label={i.email}>
              <TableCell sx={{ minWidth: 180 }}>
                <Typography variant="body2" sx={{ wordBreak: "break-all", fontWeight: 600 }}>
                  {i.email}
                </Typography>
                <Typography variant="caption" color={i.status === "healthy" ? "textSecondary" : "error"}>
                  {i.status}
                  {i.status_reason ? ` · ${i.status_reason}` : ""}
                </Typography>
              </TableCell>
              <TableCell align="right">{i.sent}</TableCell>
              <TableCell sx={{ minWidth: 180 }}>
                <Rate verdict={i.bounces} />
              </TableCell>
              <TableCell sx={{ minWidth: 180 }}>
                <Rate verdict={i.complaints} />
              </TableCell>
              <TableCell sx={{ minWidth: 140 }}>
                <Warmup w={i.warmup} />
              </TableCell>
              <TableCell sx={{ minWidth: 140 }}>
                <Typography variant="body2">
                  {i.sent_today} / {i.warmup.today_limit}
                </Typography>
                <LinearProgress
                  variant="determinate"
                  value={Math.min(100, i.warmup.today_limit ? (i.sent_today / i.warmup.today_limit) * 100 : 0)}
                  color={i.sent_today >= i.warmup.today_limit ? "warning" : "primary"}
                  aria-label={`${i.email}: ${i.sent_today} of ${i.warmup.today_limit} sent`}
                />
              </TableCell>
              <TableCell sx={{ minWidth: 120 }}>
                <Typography variant="body2">
                  {i.campaigns.total ? `${i.campaigns.total} sending, ${i.campaigns.tracking} tracking` : "None sending"}
                </Typography>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
