/**
 * /boardroom: How is outbound performing for the business, month over month?
 */
import { Stack } from "@mui/material";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";

export default function BoardroomPage() {
  return (
    <Stack spacing={2}>
      <PageIntro question="How is outbound performing for the business, month over month?" />
      <EmptyState title="Not built yet" hint="This page is being built." />
    </Stack>
  );
}
