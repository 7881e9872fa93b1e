/**
 * /campaign-intelligence/agents: What is each automated worker doing for my campaigns right now?
 * Per campaign: the sender (leads due, next send, why they wait, sent today), the A/B bandit's
 * allocation, nurture and automation, holds; per inbox: sends today against the cap and the reply
 * poller's last poll and error. Read from the tables, refreshed every 30 s.
 */
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Grid,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { Link as RouterLink } from "react-router";
import { LoadError } from "../../../ui/load-error.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useAgents } from "../api/use-campaign-intelligence.ts";
import { Source, when } from "../components/ci-figures.tsx";

const reasonText = (r: string) => r.replaceAll("_", " ");

export default function CampaignIntelligenceAgentsPage() {
  const q = useAgents();
  const d = q.data;
  return (
    <Stack spacing={2}>
      <PageIntro
        title="Campaign Agents"
        question="What is each automated worker doing for my campaigns right now?"
        summary={d ? `Updated ${when(d.computed_at)} · refreshes every 30 seconds · "today" is the UTC day` : undefined}
      />
      {q.isError && <LoadError error={q.error} onRetry={() => q.refetch()} />}
      {d && d.holds.length > 0 && (
        <Alert severity="warning">
          Kill switch on: {d.holds.map((h) => `${h.scope} ${h.target} since ${when(h.since)} (${h.reason})`).join("; ")}.{" "}
          <RouterLink to="/kill-switch">Open the kill switch</RouterLink>
        </Alert>
      )}
      {d && (
        <Card variant="outlined">
          <CardHeader title="Automation" slotProps={{ title: { variant: "h6", component: "h3" } }} />
          <CardContent sx={{ pt: 0 }}>
            <Typography variant="body2">
              {d.automation.rules_enabled} of {d.automation.rules_total} rules enabled · {d.automation.runs_24h} runs in the last 24 h
              {d.automation.failed_24h > 0 ? ` (${d.automation.failed_24h} failed or partial)` : ""} · last run{" "}
              {when(d.automation.last_run_at)}
            </Typography>
          </CardContent>
        </Card>
      )}
      {d && d.campaigns.length === 0 && (
        <EmptyState
          title="No campaign is running"
          hint="Launch a campaign: the sender, the A/B bandit and nurture work on active, paused and scheduled campaigns."
        >
          <Button component={RouterLink} to="/campaigns" variant="contained">
            Go to campaigns
          </Button>
        </EmptyState>
      )}
      <Grid container spacing={2}>
        {d?.campaigns.map((c) => (
          <Grid key={c.id} size={{ xs: 12, md: 6 }}>
            <Card variant="outlined" component="section" aria-label={c.name} sx={{ height: "100%" }}>
              <CardHeader
                title={<RouterLink to={`/campaigns/${c.id}`}>{c.name}</RouterLink>}
                action={<Chip size="small" label={c.status} />}
                slotProps={{ title: { variant: "h6", component: "h3" } }}
              />
              <CardContent sx={{ pt: 0 }}>
                <Typography variant="subtitle2">Sender</Typography>
                <Typography variant="body2">
                  {c.sender.in_sequence} leads in the sequence · {c.sender.due_now} due now · sent today {c.sender.sent_today} · next send{" "}
                  {when(c.sender.next_send_at)} · last send {when(c.sender.last_sent_at)}
                </Typography>
                {Object.keys(c.sender.wait_reasons).length > 0 && (
                  <Stack
                    direction="row"
                    spacing={0.5}
                    useFlexGap
                    sx={{ flexWrap: "wrap", mt: 0.5 }}
                    aria-label={`Why ${c.name}'s due leads wait`}
                  >
                    {Object.entries(c.sender.wait_reasons).map(([r, n]) => (
                      <Chip key={r} size="small" variant="outlined" label={`${reasonText(r)}: ${n}`} />
                    ))}
                  </Stack>
                )}
                <Typography variant="subtitle2" sx={{ mt: 1.5 }}>
                  A/B bandit
                </Typography>
                {c.bandit.length === 0 ? (
                  <Typography variant="body2" color="textSecondary">
                    No A/B test on this campaign's steps.
                  </Typography>
                ) : (
                  c.bandit.map((b) => (
                    <Typography key={b.step} variant="body2">
                      Step {b.step + 1} ({b.mode}):{" "}
                      {b.winner != null
                        ? `winner ${String.fromCharCode(65 + b.winner)} gets all traffic`
                        : b.weights
                          ? b.weights.map((w, i) => `${String.fromCharCode(65 + i)} ${(w * 100).toFixed(0)}%`).join(" · ")
                          : "even split"}
                      {b.weights_at ? ` · updated ${when(b.weights_at)}` : ""}
                    </Typography>
                  ))
                )}
                <Typography variant="subtitle2" sx={{ mt: 1.5 }}>
                  Nurture and automation
                </Typography>
                <Typography variant="body2">
                  {c.nurture
                    ? `Nurture "${c.nurture.name}" ${c.nurture.enabled ? "on" : "off"}, ${c.nurture.active_enrollments} leads enrolled`
                    : "No nurture sequence"}{" "}
                  · {c.automation_runs_24h} automation runs on its leads in 24 h
                </Typography>
                {c.holds.length > 0 && (
                  <Alert severity="warning" sx={{ mt: 1 }}>
                    Held: {c.holds.map((h) => `${h.scope} ${h.target} (${h.reason})`).join("; ")}
                  </Alert>
                )}
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
      {d && d.inboxes.length > 0 && (
        <Card variant="outlined">
          <CardHeader title="Inboxes: sender and reply poller" slotProps={{ title: { variant: "h6", component: "h3" } }} />
          <CardContent sx={{ pt: 0 }}>
            <TableContainer>
              <Table size="small" aria-label="Inboxes">
                <TableHead>
                  <TableRow>
                    <TableCell>Inbox</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell align="right">Sent (24 h) / cap</TableCell>
                    <TableCell>Last send</TableCell>
                    <TableCell>Reply poller</TableCell>
                    <TableCell align="right">Campaigns</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {d.inboxes.map((i) => (
                    <TableRow key={i.id}>
                      <TableCell>
                        {i.email}
                        {i.kind === "local" && (
                          <Typography variant="caption" color="textSecondary" component="div">
                            local test mailbox
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          color={i.status === "healthy" ? "success" : i.status === "paused" ? "error" : "warning"}
                          label={i.status}
                        />
                        {i.status_reason && (
                          <Typography variant="caption" component="div">
                            {i.status_reason}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell align="right">
                        {i.sent_today} / {i.daily_cap}
                      </TableCell>
                      <TableCell>{when(i.last_sent_at)}</TableCell>
                      <TableCell>
                        {i.kind === "local" ? "not polled (local mailbox)" : `last poll ${when(i.last_polled_at)}`}
                        {i.poll_error && (
                          <Typography variant="caption" color="error" component="div">
                            {i.poll_error}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell align="right">{i.campaigns}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </CardContent>
        </Card>
      )}
      {d && (
        <Source>
          campaign memberships (due = next send time passed; the wait reason the sender last stored), the campaign outbox (sent today since
          00:00 UTC), the A/B experiments' current traffic shares, nurture enrollments, automation's run log, the kill switch's holds, and
          each inbox's sends over the last 24 hours against its daily limit (warm-up included) and its IMAP poll state.
        </Source>
      )}
    </Stack>
  );
}
