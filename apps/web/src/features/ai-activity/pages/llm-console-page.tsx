/**
 * /ai-tools/llm-console: What would the model, or the built-in templates, write for this lead, and which prompt writes it best?
 * (Skeleton: the page is being built; see docs/ai.md.)
 */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

const QUESTION = "What would the model, or the built-in templates, write for this lead, and which prompt writes it best?";

export default function LlmConsolePage() {
  return (
    <Stack spacing={3}>
      <PageIntro question={QUESTION} />
    </Stack>
  );
}
