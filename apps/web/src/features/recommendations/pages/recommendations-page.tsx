/**
 * /smart-recommendations: What should we change next, and did the changes we made help? (variant "smart")
 * /optimization/ai-recommendations: What should we change next, and did the changes we made help? (variant "optimization")
 */
import { Stack } from "@mui/material";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";

export type RecommendationsPageVariant = "optimization" | "smart";

const QUESTIONS: Record<RecommendationsPageVariant, string> = {
  smart: "What should we change next, and did the changes we made help?",
  optimization: "What should we change next, and did the changes we made help?",
};

export default function RecommendationsPage({ variant }: { variant: RecommendationsPageVariant }) {
  return (
    <Stack spacing={2}>
      <PageIntro question={QUESTIONS[variant]} />
      <EmptyState title="Not built yet" hint="This page is being built." />
    </Stack>
  );
}
