/**
 * /ai/reinforcement-learning: How is the bandit splitting sends between variants, and what does it believe about each?
 * Every campaign step in bandit mode (docs/ab-testing.md): each variant's Beta posterior drawn as a
 * density, its mean and 95 % credible interval, its probability of being best, the traffic share now
 * (with the exploration floor) and the history of those shares. Read-only; the mode is switched on
 * /experiments/ab-testing.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { LineChart } from "@mui/x-charts/LineChart";
import type { BanditStep } from "@prospector/contracts";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { ChartCard } from "../../../ui/charts/chart-card.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useBandit } from "../api/use-ai-experiments.ts";
import { METRIC_LABEL, pct } from "../components/format.ts";

const QUESTION = "How is the bandit splitting sends between variants, and what does it believe about each?";

function StepCard({ s }: { s: BanditStep }) {
  const metric = METRIC_LABEL[s.metric];
  const title = `${s.campaign_name} · step ${s.step}`;
  return (
    <Card variant="outlined">
      <CardHeader
        title={title}
        subheader={
          s.declared_winner !== null
            ? `Winner declared: variant ${s.arms[s.declared_winner]?.label ?? s.declared_winner} gets every send; the posteriors below are what the data says.`
            : `Thompson sampling on ${metric}; each variant keeps at least ${pct(s.floor)} of the traffic.`
        }
        action={
          <Button component={RouterLink} to={`/campaigns/${s.campaign_id}`} size="small">
            Open campaign
          </Button>
        }
      />
      <CardContent>
        <Stack spacing={2}>
          <TableContainer sx={{ overflowX: "auto" }}>
            <Table size="small" aria-label={`Variants of ${title}`}>
              <TableHead>
                <TableRow>
                  <TableCell>Variant</TableCell>
                  <TableCell align="right">Sent</TableCell>
                  <TableCell align="right">Successes</TableCell>
                  <TableCell>Posterior</TableCell>
                  <TableCell align="right">Mean {metric}</TableCell>
                  <TableCell>95 % credible interval</TableCell>
                  <TableCell align="right">P(best)</TableCell>
                  <TableCell align="right">Traffic now</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {s.arms.map((a) => (
                  <TableRow key={a.variant}>
                    <TableCell>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {a.label}
                      </Typography>
                      <Typography variant="caption" color="textSecondary">
                        {a.subject}
                      </Typography>
                    </TableCell>
                    <TableCell align="right">{a.sent.toLocaleString()}</TableCell>
                    <TableCell align="right">{a.successes.toLocaleString()}</TableCell>
                    <TableCell>
                      Beta({a.alpha}, {a.beta})
                    </TableCell>
                    <TableCell align="right">{pct(a.mean, 2)}</TableCell>
                    <TableCell>
                      {pct(a.low, 2)} – {pct(a.high, 2)}
                    </TableCell>
                    <TableCell align="right">{pct(a.p_best)}</TableCell>
                    <TableCell align="right">{pct(a.share)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Typography variant="body2" color="textSecondary">
            Posterior Beta(1 + successes, 1 + sends − successes): a uniform prior updated by every send. P(best) from{" "}
            {s.draws.toLocaleString()} seeded draws from the posteriors, so the same counts give the same figures. Replies arrive days after
            the send, so recent sends count as failures until they do.
          </Typography>
          <ChartCard
            title="What the bandit believes"
            subheader={`Posterior density of each variant's ${metric}`}
            table={{
              columns: [
                { key: "variant", label: "Variant" },
                { key: "mean", label: "Mean", numeric: true, format: (v) => pct(v as number, 2) },
                { key: "low", label: "2.5 %", numeric: true, format: (v) => pct(v as number, 2) },
                { key: "high", label: "97.5 %", numeric: true, format: (v) => pct(v as number, 2) },
              ],
              rows: s.arms.map((a) => ({ variant: a.label, mean: a.mean, low: a.low, high: a.high })),
            }}
          >
            <LineChart
              height={240}
              xAxis={[{ data: s.density.x, scaleType: "linear", valueFormatter: (v: number) => pct(v), label: metric }]}
              series={s.arms.map((a, i) => ({ data: s.density.y[i] ?? [], label: a.label, showMark: false, curve: "linear" as const }))}
            />
          </ChartCard>
          <ChartCard
            title="Traffic share over time"
            subheader="Each change the sender recorded: bandit recomputations, mode changes, declared or withdrawn winners"
            empty={
              s.history.length === 0 ? (
                <Typography color="textSecondary">No change recorded yet: the first claim in bandit mode records one.</Typography>
              ) : undefined
            }
            table={{
              columns: [
                { key: "at", label: "When" },
                { key: "reason", label: "Why" },
                ...s.arms.map((a) => ({ key: `v${a.variant}`, label: a.label, numeric: true, format: (v: unknown) => pct(v as number) })),
              ],
              rows: s.history.map((h) => ({
                at: new Date(h.at).toLocaleString(),
                reason: h.reason,
                ...Object.fromEntries(h.weights.map((w, i) => [`v${i}`, w])),
              })),
            }}
          >
            <LineChart
              height={220}
              xAxis={[{ data: s.history.map((h) => new Date(h.at)), scaleType: "time" }]}
              yAxis={[{ min: 0, max: 1, valueFormatter: (v: number) => pct(v, 0) }]}
              series={s.arms.map((a, i) => ({
                data: s.history.map((h) => h.weights[i] ?? 0),
                label: a.label,
                curve: "stepAfter" as const,
                valueFormatter: (v: number | null) => pct(v),
              }))}
            />
          </ChartCard>
        </Stack>
      </CardContent>
    </Card>
  );
}

export default function ReinforcementLearningPage() {
  const [page, setPage] = useState(1);
  const q = useBandit(page);
  const howTo = (
    <>
      To switch a step to the bandit, open{" "}
      <Link component={RouterLink} to="/experiments/ab-testing">
        A/B testing
      </Link>{" "}
      and set its traffic to “bandit”.
    </>
  );
  return (
    <Stack spacing={3}>
      <PageIntro question={QUESTION} summary={howTo} />
      {q.isPending ? (
        <LoadingScreen />
      ) : q.isError ? (
        <LoadError error={q.error} onRetry={() => q.refetch()} />
      ) : q.data.total === 0 ? (
        <EmptyState
          title="No step runs the bandit"
          hint="Give a campaign step a variant in the campaign editor, then switch its traffic to the bandit on the A/B testing page: the sender then shifts sends toward the variant that does best."
        >
          <Button component={RouterLink} to="/experiments/ab-testing" variant="contained">
            Open A/B testing
          </Button>
        </EmptyState>
      ) : (
        <>
          {q.data.steps.map((s) => (
            <StepCard key={`${s.campaign_id}:${s.step}`} s={s} />
          ))}
          {q.data.total > q.data.per_page && (
            <Box sx={{ display: "flex", gap: 1, alignItems: "center" }}>
              <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <Typography variant="body2">
                {(page - 1) * q.data.per_page + 1}–{Math.min(page * q.data.per_page, q.data.total)} of {q.data.total}
              </Typography>
              <Button disabled={page * q.data.per_page >= q.data.total} onClick={() => setPage(page + 1)}>
                Next
              </Button>
            </Box>
          )}
          <Alert severity="info">The bandit's shares are the sender's own; this page only reads them.</Alert>
        </>
      )}
    </Stack>
  );
}
