/**
 * /analytics-intelligence/platform: Which lead sources turn into replies, meetings and revenue?
 */
import { Stack } from "@mui/material";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";

export default function PlatformPage() {
  return (
    <Stack spacing={2}>
      <PageIntro question="Which lead sources turn into replies, meetings and revenue?" />
      <EmptyState title="Not built yet" hint="This page is being built." />
    </Stack>
  );
}
