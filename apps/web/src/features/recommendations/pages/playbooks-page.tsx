/**
 * /business-optimizer/playbooks: What worked: which templates, send times and segments earn the most replies?
 * /optimization/playbooks: What worked: which templates, send times and segments earn the most replies?
 */
import { Stack } from "@mui/material";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";

export default function PlaybooksPage() {
  return (
    <Stack spacing={2}>
      <PageIntro question="What worked: which templates, send times and segments earn the most replies?" />
      <EmptyState title="Not built yet" hint="This page is being built." />
    </Stack>
  );
}
