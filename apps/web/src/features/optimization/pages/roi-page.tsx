/**
 * /business-optimizer/roi: What has outreach cost, and what has it returned, campaign by campaign?
 * /optimization/roi-analytics: What has outreach cost, and what has it returned, campaign by campaign?
 */
import { Stack } from "@mui/material";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";

export default function RoiPage() {
  return (
    <Stack spacing={2}>
      <PageIntro question="What has outreach cost, and what has it returned, campaign by campaign?" />
      <EmptyState title="Not built yet" hint="This page is being built." />
    </Stack>
  );
}
