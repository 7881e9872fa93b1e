/**
 * /predictive-analytics: Which leads are most likely to reply, according to our own outcomes? (variant "leads", for reps)
 * /analytics-intelligence/predictive: How does the lead-scoring model decide, and how good is it? (variant "model", for analysts)
 * One implementation (docs/analytics/lead-scoring.md): both read the same model; "leads" ranks the
 * leads, "model" shows the weights, the validation and retraining.
 */
import { Button, Stack, Typography } from "@mui/material";
import type { LeadScoreTarget } from "@prospector/contracts";
import { lazy, Suspense, useState } from "react";
import { Link as RouterLink } from "react-router";
import { LoadError } from "../../../ui/load-error.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useLeadScoreModel } from "../api/use-lead-scoring.ts";
import { NotEnoughData } from "../components/not-enough-data.tsx";
import { RankedLeads } from "../components/ranked-leads.tsx";
import { TrainCard } from "../components/train-card.tsx";

// MUI X Charts load only with the analysts' view.
const ModelView = lazy(() => import("../components/model-view.tsx"));

export type PredictivePageVariant = "leads" | "model";

const QUESTIONS: Record<PredictivePageVariant, string> = {
  leads: "Which leads are most likely to reply, according to our own outcomes?",
  model: "How does the lead-scoring model decide, and how good is it?",
};

const SUMMARY: Record<PredictivePageVariant, string> = {
  leads:
    "A logistic regression trained on this workspace's contacted leads and whether they replied ranks the leads you have not contacted yet. Each reason is how much a lead field moves the odds.",
  model:
    "Logistic regression on lead fields, trained on this workspace's own outcomes and measured by 5-fold cross-validation. Days are UTC.",
};

export default function PredictivePage({ variant }: { variant: PredictivePageVariant }) {
  const [target, setTarget] = useState<LeadScoreTarget>("reply");
  const [days, setDays] = useState(365);
  const q = useLeadScoreModel(variant === "model" ? target : "reply", variant === "model" ? days : 365);
  const o = q.data;
  return (
    <Stack spacing={2}>
      <PageIntro question={QUESTIONS[variant]} summary={SUMMARY[variant]} />
      {q.error ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !o ? (
        <Typography color="textSecondary">Loading the model…</Typography>
      ) : variant === "leads" ? (
        o.active ? (
          <RankedLeads model={o.active} />
        ) : !o.data.enough ? (
          <NotEnoughData data={o.data} />
        ) : (
          <EmptyState
            title="No model trained yet"
            hint={`There is enough data (${o.data.contacted.toLocaleString()} contacted leads, ${o.data.positives.toLocaleString()} replied): train the model on Predictive Intelligence, then the ranking appears here.`}
          >
            <Button variant="contained" component={RouterLink} to="/analytics-intelligence/predictive">
              Open Predictive Intelligence
            </Button>
          </EmptyState>
        )
      ) : (
        <>
          <TrainCard overview={o} target={target} days={days} onTargetChange={setTarget} onDaysChange={setDays} />
          {o.active ? (
            <Suspense fallback={<Typography color="textSecondary">Loading the charts…</Typography>}>
              <ModelView model={o.active} history={o.history} />
            </Suspense>
          ) : !o.data.enough ? (
            <NotEnoughData data={o.data} />
          ) : (
            <EmptyState
              title="No model trained yet"
              hint="There is enough data: train the model above. It takes seconds to minutes, depending on the number of leads."
            />
          )}
        </>
      )}
    </Stack>
  );
}
