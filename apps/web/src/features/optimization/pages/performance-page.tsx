/**
 * /optimization/performance: Are our results improving week over week, beyond chance?
 */
import { Stack } from "@mui/material";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";

export default function PerformanceTrendPage() {
  return (
    <Stack spacing={2}>
      <PageIntro question="Are our results improving week over week, beyond chance?" />
      <EmptyState title="Not built yet" hint="This page is being built." />
    </Stack>
  );
}
