/**
 * /security/threat-analytics: Where do attacks come from, what do they target, and is it getting worse?
 * Charts over the sign-in log, the alerts and API key refusals (docs/security-operations.md).
 */
import { Box, Stack, ToggleButton, ToggleButtonGroup } from "@mui/material";
import { useState } from "react";
import { LoadError } from "../../../ui/load-error.tsx";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { PageIntro } from "../../../ui/page-intro.tsx";
import { useThreatAnalytics } from "../api/use-threats.ts";
import {
  AlertsByDayChart,
  KeyDenialsChart,
  SignInsByDayChart,
  TargetedAccountsChart,
  TopSourcesChart,
} from "../components/threat-charts.tsx";

const QUESTION = "Where do attacks come from, what do they target, and is it getting worse?";

export default function ThreatAnalyticsPage() {
  const [days, setDays] = useState<7 | 30 | 90>(30);
  const q = useThreatAnalytics(days);
  return (
    <Stack spacing={3}>
      <PageIntro
        question={QUESTION}
        actions={
          <ToggleButtonGroup size="small" exclusive value={days} onChange={(_, v) => v && setDays(v)} aria-label="Period">
            <ToggleButton value={7}>7 days</ToggleButton>
            <ToggleButton value={30}>30 days</ToggleButton>
            <ToggleButton value={90}>90 days</ToggleButton>
          </ToggleButtonGroup>
        }
      />
      {q.error && <LoadError error={q.error} onRetry={() => void q.refetch()} />}
      {q.isPending && <LoadingScreen />}
      {q.data && (
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", lg: "1fr 1fr" } }}>
          <AlertsByDayChart a={q.data} />
          <SignInsByDayChart a={q.data} />
          <TopSourcesChart a={q.data} />
          <TargetedAccountsChart a={q.data} />
          <KeyDenialsChart a={q.data} />
        </Box>
      )}
    </Stack>
  );
}
