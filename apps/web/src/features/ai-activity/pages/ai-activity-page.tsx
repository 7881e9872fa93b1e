/**
 * /ai-activity: What has AI done in this workspace: who asked, what went in, what came out, and what did it cost?
 * (Skeleton: the page is being built; see docs/ai.md.)
 */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

const QUESTION = "What has AI done in this workspace: who asked, what went in, what came out, and what did it cost?";

export default function AiActivityPage() {
  return (
    <Stack spacing={3}>
      <PageIntro question={QUESTION} />
    </Stack>
  );
}
