/** /kill-switch: Is anything sending right now, and how do I stop it at once? (issue 15; the page is built by its feature's owner). */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

export default function KillSwitchPage() {
  return (
    <Stack spacing={3}>
      <PageIntro question="Is anything sending right now, and how do I stop it at once?" />
    </Stack>
  );
}
