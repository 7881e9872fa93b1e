/**
 * /user-success: Has each member of the workspace set up and used what they need?
 */
import { Stack } from "@mui/material";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";

export default function UserSuccessPage() {
  return (
    <Stack spacing={2}>
      <PageIntro question="Has each member of the workspace set up and used what they need?" />
      <EmptyState title="Not built yet" hint="This page is being built." />
    </Stack>
  );
}
