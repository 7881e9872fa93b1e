/**
 * /compliance: Do we honour privacy and anti-spam law, and can we act on a person\'s request today?
 * (Skeleton: the page is being built; see docs/compliance.md.)
 */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

const QUESTION = "Do we honour privacy and anti-spam law, and can we act on a person's request today?";

export default function CompliancePage() {
  return (
    <Stack spacing={3}>
      <PageIntro question={QUESTION} />
    </Stack>
  );
}
