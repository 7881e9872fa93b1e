/**
 * /system-health/dashboard: Is this instance healthy right now, and was it over the last day?
 * (Skeleton: the page is being built; see docs/operations.md.)
 */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

const QUESTION = "Is this instance healthy right now, and was it over the last day?";

export default function SystemHealthPage() {
  return (
    <Stack spacing={3}>
      <PageIntro question={QUESTION} />
    </Stack>
  );
}
