/** /deliverability/enhanced: Is any sending domain blocklisted, how has deliverability moved, and what did receivers make of my last message? */
import { Button, Stack } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { PageIntro } from "../../../ui/page-intro.tsx";
import { BlocklistCard } from "../components/blocklist-card.tsx";
import { HeadersCard } from "../components/headers-card.tsx";
import { TrendsCard } from "../components/trends-card.tsx";

export default function DeliverabilityEnhancedPage() {
  return (
    <Stack spacing={3}>
      <PageIntro
        question="Is any sending domain blocklisted, how has deliverability moved, and what did receivers make of my last message?"
        summary="DNS blocklist lookups of your sending hosts and domains, daily bounce and complaint rates with each day's check results, and a message's authentication headers in plain words."
        actions={
          <Button component={RouterLink} to="/deliverability" variant="outlined">
            Back to the checks
          </Button>
        }
      />
      <BlocklistCard />
      <TrendsCard />
      <HeadersCard />
    </Stack>
  );
}
