/** /deliverability-game: What is each inbox's deliverability score, and which tasks raise it? (issue 15; the page is built by its feature's owner). */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

export default function DeliverabilityGamePage() {
  return (
    <Stack spacing={3}>
      <PageIntro question="What is each inbox's deliverability score, and which tasks raise it?" />
    </Stack>
  );
}
