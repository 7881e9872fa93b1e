/**
 * /ai-tools/mlops-registry: Which model is live for each task, and how good is it?
 * (Skeleton: the page is being built; see docs/ai.md.)
 */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

const QUESTION = "Which model is live for each task, and how good is it?";

export default function MlopsRegistryPage() {
  return (
    <Stack spacing={3}>
      <PageIntro question={QUESTION} />
    </Stack>
  );
}
