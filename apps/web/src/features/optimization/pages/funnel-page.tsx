/**
 * /business-optimizer/dashboard: Where in the funnel from lead to won deal are we losing the most? (variant "current")
 * /optimization/dashboard: Where in the funnel from lead to won deal are we losing the most? (variant "current")
 * /business-optimizer/dashboard-new: Where in the funnel are we losing the most, and what changed since the previous period? (variant "compare")
 */
import { Stack } from "@mui/material";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";

export type FunnelPageVariant = "compare" | "current";

const QUESTIONS: Record<FunnelPageVariant, string> = {
  current: "Where in the funnel from lead to won deal are we losing the most?",
  compare: "Where in the funnel are we losing the most, and what changed since the previous period?",
};

export default function FunnelPage({ variant }: { variant: FunnelPageVariant }) {
  return (
    <Stack spacing={2}>
      <PageIntro question={QUESTIONS[variant]} />
      <EmptyState title="Not built yet" hint="This page is being built." />
    </Stack>
  );
}
