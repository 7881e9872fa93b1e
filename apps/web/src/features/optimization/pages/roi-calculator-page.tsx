/**
 * /roi-calculator: What pipeline and revenue would an outreach plan produce at our own rates?
 */
import { Stack } from "@mui/material";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";

export default function RoiCalculatorPage() {
  return (
    <Stack spacing={2}>
      <PageIntro question="What pipeline and revenue would an outreach plan produce at our own rates?" />
      <EmptyState title="Not built yet" hint="This page is being built." />
    </Stack>
  );
}
