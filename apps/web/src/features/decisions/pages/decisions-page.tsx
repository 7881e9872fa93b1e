/**
 * /collaboration/decisions: What has the team decided, why, and what is still open for a vote?
 * (Skeleton: the page is being built; see docs/team-decisions.md.)
 */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

const QUESTION = "What has the team decided, why, and what is still open for a vote?";

export default function DecisionsPage() {
  return (
    <Stack spacing={3}>
      <PageIntro question={QUESTION} />
    </Stack>
  );
}
