/** The capacity plan's two tables: each running campaign's queued emails, finish day and bottleneck; each inbox's capacity. Paged in the browser (the plan is one answer). */
import {
  Box,
  Chip,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from "@mui/material";
import type { CapacityCampaign, CapacityInbox } from "@prospector/contracts";
import { Link as RouterLink } from "react-router";
import { TablePager } from "../../../ui/table-pager/table-pager.tsx";
import { usePager } from "../../../ui/table-pager/use-pager.ts";

const num = (n: number) => n.toLocaleString("en-US");

/** "Tue, 15 Dec 2026" for a plain date (no time zone shift). */
export function formatDay(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  return d.toLocaleDateString(undefined, { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
}

const BAD = new Set(["held", "paused", "no_inbox", "not_within_horizon"]);

export function CapacityCampaignsTable({ campaigns }: { campaigns: CapacityCampaign[] }) {
  const pager = usePager();
  const rows = campaigns.slice(pager.page * pager.perPage, (pager.page + 1) * pager.perPage);
  return (
    <Paper variant="outlined">
      <Typography variant="h6" component="h3" sx={{ p: 2, pb: 1 }}>
        Campaigns
      </Typography>
      <TableContainer>
        <Table size="small" aria-label="Campaign capacity">
          <TableHead>
            <TableRow>
              <TableCell>Campaign</TableCell>
              <TableCell>Finishes</TableCell>
              <TableCell>Held back by</TableCell>
              <TableCell align="right">Queued emails</TableCell>
              <TableCell align="right">Inboxes</TableCell>
              <TableCell align="right">Can send today</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((c) => (
              <TableRow key={c.campaign_id} hover>
                <TableCell sx={{ overflowWrap: "anywhere", minWidth: 140 }}>
                  <Link component={RouterLink} to={`/campaigns/${c.campaign_id}`}>
                    {c.name}
                  </Link>
                  <Typography variant="caption" color="textSecondary" component="div">
                    {c.status}
                  </Typography>
                </TableCell>
                <TableCell sx={{ whiteSpace: "nowrap" }}>
                  {c.finish_date ? (
                    <>
                      {formatDay(c.finish_date)}
                      <Typography variant="caption" color="textSecondary" component="div">
                        {c.sending_days} sending day{c.sending_days === 1 ? "" : "s"}
                      </Typography>
                    </>
                  ) : c.queued_messages === 0 ? (
                    "Nothing queued"
                  ) : (
                    <Chip size="small" color="warning" label="Not planned" />
                  )}
                </TableCell>
                <TableCell sx={{ minWidth: 160 }}>
                  <Typography variant="body2" color={BAD.has(c.bottleneck) ? "error" : "textPrimary"}>
                    {c.bottleneck_text}
                  </Typography>
                </TableCell>
                <TableCell align="right">
                  <Tooltip title={c.per_step.map((s) => `Step ${s.step}: ${num(s.messages)}`).join(" · ") || "Nothing queued"}>
                    <span>{num(c.queued_messages)}</span>
                  </Tooltip>
                </TableCell>
                <TableCell align="right">{c.inbox_count}</TableCell>
                <TableCell align="right">{num(c.daily_capacity_today)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {campaigns.length > pager.perPageOptions[0]! && <TablePager pager={pager} count={campaigns.length} />}
    </Paper>
  );
}

export function CapacityInboxesTable({ inboxes }: { inboxes: CapacityInbox[] }) {
  const pager = usePager();
  const rows = inboxes.slice(pager.page * pager.perPage, (pager.page + 1) * pager.perPage);
  if (inboxes.length === 0) return null;
  return (
    <Paper variant="outlined">
      <Typography variant="h6" component="h3" sx={{ p: 2, pb: 1 }}>
        Inboxes these campaigns send from
      </Typography>
      <TableContainer>
        <Table size="small" aria-label="Inbox capacity">
          <TableHead>
            <TableRow>
              <TableCell>Inbox</TableCell>
              <TableCell align="right">Today's limit</TableCell>
              <TableCell>Warm-up</TableCell>
              <TableCell align="right">Minimum gap</TableCell>
              <TableCell align="right">Campaigns</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((i) => (
              <TableRow key={i.inbox_id} hover>
                <TableCell sx={{ overflowWrap: "anywhere", minWidth: 140 }}>
                  {i.email}
                  <Box component="span" sx={{ ml: 1 }}>
                    {i.held ? (
                      <Chip size="small" color="error" label="Stopped" />
                    ) : i.status === "paused" ? (
                      <Chip size="small" color="warning" label="Paused" />
                    ) : null}
                  </Box>
                </TableCell>
                <TableCell align="right">
                  {num(i.limit_today)} of {num(i.daily_limit)}
                </TableCell>
                <TableCell>{i.warmup_full_on ? `Full limit on ${formatDay(i.warmup_full_on)}` : "At full limit"}</TableCell>
                <TableCell align="right">{i.min_gap_seconds ? `${num(i.min_gap_seconds)} s` : "None"}</TableCell>
                <TableCell align="right">{i.campaigns}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {inboxes.length > pager.perPageOptions[0]! && <TablePager pager={pager} count={inboxes.length} />}
    </Paper>
  );
}
