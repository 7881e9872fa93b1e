/**
 * /experiments/ab-testing: every A/B test across campaigns (each campaign step with variants) with
 * its verdict at 95%, the sends a decision still needs, where its traffic goes now and how that
 * moved, and the controls: even split or bandit, declare a winner (docs/ab-testing.md).
 */
import {
  Alert,
  Box,
  Button,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import type { ExperimentMetric, ExperimentStatus } from "@prospector/contracts";
import { Link as RouterLink, useSearchParams } from "react-router";
import { usePermissions } from "../../../app/permissions/index.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { FilterSelect } from "../../../ui/filter-select.tsx";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { TablePager } from "../../../ui/table-pager/table-pager.tsx";
import { usePager } from "../../../ui/table-pager/use-pager.ts";
import { useExperiments } from "../api/use-experiments.ts";
import { ExperimentRow, METRIC_LABELS } from "../components/experiment-row.tsx";
import { EXPERIMENT_STATUS_LABELS } from "../components/experiment-status-chip.tsx";

const STATUSES = ["winner", "collecting", "no_clear_winner"] as const;
const METRICS = ["reply", "open", "click"] as const;

export default function ExperimentsPage() {
  const [params, setParams] = useSearchParams();
  const status = (STATUSES as readonly string[]).includes(params.get("status") ?? "")
    ? (params.get("status") as ExperimentStatus)
    : undefined;
  const metric = (METRICS as readonly string[]).includes(params.get("metric") ?? "")
    ? (params.get("metric") as ExperimentMetric)
    : undefined;
  const campaignId = params.get("campaign") || undefined;
  const pager = usePager({ resetKeys: [status, metric, campaignId] });
  const list = useExperiments({ status, metric, campaign_id: campaignId, page: pager.page + 1, per_page: pager.perPage });
  const { can } = usePermissions();
  const compact = useMediaQuery(useTheme().breakpoints.down("sm"));
  const canChange = can("campaigns:update");
  const filtered = Boolean(status || metric || campaignId);
  const setFilter = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const s = list.data?.summary;

  return (
    <Stack spacing={3}>
      <PageIntro
        question="Which of my A/B tests have a winner, which need more data, and where should traffic go?"
        summary={
          s && s.total > 0
            ? `${s.total} test${s.total === 1 ? "" : "s"}: ${s.winner} with a winner, ${s.collecting} collecting data, ${s.no_clear_winner} without a clear winner · ${s.bandit} steered by the bandit. Decided at 95% confidence; sends needed are an 80%-power estimate.`
            : "Each campaign step with variants is one test, judged at 95% confidence."
        }
        actions={
          <Button component={RouterLink} to="/ab-tests" size="small">
            Results by campaign
          </Button>
        }
      />
      {list.data && (list.data.summary.total > 0 || filtered) && (
        <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap", alignItems: "center" }} role="search" aria-label="Filter experiments">
          <FilterSelect
            label="Status"
            value={status ?? ""}
            anyLabel="Any status"
            onChange={(v) => setFilter("status", v)}
            options={STATUSES.map((x) => ({ value: x, label: `${EXPERIMENT_STATUS_LABELS[x]} (${list.data.summary[x]})` }))}
          />
          <FilterSelect
            label="Campaign"
            value={campaignId ?? ""}
            anyLabel="All campaigns"
            minWidth={180}
            onChange={(v) => setFilter("campaign", v)}
            options={list.data.campaigns.map((c) => ({ value: c.id, label: c.name }))}
          />
          <FilterSelect
            label="Judge by"
            value={metric ?? ""}
            anyLabel="Each test's metric"
            onChange={(v) => setFilter("metric", v)}
            options={METRICS.map((m) => ({ value: m, label: METRIC_LABELS[m] }))}
          />
          {filtered && (
            <Chip label="Clear filters" onClick={() => setParams(new URLSearchParams(), { replace: true })} variant="outlined" />
          )}
        </Box>
      )}
      {list.isPending && <LoadingScreen />}
      {list.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => list.refetch()}>
              Retry
            </Button>
          }
        >
          {errorMessage(list.error)}
        </Alert>
      )}
      {list.data && list.data.summary.total === 0 && !filtered && (
        <EmptyState
          title="No A/B tests yet"
          hint="Add a variant to a step of a campaign's sequence (campaign editor, Sequence, Add variant). Each step with variants shows here as a test, with its results once the campaign sends."
        >
          <Button component={RouterLink} to="/campaigns" variant="contained">
            Open campaigns
          </Button>
        </EmptyState>
      )}
      {list.data && list.data.total === 0 && filtered && (
        <EmptyState title="No test matches these filters" hint="Choose another status, campaign or metric, or clear the filters.">
          <Button onClick={() => setParams(new URLSearchParams(), { replace: true })}>Clear filters</Button>
        </EmptyState>
      )}
      {list.data && list.data.total > 0 && (
        <Box
          sx={{
            border: 1,
            borderColor: "divider",
            borderRadius: 2,
            bgcolor: "background.paper",
            opacity: list.isPlaceholderData ? 0.6 : 1,
          }}
        >
          <TableContainer>
            <Table size="small" aria-label="A/B tests" sx={compact ? { tableLayout: "fixed" } : undefined}>
              <TableHead>
                {compact ? (
                  <TableRow>
                    <TableCell padding="checkbox" sx={{ width: 48 }} />
                    <TableCell>Test, verdict and traffic</TableCell>
                  </TableRow>
                ) : (
                  <TableRow sx={{ "& th": { whiteSpace: "nowrap" } }}>
                    <TableCell padding="checkbox" />
                    <TableCell>Test</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell>Winner</TableCell>
                    <TableCell align="right">p-value</TableCell>
                    <TableCell align="right">Sends needed</TableCell>
                    <TableCell>Traffic</TableCell>
                    <TableCell>Mode</TableCell>
                  </TableRow>
                )}
              </TableHead>
              <TableBody>
                {list.data.experiments.map((e) => (
                  <ExperimentRow key={e.id} e={e} canChange={canChange} compact={compact} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePager pager={pager} count={list.data.total} />
        </Box>
      )}
    </Stack>
  );
}
