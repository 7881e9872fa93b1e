/**
 * /predictive-analytics: Which leads are most likely to reply, according to our own outcomes? (variant "leads")
 * /analytics-intelligence/predictive: How does the lead-scoring model decide, and how good is it? (variant "model")
 */
import { Stack } from "@mui/material";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";

export type PredictivePageVariant = "leads" | "model";

const QUESTIONS: Record<PredictivePageVariant, string> = {
  leads: "Which leads are most likely to reply, according to our own outcomes?",
  model: "How does the lead-scoring model decide, and how good is it?",
};

export default function PredictivePage({ variant }: { variant: PredictivePageVariant }) {
  return (
    <Stack spacing={2}>
      <PageIntro question={QUESTIONS[variant]} />
      <EmptyState title="Not built yet" hint="This page is being built." />
    </Stack>
  );
}
