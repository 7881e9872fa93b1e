/**
 * /ab-tests: campaigns whose steps have A/B variants (GET /api/ab-tests), and for the one opened,
 * per-variant sends, opens, clicks and replies with the two-proportion test against A and the winner.
 */
import { Alert, Box, Button, Card, CardHeader, Chip, List, ListItemButton, ListItemText, Stack, Typography } from "@mui/material";
import type { CampaignStatus } from "@prospector/contracts";
import { Link as RouterLink, useSearchParams } from "react-router";
import { errorMessage } from "../../../lib/errors.ts";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { PageIntro } from "../../../ui/page-intro.tsx";
import { TablePager } from "../../../ui/table-pager/table-pager.tsx";
import { usePager } from "../../../ui/table-pager/use-pager.ts";
import { CampaignStatusChip } from "../../campaigns/components/campaign-status-chip.tsx";
import { useAbResults, useAbTests } from "../api/use-ab-tests.ts";
import { VariantResultsTable } from "../components/variant-results-table.tsx";

export default function AbTestsPage() {
  const [params, setParams] = useSearchParams();
  const pager = usePager({ perPageOptions: [20] });
  const tests = useAbTests(pager.page + 1, pager.perPage);
  const selected = params.get("campaign") ?? tests.data?.tests[0]?.campaign_id ?? null;
  return (
    <Stack spacing={2}>
      <PageIntro
        title="A/B tests"
        question="Which variant wins in this campaign?"
        summary="Variants of a step are split evenly across leads unless the step runs the bandit; a variant wins when its reply rate beats A at 95% confidence."
        actions={
          <Button component={RouterLink} to="/experiments/ab-testing" size="small">
            All experiments
          </Button>
        }
      />
      {tests.isPending && <LoadingScreen />}
      {tests.isError && <Alert severity="error">{errorMessage(tests.error)}</Alert>}
      {tests.isSuccess && tests.data.total === 0 && (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to="/campaigns" color="inherit" size="small">
              Campaigns
            </Button>
          }
        >
          No campaign has A/B variants yet. Add a variant to a step in the campaign editor's sequence.
        </Alert>
      )}
      {tests.isSuccess && tests.data.total > 0 && (
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", lg: "1fr 2fr" }, alignItems: "start" }}>
          <Card variant="outlined">
            <List aria-label="Campaigns with A/B tests">
              {tests.data.tests.map((t) => (
                <ListItemButton
                  key={t.campaign_id}
                  selected={t.campaign_id === selected}
                  onClick={() => setParams({ campaign: t.campaign_id }, { replace: true })}
                >
                  <ListItemText
                    primary={
                      <Box component="span" sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
                        {t.name}
                        {t.has_winner && <Chip size="small" color="success" label="Winner found" />}
                      </Box>
                    }
                    secondary={`${t.variants} variants on step${t.steps.length > 1 ? "s" : ""} ${t.steps.join(", ")} · ${t.sent.toLocaleString()} sent`}
                  />
                </ListItemButton>
              ))}
            </List>
            <TablePager pager={pager} count={tests.data.total} />
          </Card>
          {selected && <Results campaignId={selected} />}
        </Box>
      )}
    </Stack>
  );
}

function Results({ campaignId }: { campaignId: string }) {
  const r = useAbResults(campaignId);
  if (r.isError) return <Alert severity="error">{errorMessage(r.error)}</Alert>;
  if (!r.data) return <Typography color="textSecondary">Loading results…</Typography>;
  const d = r.data;
  return (
    <Stack spacing={2}>
      <Box sx={{ display: "flex", gap: 1, alignItems: "center" }}>
        <Typography variant="h6" component="h3" sx={{ flex: 1 }}>
          <RouterLink to={`/campaigns/${d.campaign_id}`}>{d.name}</RouterLink>
        </Typography>
        <CampaignStatusChip status={d.status as CampaignStatus} />
      </Box>
      {d.steps.map((s) => (
        <Card key={s.step} variant="outlined" aria-label={`Step ${s.step} results`} role="region">
          <CardHeader
            title={`Step ${s.step}`}
            subheader={
              s.winner !== null
                ? `Winner: variant ${s.variants.find((v) => v.variant === s.winner)?.label ?? s.winner}`
                : `No winner yet at ${Math.round(d.confidence * 100)}%`
            }
            slotProps={{ title: { variant: "subtitle1" } }}
          />
          <VariantResultsTable variants={s.variants} winner={s.winner} label={`Step ${s.step} variants`} />
        </Card>
      ))}
    </Stack>
  );
}
