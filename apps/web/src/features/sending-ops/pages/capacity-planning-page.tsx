/** /capacity-planning: When will each campaign finish with the inboxes I have, and how many do I need for a deadline? (issue 15; the page is built by its feature's owner). */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

export default function CapacityPlanningPage() {
  return (
    <Stack spacing={3}>
      <PageIntro question="When will each campaign finish with the inboxes I have, and how many do I need for a deadline?" />
    </Stack>
  );
}
