/**
 * /settings-simple: Which few settings do most people need, and what are they set to?
 * (Skeleton: the page is being built; see docs/settings.md.)
 */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

const QUESTION = "Which few settings do most people need, and what are they set to?";

export default function SettingsSimplePage() {
  return (
    <Stack spacing={3}>
      <PageIntro question={QUESTION} />
    </Stack>
  );
}
