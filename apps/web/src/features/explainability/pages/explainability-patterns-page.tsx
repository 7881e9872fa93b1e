/**
 * /explainability/patterns: What separates the leads and messages that succeed from those that do not?
 * (Skeleton: the page is being built; see docs/ai.md.)
 */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

const QUESTION = "What separates the leads and messages that succeed from those that do not?";

export default function ExplainabilityPatternsPage() {
  return (
    <Stack spacing={3}>
      <PageIntro question={QUESTION} />
    </Stack>
  );
}
