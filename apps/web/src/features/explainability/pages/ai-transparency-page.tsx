/**
 * /ai-transparency: Why did the AI decide what it decided about this lead, reply or recommendation?
 * (Skeleton: the page is being built; see docs/ai.md.)
 */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

const QUESTION = "Why did the AI decide what it decided about this lead, reply or recommendation?";

export default function AiTransparencyPage() {
  return (
    <Stack spacing={3}>
      <PageIntro question={QUESTION} />
    </Stack>
  );
}
