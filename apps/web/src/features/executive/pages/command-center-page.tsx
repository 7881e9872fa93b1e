/**
 * /command-center: What needs a human today, and how is today going?
 */
import { Stack } from "@mui/material";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";

export default function CommandCenterPage() {
  return (
    <Stack spacing={2}>
      <PageIntro question="What needs a human today, and how is today going?" />
      <EmptyState title="Not built yet" hint="This page is being built." />
    </Stack>
  );
}
