/**
 * /ai-tools/model-repository: Every version of our models: what data trained each one, and how did it score?
 * (Skeleton: the page is being built; see docs/ai.md.)
 */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

const QUESTION = "Every version of our models: what data trained each one, and how did it score?";

export default function ModelRepositoryPage() {
  return (
    <Stack spacing={3}>
      <PageIntro question={QUESTION} />
    </Stack>
  );
}
