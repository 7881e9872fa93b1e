/**
 * /analytics-intelligence/insights: What changed measurably in our results, and where?
 */
import { Stack } from "@mui/material";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";

export default function InsightsPage() {
  return (
    <Stack spacing={2}>
      <PageIntro question="What changed measurably in our results, and where?" />
      <EmptyState title="Not built yet" hint="This page is being built." />
    </Stack>
  );
}
