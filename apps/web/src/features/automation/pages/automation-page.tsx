/** /automation: What happens on its own when leads reply, open or click, and did it run? (issue 15; the page is built by its feature's owner). */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

export default function AutomationPage() {
  return (
    <Stack spacing={3}>
      <PageIntro question="What happens on its own when leads reply, open or click, and did it run?" />
    </Stack>
  );
}
