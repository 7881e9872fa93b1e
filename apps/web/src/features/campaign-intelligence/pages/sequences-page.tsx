/**
 * /campaign-intelligence/sequences: Which step of each sequence earns the replies, and where do leads drop out?
 */
import { Stack } from "@mui/material";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";

export default function SequencesPage() {
  return (
    <Stack spacing={2}>
      <PageIntro question="Which step of each sequence earns the replies, and where do leads drop out?" />
      <EmptyState title="Not built yet" hint="This page is being built." />
    </Stack>
  );
}
