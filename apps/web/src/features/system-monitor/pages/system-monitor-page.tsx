/**
 * /system-monitor: What is failing in the background, job queues and error reports, and since when?
 * (Skeleton: the page is being built; see docs/operations.md.)
 */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

const QUESTION = "What is failing in the background, job queues and error reports, and since when?";

export default function SystemMonitorPage() {
  return (
    <Stack spacing={3}>
      <PageIntro question={QUESTION} />
    </Stack>
  );
}
