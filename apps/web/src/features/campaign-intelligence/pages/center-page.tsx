/**
 * /campaign-intelligence/center: Which campaigns need attention right now, and why?
 */
import { Stack } from "@mui/material";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";

export default function CampaignIntelligenceCenterPage() {
  return (
    <Stack spacing={2}>
      <PageIntro question="Which campaigns need attention right now, and why?" />
      <EmptyState title="Not built yet" hint="This page is being built." />
    </Stack>
  );
}
