/**
 * /campaign-intelligence/ai-analytics: What are recipients saying in their replies, campaign by campaign?
 */
import { Stack } from "@mui/material";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";

export default function ReplyIntelligencePage() {
  return (
    <Stack spacing={2}>
      <PageIntro question="What are recipients saying in their replies, campaign by campaign?" />
      <EmptyState title="Not built yet" hint="This page is being built." />
    </Stack>
  );
}
