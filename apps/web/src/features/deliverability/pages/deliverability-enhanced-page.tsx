/** /deliverability/enhanced: Is any sending domain blocklisted, how has deliverability moved, and what did receivers make of my last message? (issue 15; the page is built by its feature's owner). */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

export default function DeliverabilityEnhancedPage() {
  return (
    <Stack spacing={3}>
      <PageIntro question="Is any sending domain blocklisted, how has deliverability moved, and what did receivers make of my last message?" />
    </Stack>
  );
}
