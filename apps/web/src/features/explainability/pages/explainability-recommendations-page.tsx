/**
 * /explainability/recommendations: Why was each recommendation made, and did following it help?
 * Each recommendation's evidence and expected effect, whether it was applied, and the measured
 * before/after reply rate the evaluation judged (docs/ai/explainability.md).
 */
import { FormControl, InputLabel, MenuItem, Select, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { LoadError } from "../../../ui/load-error.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useRecommendationsWhy } from "../api/use-explain.ts";
import { CursorPager, useCursorStack } from "../components/cursor-pager.tsx";
import { ExplainNav } from "../components/explain-nav.tsx";
import { RecommendationWhyCard } from "../components/recommendation-why-card.tsx";

const QUESTION = "Why was each recommendation made, and did following it help?";

export default function ExplainabilityRecommendationsPage() {
  const [filter, setFilter] = useState<"all" | "applied">("all");
  const pager = useCursorStack();
  const q = useRecommendationsWhy(filter, pager.cursor);
  const v = q.data?.verdicts;
  return (
    <Stack spacing={2}>
      <PageIntro
        question={QUESTION}
        summary="Recommendations come from rules over this workspace's own sends; an applied one is judged by comparing the reply rate before and after with a two-proportion test."
        actions={
          <FormControl size="small">
            <InputLabel id="rw-filter">Show</InputLabel>
            <Select
              labelId="rw-filter"
              label="Show"
              value={filter}
              onChange={(e) => {
                setFilter(e.target.value as "all" | "applied");
                pager.reset();
              }}
            >
              <MenuItem value="all">All recommendations</MenuItem>
              <MenuItem value="applied">Applied ones</MenuItem>
            </Select>
          </FormControl>
        }
      />
      <ExplainNav />
      {q.error ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Typography color="textSecondary">Loading recommendations…</Typography>
      ) : (
        <>
          {v && v.helped + v.hurt + v.no_measurable_change + v.pending > 0 && (
            <Typography variant="body2">
              Of the applications so far: {v.helped} helped, {v.no_measurable_change} made no measurable change, {v.hurt} hurt, {v.pending}{" "}
              still measuring.
            </Typography>
          )}
          {q.data.items.length === 0 ? (
            <EmptyState
              title={filter === "applied" ? "No recommendation applied yet" : "No recommendations yet"}
              hint="Recommendations are generated from this workspace's sends and replies on Smart Recommendations; apply one there and its measured effect shows here."
            />
          ) : (
            q.data.items.map((r) => <RecommendationWhyCard key={r.id} r={r} />)
          )}
          <CursorPager pager={pager} nextCursor={q.data.next_cursor} />
        </>
      )}
    </Stack>
  );
}
