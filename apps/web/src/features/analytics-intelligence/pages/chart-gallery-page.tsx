/**
 * /test-charts: Does every chart of the design system render correctly on real data shapes?
 */
import { Stack } from "@mui/material";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";

export default function ChartGalleryPage() {
  return (
    <Stack spacing={2}>
      <PageIntro question="Does every chart of the design system render correctly on real data shapes?" />
      <EmptyState title="Not built yet" hint="This page is being built." />
    </Stack>
  );
}
