/** /send-time-optimizer: At what hour, in their own time zone, do my recipients open and reply? (issue 15; the page is built by its feature's owner). */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

export default function SendTimeOptimizerPage() {
  return (
    <Stack spacing={3}>
      <PageIntro question="At what hour, in their own time zone, do my recipients open and reply?" />
    </Stack>
  );
}
