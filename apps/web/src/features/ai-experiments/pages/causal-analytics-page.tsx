/**
 * /ai-tools/causal-analytics: Did this change cause more replies, and by how much?
 * (Skeleton: the page is being built; see docs/ai.md.)
 */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

const QUESTION = "Did this change cause more replies, and by how much?";

export default function CausalAnalyticsPage() {
  return (
    <Stack spacing={3}>
      <PageIntro question={QUESTION} />
    </Stack>
  );
}
