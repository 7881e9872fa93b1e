/**
 * /ai-tools/performance-monitor: Are our live models drifting away from the data they were trained on?
 * (Skeleton: the page is being built; see docs/ai.md.)
 */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

const QUESTION = "Are our live models drifting away from the data they were trained on?";

export default function PerformanceMonitorPage() {
  return (
    <Stack spacing={3}>
      <PageIntro question={QUESTION} />
    </Stack>
  );
}
