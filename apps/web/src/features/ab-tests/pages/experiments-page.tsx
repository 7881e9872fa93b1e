/** /experiments/ab-testing: Which of my A/B tests have a winner, which need more data, and where should traffic go? (issue 15; the page is built by its feature's owner). */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

export default function ExperimentsPage() {
  return (
    <Stack spacing={3}>
      <PageIntro question="Which of my A/B tests have a winner, which need more data, and where should traffic go?" />
    </Stack>
  );
}
