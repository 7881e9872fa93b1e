/**
 * /campaign-intelligence/automation: What did automation do to campaign leads, and did it help?
 */
import { Stack } from "@mui/material";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";

export default function CampaignAutomationPage() {
  return (
    <Stack spacing={2}>
      <PageIntro question="What did automation do to campaign leads, and did it help?" />
      <EmptyState title="Not built yet" hint="This page is being built." />
    </Stack>
  );
}
