/**
 * /capacity-planning: when will each campaign finish with the inboxes I have, and how many do I
 * need for a deadline? The server simulates the queued emails day by day against the inboxes'
 * caps, warm-up, gaps, the campaigns' windows and the kill switch (docs/sending.md, "Capacity planning").
 */
import { Alert, Button, List, ListItem, Paper, Stack, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { errorMessage } from "../../../lib/errors.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useCapacityPlan } from "../api/use-sending-ops.ts";
import { CapacityCalculator } from "../components/capacity-calculator.tsx";
import { CapacityCampaignsTable, CapacityInboxesTable } from "../components/capacity-tables.tsx";

export default function CapacityPlanningPage() {
  const plan = useCapacityPlan();
  return (
    <Stack spacing={3}>
      <PageIntro
        question="When will each campaign finish with the inboxes I have, and how many do I need for a deadline?"
        summary={plan.data ? `Planned ${formatDateTime(plan.data.generated_at)} from the queue as it is now.` : undefined}
        actions={
          <Button onClick={() => plan.refetch()} disabled={plan.isFetching}>
            {plan.isFetching ? "Planning…" : "Plan again"}
          </Button>
        }
      />
      {plan.isError ? (
        <Alert severity="error" action={<Button onClick={() => plan.refetch()}>Retry</Button>}>
          {errorMessage(plan.error)}
        </Alert>
      ) : !plan.data ? (
        <LoadingScreen />
      ) : plan.data.campaigns.length === 0 ? (
        <EmptyState
          title="No campaign is running"
          hint="Launch a campaign with leads and an inbox: its queued emails, the day it finishes and what holds it back show here."
        >
          <Button component={RouterLink} to="/campaigns" variant="contained">
            Go to Campaigns
          </Button>
        </EmptyState>
      ) : (
        <>
          <CapacityCampaignsTable campaigns={plan.data.campaigns} />
          <CapacityCalculator campaigns={plan.data.campaigns} />
          <CapacityInboxesTable inboxes={plan.data.inboxes} />
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h6" component="h3">
              How the plan is made
            </Typography>
            <List dense sx={{ listStyle: "disc", pl: 3 }}>
              {plan.data.assumptions.map((a) => (
                <ListItem key={a} sx={{ display: "list-item", px: 0 }}>
                  {a}
                </ListItem>
              ))}
            </List>
          </Paper>
        </>
      )}
    </Stack>
  );
}
