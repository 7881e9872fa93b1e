/** /deliverability: Will my mail reach the inbox, and what must I fix? (issue 15; the page is built by its feature's owner). */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

export default function DeliverabilityPage() {
  return (
    <Stack spacing={3}>
      <PageIntro question="Will my mail reach the inbox, and what must I fix?" />
    </Stack>
  );
}
