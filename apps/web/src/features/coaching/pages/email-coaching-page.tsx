/** /email-coaching: Will this email land and get a reply, and how do I make it better? (issue 15; the page is built by its feature's owner). */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

export default function EmailCoachingPage() {
  return (
    <Stack spacing={3}>
      <PageIntro question="Will this email land and get a reply, and how do I make it better?" />
    </Stack>
  );
}
