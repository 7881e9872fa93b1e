/**
 * /optimization/forecasting: How much revenue will the pipeline bring in, and how sure is that?
 */
import { Stack } from "@mui/material";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";

export default function ForecastingPage() {
  return (
    <Stack spacing={2}>
      <PageIntro question="How much revenue will the pipeline bring in, and how sure is that?" />
      <EmptyState title="Not built yet" hint="This page is being built." />
    </Stack>
  );
}
