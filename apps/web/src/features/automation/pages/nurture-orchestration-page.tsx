/** /nurture-orchestration: Which leads are in which nurture sequence, and why did they enter or leave? (issue 15; the page is built by its feature's owner). */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

export default function NurtureOrchestrationPage() {
  return (
    <Stack spacing={3}>
      <PageIntro question="Which leads are in which nurture sequence, and why did they enter or leave?" />
    </Stack>
  );
}
