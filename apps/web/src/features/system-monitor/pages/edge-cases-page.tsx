/**
 * /system/edge-cases: Which failures does the system handle, is any happening now, and what does it do about it?
 * (Skeleton: the page is being built; see docs/operations.md.)
 */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

const QUESTION = "Which failures does the system handle, is any happening now, and what does it do about it?";

export default function EdgeCasesPage() {
  return (
    <Stack spacing={3}>
      <PageIntro question={QUESTION} />
    </Stack>
  );
}
