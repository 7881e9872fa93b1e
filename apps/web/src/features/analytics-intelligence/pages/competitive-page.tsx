/**
 * /analytics-intelligence/competitive: How do our reply and meeting rates compare with our own history and with published industry benchmarks?
 */
import { Stack } from "@mui/material";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";

export default function CompetitivePage() {
  return (
    <Stack spacing={2}>
      <PageIntro question="How do our reply and meeting rates compare with our own history and with published industry benchmarks?" />
      <EmptyState title="Not built yet" hint="This page is being built." />
    </Stack>
  );
}
