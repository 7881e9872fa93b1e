/**
 * /system-health/infrastructure: What is this instance running on, and how full is it?
 * (Skeleton: the page is being built; see docs/operations.md.)
 */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

const QUESTION = "What is this instance running on, and how full is it?";

export default function SystemInfrastructurePage() {
  return (
    <Stack spacing={3}>
      <PageIntro question={QUESTION} />
    </Stack>
  );
}
