/**
 * /ai/reinforcement-learning: How is the bandit splitting sends between variants, and what does it believe about each?
 * (Skeleton: the page is being built; see docs/ai.md.)
 */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

const QUESTION = "How is the bandit splitting sends between variants, and what does it believe about each?";

export default function ReinforcementLearningPage() {
  return (
    <Stack spacing={3}>
      <PageIntro question={QUESTION} />
    </Stack>
  );
}
