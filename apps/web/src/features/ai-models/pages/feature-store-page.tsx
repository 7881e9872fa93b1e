/**
 * /ml/feature-store: Which lead features do our models compute, and how fresh are they?
 * (Skeleton: the page is being built; see docs/ai.md.)
 */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

const QUESTION = "Which lead features do our models compute, and how fresh are they?";

export default function FeatureStorePage() {
  return (
    <Stack spacing={3}>
      <PageIntro question={QUESTION} />
    </Stack>
  );
}
