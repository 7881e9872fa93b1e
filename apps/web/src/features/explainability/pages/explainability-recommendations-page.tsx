/**
 * /explainability/recommendations: Why was each recommendation made, and did following it help?
 * (Skeleton: the page is being built; see docs/ai.md.)
 */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

const QUESTION = "Why was each recommendation made, and did following it help?";

export default function ExplainabilityRecommendationsPage() {
  return (
    <Stack spacing={3}>
      <PageIntro question={QUESTION} />
    </Stack>
  );
}
