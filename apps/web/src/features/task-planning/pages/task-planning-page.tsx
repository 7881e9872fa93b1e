/**
 * /task-planning: Who has which tasks due when, and who is overloaded?
 * (Skeleton: the page is being built; see docs/task-planning.md.)
 */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

const QUESTION = "Who has which tasks due when, and who is overloaded?";

export default function TaskPlanningPage() {
  return (
    <Stack spacing={3}>
      <PageIntro question={QUESTION} />
    </Stack>
  );
}
