/**
 * /report-builder: What do my own numbers say, cut the way I choose?
 */
import { Stack } from "@mui/material";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";

export default function ReportBuilderPage() {
  return (
    <Stack spacing={2}>
      <PageIntro question="What do my own numbers say, cut the way I choose?" />
      <EmptyState title="Not built yet" hint="This page is being built." />
    </Stack>
  );
}
