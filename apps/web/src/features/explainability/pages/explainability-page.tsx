/**
 * /explainability: How does each of our models decide, in general?
 * The lead score's standardized weights with their support, the reply classifier's most telling
 * words per class (summed over the ledger's classifications), and the recommendation rules with how
 * often each fired, was applied and helped (docs/ai/explainability.md).
 */
import { Box, Card, CardContent, CardHeader, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { formatUtcDateTime } from "../../../lib/format.ts";
import { ChartCard } from "../../../ui/charts/chart-card.tsx";
import { formatCount } from "../../../ui/charts/chart-format.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useModelsOverview } from "../api/use-explain.ts";
import { ExplainNav } from "../components/explain-nav.tsx";

const QUESTION = "How does each of our models decide, in general?";
const TOP = 15;
const fixed = (d: number) => (v: unknown) => (typeof v === "number" ? v.toFixed(d) : "—");

export default function ExplainabilityPage() {
  const q = useModelsOverview();
  const o = q.data;
  const top = o?.lead_score?.weights.slice(0, TOP) ?? [];
  return (
    <Stack spacing={2}>
      <PageIntro
        question={QUESTION}
        summary="Each model's general logic, read from what it learnt or recorded in this workspace: weights are comparable across features once multiplied by the feature's spread (standardized)."
      />
      <ExplainNav />
      {q.error ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !o ? (
        <Typography color="textSecondary">Loading the models…</Typography>
      ) : (
        <>
          {o.lead_score ? (
            <ChartCard
              title={`Lead score v${o.lead_score.version}: what moves the odds most (top ${top.length} of ${o.lead_score.weights.length})`}
              subheader={`Standardized coefficient = log-odds weight × the feature's standard deviation over the ${formatCount(o.lead_score.n)} training leads (target: ${o.lead_score.target}); support is how many had the feature. Trained ${formatUtcDateTime(o.lead_score.trained_at)}.`}
              table={{
                columns: [
                  { key: "label", label: "Feature" },
                  { key: "standardized", label: "Standardized", numeric: true, format: fixed(3) },
                  { key: "weight", label: "Weight (log-odds)", numeric: true, format: fixed(3) },
                  { key: "support", label: "Support (leads)", numeric: true },
                ],
                rows: o.lead_score.weights.map((w) => ({ ...w })),
              }}
              empty={top.length ? undefined : "The model kept no feature: every lead field was too rare in the training leads."}
            >
              <BarChart
                height={Math.max(200, 28 * top.length + 60)}
                layout="horizontal"
                skipAnimation
                yAxis={[{ scaleType: "band", data: top.map((w) => w.label), width: 220 }]}
                series={[{ data: top.map((w) => w.standardized), label: "Standardized coefficient" }]}
              />
            </ChartCard>
          ) : (
            <EmptyState
              title="No lead-scoring model yet"
              hint="Train the lead score on Predictive Intelligence once the workspace has 200 contacted leads with replies; its weights appear here."
            />
          )}
          <Card variant="outlined">
            <CardHeader
              title="Reply classifier: the most telling words per class"
              subheader={`Summed positive contributions over ${formatCount(o.reply_classifier.classified)} recorded classifications.`}
              slotProps={{ title: { variant: "subtitle1", component: "h3" } }}
            />
            <CardContent sx={{ pt: 0 }}>
              {o.reply_classifier.classes.length === 0 ? (
                <Typography color="textSecondary">
                  No reply has been classified yet: connect an inbox so replies come in; each classification and its words are recorded
                  here.
                </Typography>
              ) : (
                <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "repeat(3, 1fr)" } }}>
                  {o.reply_classifier.classes.map((c) => (
                    <Table key={c.label} size="small" aria-label={`Words for ${c.label}`}>
                      <TableHead>
                        <TableRow>
                          <TableCell>
                            {c.label} ({formatCount(c.decisions)})
                          </TableCell>
                          <TableCell align="right">Weight</TableCell>
                          <TableCell align="right">Seen</TableCell>
                        </TableRow>
                      </TableHead>
                      <TableBody>
                        {c.words.map((w) => (
                          <TableRow key={w.word}>
                            <TableCell>{w.word}</TableCell>
                            <TableCell align="right">{w.weight.toFixed(2)}</TableCell>
                            <TableCell align="right">{formatCount(w.count)}</TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  ))}
                </Box>
              )}
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardHeader
              title="Recommendation rules and how often each fired"
              subheader="Every rule fires only on a difference significant at 95 %; applied ones are judged on the mail sent afterwards."
              slotProps={{ title: { variant: "subtitle1", component: "h3" } }}
            />
            <CardContent sx={{ pt: 0 }}>
              <Table size="small" aria-label="Recommendation rules">
                <TableHead>
                  <TableRow>
                    <TableCell>Rule</TableCell>
                    <TableCell align="right">Fired</TableCell>
                    <TableCell align="right">Applied</TableCell>
                    <TableCell align="right">Helped</TableCell>
                    <TableCell align="right">No change</TableCell>
                    <TableCell align="right">Hurt</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {o.recommendation_rules.map((r) => (
                    <TableRow key={r.kind}>
                      <TableCell>{r.description}</TableCell>
                      <TableCell align="right">{formatCount(r.generated)}</TableCell>
                      <TableCell align="right">{formatCount(r.applied)}</TableCell>
                      <TableCell align="right">{formatCount(r.helped)}</TableCell>
                      <TableCell align="right">{formatCount(r.no_measurable_change)}</TableCell>
                      <TableCell align="right">{formatCount(r.hurt)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </CardContent>
          </Card>
        </>
      )}
    </Stack>
  );
}
