/**
 * /ml-feedback: Were our AI outputs any good, and how does the team judge each model?
 * (Skeleton: the page is being built; see docs/ai.md.)
 */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

const QUESTION = "Were our AI outputs any good, and how does the team judge each model?";

export default function MlFeedbackPage() {
  return (
    <Stack spacing={3}>
      <PageIntro question={QUESTION} />
    </Stack>
  );
}
