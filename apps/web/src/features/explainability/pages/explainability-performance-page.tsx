/**
 * /explainability/performance: How well has each model predicted real outcomes over time?
 * (Skeleton: the page is being built; see docs/ai.md.)
 */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

const QUESTION = "How well has each model predicted real outcomes over time?";

export default function ExplainabilityPerformancePage() {
  return (
    <Stack spacing={3}>
      <PageIntro question={QUESTION} />
    </Stack>
  );
}
