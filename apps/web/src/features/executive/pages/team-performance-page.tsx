/**
 * /team-performance: How is each rep doing on sends, replies, meetings and won deals?
 */
import { Stack } from "@mui/material";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";

export default function TeamPerformancePage() {
  return (
    <Stack spacing={2}>
      <PageIntro question="How is each rep doing on sends, replies, meetings and won deals?" />
      <EmptyState title="Not built yet" hint="This page is being built." />
    </Stack>
  );
}
