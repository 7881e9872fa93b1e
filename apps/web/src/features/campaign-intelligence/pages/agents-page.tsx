/**
 * /campaign-intelligence/agents: What is each automated worker doing for my campaigns right now?
 */
import { Stack } from "@mui/material";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";

export default function CampaignAgentsPage() {
  return (
    <Stack spacing={2}>
      <PageIntro question="What is each automated worker doing for my campaigns right now?" />
      <EmptyState title="Not built yet" hint="This page is being built." />
    </Stack>
  );
}
