/**
 * /settings-complex: Where is every setting, and what is it set to?
 * (Skeleton: the page is being built; see docs/settings.md.)
 */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

const QUESTION = "Where is every setting, and what is it set to?";

export default function SettingsComplexPage() {
  return (
    <Stack spacing={3}>
      <PageIntro question={QUESTION} />
    </Stack>
  );
}
