/**
 * /campaign-intelligence/sequences: Which step of each sequence earns the replies, and where do
 * leads drop out? Per step (and variant) of one campaign: leads reached, sent, replies with their
 * interval, bounces and unsubscribes, where the leads whose last step it was went; a funnel chart
 * and the measurably weakest step.
 */

import {
  Alert,
  Button,
  Card,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { Link as RouterLink, useSearchParams } from "react-router";
import { ChartCard } from "../../../ui/charts/chart-card.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useSequenceReport } from "../api/use-campaign-intelligence.ts";
import { pct, RateCell, Source } from "../components/ci-figures.tsx";

export default function CampaignIntelligenceSequencesPage() {
  const [params, setParams] = useSearchParams();
  const campaignId = params.get("campaign_id") ?? undefined;
  const q = useSequenceReport(campaignId);
  const d = q.data;
  const chosen = d?.campaign;
  const rows = (d?.steps ?? []).map((s) => ({
    step: `Step ${s.step + 1}`,
    reached: s.reached,
    sent: s.sent,
    replies: s.replies,
    reply_rate: s.reply.rate,
    left: s.left.replied + s.left.bounced + s.left.unsubscribed + s.left.removed + s.left.finished + s.left.stopped,
  }));
  return (
    <Stack spacing={2}>
      <PageIntro
        title="Sequences"
        question="Which step of each sequence earns the replies, and where do leads drop out?"
        actions={
          d && d.campaigns.length > 0 ? (
            <TextField
              select
              size="small"
              label="Campaign"
              value={chosen?.id ?? ""}
              onChange={(e) => setParams({ campaign_id: e.target.value })}
              sx={{ minWidth: 220 }}
            >
              {d.campaigns.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.name} ({c.status})
                </MenuItem>
              ))}
            </TextField>
          ) : undefined
        }
      />
      {q.isError && <LoadError error={q.error} onRetry={() => q.refetch()} />}
      {d && !chosen && (
        <EmptyState
          title="No launched campaigns yet"
          hint="Launch a campaign with a sequence: each step's replies and drop-outs show here once it sends."
        >
          <Button component={RouterLink} to="/campaigns" variant="contained">
            Go to campaigns
          </Button>
        </EmptyState>
      )}
      {d && chosen && (
        <>
          <Alert severity={d.weakest_step == null ? "info" : "warning"}>
            {d.weakest_step == null ? d.weakest_reason : `Weakest step: step ${d.weakest_step + 1}. ${d.weakest_reason}`}
          </Alert>
          <ChartCard
            title="Leads through the sequence"
            subheader="Leads reached, messages sent and replies per step (all time, this campaign)"
            table={{
              columns: [
                { key: "step", label: "Step" },
                { key: "reached", label: "Leads reached", numeric: true },
                { key: "sent", label: "Sent", numeric: true },
                { key: "replies", label: "Replies", numeric: true },
                { key: "reply_rate", label: "Reply rate", numeric: true, format: (v) => pct(v as number | null) },
                { key: "left", label: "Left after this step", numeric: true },
              ],
              rows,
            }}
            empty={
              rows.every((r) => r.reached === 0) ? "Nothing sent yet in this campaign: the funnel appears with its first sends." : undefined
            }
          >
            <BarChart
              height={280}
              dataset={rows}
              xAxis={[{ scaleType: "band", dataKey: "step" }]}
              series={[
                { dataKey: "reached", label: "Leads reached" },
                { dataKey: "replies", label: "Replies" },
                { dataKey: "left", label: "Left after this step" },
              ]}
            />
          </ChartCard>
          <Card variant="outlined" sx={{ p: 2 }}>
            <TableContainer>
              <Table size="small" aria-label="Steps">
                <TableHead>
                  <TableRow>
                    <TableCell>Step</TableCell>
                    <TableCell align="right">Reached</TableCell>
                    <TableCell align="right">Sent</TableCell>
                    <TableCell>Reply rate</TableCell>
                    <TableCell align="right">Bounced</TableCell>
                    <TableCell align="right">Unsubscribed</TableCell>
                    <TableCell>Left after it</TableCell>
                    <TableCell align="right">Still in sequence</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {d.steps.map((s) => (
                    <TableRow key={s.step} selected={s.step === d.weakest_step}>
                      <TableCell>
                        <Typography variant="body2">Step {s.step + 1}</Typography>
                        <Typography variant="caption" color="textSecondary">
                          {s.subject || "(no subject: follow-up in thread)"}
                        </Typography>
                        {s.variants.length > 1 &&
                          s.variants.map((v) => (
                            <Typography key={v.variant} variant="caption" component="div">
                              Variant {String.fromCharCode(65 + v.variant)}: {v.replies}/{v.sent} replied ({pct(v.reply.rate)},{" "}
                              {pct(v.reply.low)}–{pct(v.reply.high)})
                            </Typography>
                          ))}
                      </TableCell>
                      <TableCell align="right">{s.reached}</TableCell>
                      <TableCell align="right">{s.sent}</TableCell>
                      <TableCell>
                        <RateCell rate={s.reply} />
                      </TableCell>
                      <TableCell align="right">{s.bounces}</TableCell>
                      <TableCell align="right">{s.unsubscribes}</TableCell>
                      <TableCell>
                        <Typography variant="caption">
                          replied {s.left.replied} · bounced {s.left.bounced} · unsubscribed {s.left.unsubscribed} · removed{" "}
                          {s.left.removed} · finished {s.left.finished} · stopped {s.left.stopped}
                        </Typography>
                      </TableCell>
                      <TableCell align="right">{s.waiting}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <Source>
              the campaign outbox (one message per lead and step; reached = leads with a message written, sent = sent or bounced), the
              tracked reply, bounce and unsubscribe events on those messages, and each lead's membership state after its last step
              ("removed": no longer a member). Reply rates with 95 % Wilson intervals; the weakest step is flagged only when its interval
              lies wholly below the best step's (steps with 20 or more sends).
            </Source>
          </Card>
        </>
      )}
    </Stack>
  );
}
