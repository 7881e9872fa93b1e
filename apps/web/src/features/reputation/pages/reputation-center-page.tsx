/** /reputation-center: How has each domain's and inbox's reputation moved, and has any crossed a threshold? (issue 15; the page is built by its feature's owner). */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

export default function ReputationCenterPage() {
  return (
    <Stack spacing={3}>
      <PageIntro question="How has each domain's and inbox's reputation moved, and has any crossed a threshold?" />
    </Stack>
  );
}
