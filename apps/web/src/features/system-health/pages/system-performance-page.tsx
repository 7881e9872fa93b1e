/**
 * /system-health/performance: How fast is the instance answering, and is it getting slower?
 * (Skeleton: the page is being built; see docs/operations.md.)
 */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

const QUESTION = "How fast is the instance answering, and is it getting slower?";

export default function SystemPerformancePage() {
  return (
    <Stack spacing={3}>
      <PageIntro question={QUESTION} />
    </Stack>
  );
}
