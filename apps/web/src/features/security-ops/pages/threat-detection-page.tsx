/**
 * /security/threat-detection, /security/threat-detection-new, /threat-detection/dashboard: Is anyone attacking our accounts or API keys, and what did they try?
 * (Skeleton: the page is being built; see docs/security-operations.md.)
 */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

const QUESTION = "Is anyone attacking our accounts or API keys, and what did they try?";

/** "new": only the alerts nobody has acknowledged yet (docs/security-operations.md, "One page, three routes"). */
export default function ThreatDetectionPage(_props: { variant?: "all" | "new" }) {
  return (
    <Stack spacing={3}>
      <PageIntro question={QUESTION} />
    </Stack>
  );
}
