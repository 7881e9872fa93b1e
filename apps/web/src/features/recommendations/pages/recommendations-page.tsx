/**
 * /smart-recommendations: What should we change next, and did the changes we made help? (variant "smart")
 * /optimization/ai-recommendations: What should we change next, and did the changes we made help? (variant "optimization")
 *
 * One page, two audiences (docs/analytics/recommendations.md): "smart" is for whoever runs the
 * campaigns and starts with what to change next; "optimization" is for whoever reviews the results
 * and starts with the changes already applied and their verdicts.
 */
import { Alert, Box, Button, LinearProgress, Stack, ToggleButton, ToggleButtonGroup, Typography } from "@mui/material";
import type { RecommendationStatus } from "@prospector/contracts";
import { useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { isRunActive, useGenerate, useLatestRun, useRecommendations } from "../api/use-recommendations.ts";
import { ApplicationsTable } from "../components/applications-table.tsx";
import { dateTime } from "../components/format.ts";
import { RecommendationCard } from "../components/recommendation-card.tsx";

export type RecommendationsPageVariant = "optimization" | "smart";

const QUESTIONS: Record<RecommendationsPageVariant, string> = {
  smart: "What should we change next, and did the changes we made help?",
  optimization: "What should we change next, and did the changes we made help?",
};

const SUMMARIES: Record<RecommendationsPageVariant, string> = {
  smart:
    "Advice drawn from your own sends: an A/B test with a clear winner, hours that reply measurably better, a segment that never replies. Each comes with its evidence and applies in one click.",
  optimization: "The changes applied so far and whether they measurably helped, then what the evidence says to change next.",
};

const STATUSES: { value: RecommendationStatus; label: string }[] = [
  { value: "open", label: "Open" },
  { value: "snoozed", label: "Snoozed" },
  { value: "applied", label: "Applied" },
  { value: "dismissed", label: "Dismissed" },
  { value: "expired", label: "Expired" },
];

function GenerateBar() {
  const run = useLatestRun();
  const generate = useGenerate();
  const toast = useToast();
  const r = run.data;
  const active = isRunActive(r);
  return (
    <Box>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap" }}>
        <Button
          variant="outlined"
          disabled={active || generate.isPending}
          onClick={() => generate.mutate(undefined, { onError: (err) => toast.error(errorMessage(err)) })}
        >
          Generate now
        </Button>
        <Typography variant="body2" color="textSecondary">
          {!r
            ? "Not generated yet. Generation also runs every day."
            : active
              ? `${r.step ?? "Working"}…`
              : r.status === "failed"
                ? `The last generation failed: ${r.error ?? "unknown error"}`
                : `Generated ${dateTime(r.finished_at ?? r.started_at)}: ${r.created} new, ${r.refreshed} still valid, ${r.expired} expired, ${r.evaluated} changes judged. Runs every day.`}
        </Typography>
      </Stack>
      {active && r && <LinearProgress variant="determinate" value={r.progress} aria-label="Generation progress" sx={{ mt: 1 }} />}
    </Box>
  );
}

function RecommendationList() {
  const [status, setStatus] = useState<RecommendationStatus>("open");
  const q = useRecommendations(status);
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack spacing={2} component="section" aria-label="Recommendations">
      <ToggleButtonGroup
        size="small"
        exclusive
        value={status}
        onChange={(_, v: RecommendationStatus | null) => v && setStatus(v)}
        aria-label="Show recommendations"
        sx={{ flexWrap: "wrap" }}
      >
        {STATUSES.map((s) => (
          <ToggleButton key={s.value} value={s.value}>
            {s.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : q.isPending ? (
        <LinearProgress aria-label="Loading recommendations" />
      ) : items.length === 0 ? (
        status === "open" ? (
          <EmptyState
            title="Nothing to change right now"
            hint="Recommendations come only from your own sends: an A/B test whose winner is significant, hours that reply measurably better than the rest, or a lead segment with no reply in 40 or more sends. Send campaigns, then press Generate now."
          />
        ) : (
          <Alert severity="info">No {status} recommendations.</Alert>
        )
      ) : (
        items.map((rec) => <RecommendationCard key={rec.id} rec={rec} />)
      )}
      {q.hasNextPage && (
        <Button onClick={() => void q.fetchNextPage()} disabled={q.isFetchingNextPage}>
          Show more
        </Button>
      )}
    </Stack>
  );
}

export default function RecommendationsPage({ variant }: { variant: RecommendationsPageVariant }) {
  return (
    <Stack spacing={2}>
      <PageIntro question={QUESTIONS[variant]} summary={SUMMARIES[variant]} />
      <GenerateBar />
      {variant === "optimization" ? (
        <>
          <ApplicationsTable />
          <RecommendationList />
        </>
      ) : (
        <>
          <RecommendationList />
          <ApplicationsTable />
        </>
      )}
    </Stack>
  );
}
