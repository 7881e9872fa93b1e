/**
 * /ai-tools/deployment-pipeline: Which version of each model is deployed, what changed, and how do I promote or roll back?
 * (Skeleton: the page is being built; see docs/ai.md.)
 */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

const QUESTION = "Which version of each model is deployed, what changed, and how do I promote or roll back?";

export default function DeploymentPipelinePage() {
  return (
    <Stack spacing={3}>
      <PageIntro question={QUESTION} />
    </Stack>
  );
}
