/**
 * /ai-agents: Which AI tasks are working for us, and what is waiting for my approval?
 * (Skeleton: the page is being built; see docs/ai.md.)
 */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

const QUESTION = "Which AI tasks are working for us, and what is waiting for my approval?";

export default function AiAgentsPage() {
  return (
    <Stack spacing={3}>
      <PageIntro question={QUESTION} />
    </Stack>
  );
}
