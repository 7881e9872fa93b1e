/**
 * /threat-detection/scan: How well is this workspace configured against attack, and what should we fix first?
 * (Skeleton: the page is being built; see docs/security-operations.md.)
 */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

const QUESTION = "How well is this workspace configured against attack, and what should we fix first?";

export default function SecurityScanPage() {
  return (
    <Stack spacing={3}>
      <PageIntro question={QUESTION} />
    </Stack>
  );
}
