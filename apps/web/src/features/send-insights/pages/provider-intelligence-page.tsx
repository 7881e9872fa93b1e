/** /provider-intelligence: How does my mail do at Gmail, Outlook, Yahoo and company mail servers? (issue 15; the page is built by its feature's owner). */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

export default function ProviderIntelligencePage() {
  return (
    <Stack spacing={3}>
      <PageIntro question="How does my mail do at Gmail, Outlook, Yahoo and company mail servers?" />
    </Stack>
  );
}
