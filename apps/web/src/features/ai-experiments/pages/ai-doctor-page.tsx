/**
 * /ai-doctor: What is wrong with this campaign, and how do I fix it?
 * (Skeleton: the page is being built; see docs/ai.md.)
 */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

const QUESTION = "What is wrong with this campaign, and how do I fix it?";

export default function AiDoctorPage() {
  return (
    <Stack spacing={3}>
      <PageIntro question={QUESTION} />
    </Stack>
  );
}
