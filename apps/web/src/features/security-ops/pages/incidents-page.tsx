/**
 * /security/incident-response, /threat-detection/incidents, /incident-management: Which incidents are open, who owns them, and what has been done about them?
 * (Skeleton: the page is being built; see docs/security-operations.md.)
 */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

const QUESTION = "Which incidents are open, who owns them, and what has been done about them?";

/** "security": the security incidents; "all": security and operational (docs/security-operations.md). */
export default function IncidentsPage(_props: { variant?: "security" | "all" }) {
  return (
    <Stack spacing={3}>
      <PageIntro question={QUESTION} />
    </Stack>
  );
}
