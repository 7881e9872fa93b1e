/**
 * /campaign-intelligence/performance: Which campaigns perform above or below the workspace's average, measurably?
 */
import { Stack } from "@mui/material";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";

export default function CampaignPerformancePage() {
  return (
    <Stack spacing={2}>
      <PageIntro question="Which campaigns perform above or below the workspace's average, measurably?" />
      <EmptyState title="Not built yet" hint="This page is being built." />
    </Stack>
  );
}
