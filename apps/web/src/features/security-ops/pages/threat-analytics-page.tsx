/**
 * /security/threat-analytics: Where do attacks come from, what do they target, and is it getting worse?
 * (Skeleton: the page is being built; see docs/security-operations.md.)
 */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

const QUESTION = "Where do attacks come from, what do they target, and is it getting worse?";

export default function ThreatAnalyticsPage() {
  return (
    <Stack spacing={3}>
      <PageIntro question={QUESTION} />
    </Stack>
  );
}
