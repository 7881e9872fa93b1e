/**
 * /ml-feedback: Were our AI outputs any good, and how does the team judge each model?
 * (docs/ai/feedback.md) People rate recent AI outputs with thumbs up or down; the page adds the
 * thumbs up per kind of task and model (approval with its 95 % Wilson interval) and by week.
 */
import { Card, CardContent, CardHeader, Stack, Typography } from "@mui/material";
import { lazy, Suspense, useState } from "react";
import { formatRateWithInterval } from "../../../ui/charts/chart-format.ts";
import { FilterSelect } from "../../../ui/filter-select.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useFeedbackSummary } from "../api/use-ai-feedback.ts";
import { ModelJudgements } from "../components/model-judgements.tsx";
import { RatingQueue } from "../components/rating-queue.tsx";

// MUI X Charts load only when there is a summary to draw.
const WeeklyApprovalChart = lazy(() => import("../components/weekly-approval-chart.tsx"));

const QUESTION = "Were our AI outputs any good, and how does the team judge each model?";

const WEEK_OPTIONS = [4, 12, 26, 52].map((w) => ({ value: String(w), label: `Last ${w} weeks` }));

export default function MlFeedbackPage() {
  const [weeks, setWeeks] = useState(12);
  const q = useFeedbackSummary(weeks);
  const s = q.data;
  return (
    <Stack spacing={3}>
      <PageIntro
        question={QUESTION}
        summary="Every AI output of this workspace is in the ledger. Rate them here (or where they appear); approval is the share of thumbs up among all thumbs, with a 95 % Wilson interval, so a model with few ratings shows how unsure the figure is."
        actions={<FilterSelect label="Period" value={String(weeks)} options={WEEK_OPTIONS} onChange={(v) => setWeeks(Number(v))} />}
      />
      <RatingQueue />
      <Card variant="outlined">
        <CardHeader
          title="How the team judges each model"
          subheader={
            s
              ? `Outputs made since ${s.since.slice(0, 10)} (UTC) and the thumbs given on them. Overall: ${s.total.up + s.total.down > 0 ? `${formatRateWithInterval(s.total.approval)} approval from ${(s.total.up + s.total.down).toLocaleString()} thumbs on ${s.total.actions.toLocaleString()} outputs` : `${s.total.actions.toLocaleString()} outputs, none rated yet`}.`
              : undefined
          }
          slotProps={{ title: { variant: "subtitle1", component: "h3" } }}
        />
        <CardContent sx={{ pt: 0 }}>
          {q.error ? (
            <LoadError error={q.error} onRetry={() => void q.refetch()} />
          ) : !s ? (
            <Typography color="textSecondary">Loading the team's judgement…</Typography>
          ) : s.models.length === 0 ? (
            <EmptyState
              title="No AI outputs in this period"
              hint="Models are judged once they produce outputs: use AI email writing or the LLM console, train lead scoring, or receive replies, then rate the outputs above."
            />
          ) : (
            <ModelJudgements summary={s} />
          )}
        </CardContent>
      </Card>
      {s && s.models.length > 0 && (
        <Suspense fallback={<Typography color="textSecondary">Loading the chart…</Typography>}>
          <WeeklyApprovalChart summary={s} />
        </Suspense>
      )}
    </Stack>
  );
}
