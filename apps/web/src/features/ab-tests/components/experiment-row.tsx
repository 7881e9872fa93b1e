/**
 * One experiment (a campaign step with variants) in the experiments table: verdict, winner or
 * leader, p-value, sends still needed, traffic now and its history, the mode toggle; opened, the
 * shared variant results table with "make winner" per variant, the metric and exploration floor.
 */
import { ExpandLess, ExpandMore } from "@mui/icons-material";
import {
  Box,
  Button,
  Collapse,
  IconButton,
  Link,
  Stack,
  TableCell,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from "@mui/material";
import type { Experiment, ExperimentMetric, ExperimentMode } from "@prospector/contracts";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { errorMessage } from "../../../lib/errors.ts";
import { ConfirmDialog } from "../../../ui/confirm-dialog.tsx";
import { FilterSelect } from "../../../ui/filter-select.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useClearWinner, useDeclareWinner, useExperimentSettings } from "../api/use-experiments.ts";
import { ExperimentStatusChip } from "./experiment-status-chip.tsx";
import { formatP } from "./significance-text.tsx";
import { TrafficHistoryBars, TrafficShareBar } from "./traffic-share.tsx";
import { VariantResultsTable } from "./variant-results-table.tsx";

export const METRIC_LABELS: Record<ExperimentMetric, string> = { reply: "Reply rate", open: "Open rate", click: "Click rate" };
const SUCCESS: Record<ExperimentMetric, string> = { reply: "reply", open: "human open", click: "human click" };
const FLOORS = [0, 0.05, 0.1, 0.2, 0.25, 0.3].map((f) => ({ value: String(f), label: `${Math.round(f * 100)}%` }));
const COLUMNS = 8;

const rateOf = (v: Experiment["variants"][number], m: ExperimentMetric) =>
  m === "reply" ? v.reply_rate : m === "open" ? v.open_rate : v.click_rate;
const liftText = (lift: number | null) => (lift === null ? "" : ` (${lift >= 0 ? "+" : ""}${lift.toLocaleString()}%)`);

/** The winner, else the variant leading on the metric so far. */
function verdictText(e: Experiment): { main: string; note: string } {
  const labelOf = (v: number) => e.variants.find((x) => x.variant === v)?.label ?? String(v);
  if (e.winner !== null)
    return {
      main: `${labelOf(e.winner)}${e.winner === 0 ? "" : liftText(e.lift)}`,
      note: e.declared_winner !== null ? "declared" : e.winner === 0 ? "A beats every variant" : "at 95% confidence",
    };
  if (e.status === "no_clear_winner") return { main: "None", note: "no 20% lift at 95%" };
  const rest = e.variants.slice(1);
  const best = rest.length ? rest.reduce((b, v) => (rateOf(v, e.metric) > rateOf(b, e.metric) ? v : b)) : undefined;
  if (!best || e.sent === 0) return { main: "—", note: "nothing sent yet" };
  return { main: `${best.label} leads${liftText(e.lift)}`, note: "not significant yet" };
}

function sendsNeededText(e: Experiment): string {
  if (e.status !== "collecting") return "—";
  if (e.sends_needed === null) return `after the first ${SUCCESS[e.metric]}`;
  return `≈ ${e.sends_needed.toLocaleString()} more`;
}

/** `compact` (phone width): the figures stack under the test's name and the mode toggle moves into the opened row. */
export function ExperimentRow({ e, canChange, compact = false }: { e: Experiment; canChange: boolean; compact?: boolean }) {
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useState<number | null>(null);
  const toast = useToast();
  const settings = useExperimentSettings();
  const declare = useDeclareWinner();
  const clear = useClearWinner();
  const labels = e.variants.map((v) => v.label);
  const name = `${e.campaign_name}, step ${e.step}`;
  const verdict = verdictText(e);
  const busy = settings.isPending || declare.isPending || clear.isPending;
  const change = (input: { mode?: ExperimentMode; metric?: ExperimentMetric; min_share?: number }, done: string) =>
    settings.mutate({ experiment: e, input }, { onSuccess: () => toast.success(done), onError: (err) => toast.error(errorMessage(err)) });

  const modeToggle = (
    <Tooltip title={canChange ? "" : "Changing the traffic needs campaigns:update"}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={e.mode}
        disabled={!canChange || busy}
        aria-label={`Traffic mode of ${name}`}
        onChange={(_, mode: ExperimentMode | null) => {
          if (mode && mode !== e.mode)
            change({ mode }, mode === "bandit" ? `${name}: the bandit now steers traffic` : `${name}: back to an even split`);
        }}
      >
        <ToggleButton value="even">Even</ToggleButton>
        <ToggleButton value="bandit">Bandit</ToggleButton>
      </ToggleButtonGroup>
    </Tooltip>
  );
  const traffic = (
    <Stack spacing={0.5}>
      <TrafficShareBar shares={e.variants.map((v) => v.share)} labels={labels} />
      <TrafficHistoryBars history={e.history} labels={labels} />
    </Stack>
  );

  return (
    <>
      <TableRow hover sx={{ "& > td": { borderBottom: open ? "unset" : undefined } }}>
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            aria-label={`${open ? "Hide" : "Show"} variants of ${name}`}
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          >
            {open ? <ExpandLess /> : <ExpandMore />}
          </IconButton>
        </TableCell>
        <TableCell sx={{ minWidth: compact ? 0 : 180 }}>
          <Link component={RouterLink} to={`/ab-tests?campaign=${e.campaign_id}`} sx={{ fontWeight: 500 }}>
            {e.campaign_name}
          </Link>
          <Typography variant="caption" color="textSecondary" component="div">
            {`Step ${e.step} · ${e.variants.length} variants · ${e.sent.toLocaleString()} sent · ${METRIC_LABELS[e.metric].toLowerCase()}`}
          </Typography>
          {compact && (
            <Stack spacing={1} sx={{ alignItems: "flex-start", mt: 1 }}>
              <ExperimentStatusChip status={e.status} />
              <Typography variant="body2">{`${verdict.main} · ${verdict.note}`}</Typography>
              <Typography variant="caption" color="textSecondary">
                {`p-value ${e.p_value === null ? "—" : formatP(e.p_value)} · sends needed ${sendsNeededText(e)}`}
              </Typography>
              {traffic}
            </Stack>
          )}
        </TableCell>
        {!compact && (
          <>
            <TableCell>
              <ExperimentStatusChip status={e.status} />
            </TableCell>
            <TableCell sx={{ minWidth: 120 }}>
              <Typography variant="body2">{verdict.main}</Typography>
              <Typography variant="caption" color="textSecondary">
                {verdict.note}
              </Typography>
            </TableCell>
            <TableCell align="right">{e.p_value === null ? "—" : formatP(e.p_value)}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
              {sendsNeededText(e)}
            </TableCell>
            <TableCell sx={{ minWidth: 160 }}>{traffic}</TableCell>
          </>
        )}
        {!compact && <TableCell>{modeToggle}</TableCell>}
      </TableRow>
      <TableRow>
        <TableCell colSpan={compact ? 2 : COLUMNS} sx={{ py: 0 }}>
          <Collapse in={open} timeout="auto" unmountOnExit>
            <Stack spacing={2} sx={{ py: 2 }}>
              <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap", alignItems: "center" }}>
                {compact && modeToggle}
                <FilterSelect
                  label="Judge and steer on"
                  value={e.metric}
                  onChange={(m) =>
                    change({ metric: m as ExperimentMetric }, `${name}: judged on ${METRIC_LABELS[m as ExperimentMetric].toLowerCase()}`)
                  }
                  options={(["reply", "open", "click"] as const).map((m) => ({ value: m, label: METRIC_LABELS[m] }))}
                />
                <FilterSelect
                  label="Exploration floor"
                  value={String(e.min_share)}
                  onChange={(f) =>
                    change(
                      { min_share: Number(f) },
                      `${name}: each variant keeps at least ${Math.round(Number(f) * 100)}% under the bandit`,
                    )
                  }
                  options={FLOORS.filter((f) => Number(f.value) <= 1 / e.variants.length).concat(
                    FLOORS.some((f) => Number(f.value) === e.min_share)
                      ? []
                      : [{ value: String(e.min_share), label: `${Math.round(e.min_share * 100)}%` }],
                  )}
                />
                {e.declared_winner !== null && (
                  <Button
                    size="small"
                    disabled={!canChange || busy}
                    onClick={() =>
                      clear.mutate(
                        { experiment: e },
                        {
                          onSuccess: () => toast.success(`${name}: winner withdrawn, testing resumes`),
                          onError: (err) => toast.error(errorMessage(err)),
                        },
                      )
                    }
                  >
                    Withdraw winner
                  </Button>
                )}
                {e.weights_at && (
                  <Typography variant="caption" color="textSecondary">
                    {`Traffic last changed ${new Date(e.weights_at).toLocaleString()}`}
                  </Typography>
                )}
              </Box>
              <VariantResultsTable
                variants={e.variants}
                winner={e.winner}
                label={`Variants of ${name}`}
                tests={[e.metric, ...(["reply", "open", "click"] as const).filter((m) => m !== e.metric)]}
                showShare
                action={
                  canChange
                    ? (v) =>
                        e.declared_winner === v.variant ? (
                          <Typography variant="caption" color="success.main">
                            Gets all traffic
                          </Typography>
                        ) : (
                          <Button
                            size="small"
                            disabled={busy}
                            aria-label={`Make ${v.label} the winner`}
                            onClick={() => setConfirm(v.variant)}
                            sx={{ whiteSpace: "nowrap" }}
                          >
                            Make winner
                          </Button>
                        )
                    : undefined
                }
              />
            </Stack>
          </Collapse>
        </TableCell>
      </TableRow>
      <ConfirmDialog
        open={confirm !== null}
        title={`Send all traffic of step ${e.step} to ${labels[confirm ?? 0]}?`}
        confirmLabel="Declare winner"
        pending={declare.isPending}
        error={declare.error}
        onClose={() => {
          declare.reset();
          setConfirm(null);
        }}
        onConfirm={() =>
          declare.mutate(
            { experiment: e, input: { variant: confirm ?? 0 } },
            {
              onSuccess: () => {
                toast.success(`${name}: ${labels[confirm ?? 0]} gets every further send`);
                setConfirm(null);
              },
            },
          )
        }
      >
        {`Every lead still to receive step ${e.step} of ${e.campaign_name} gets variant ${labels[confirm ?? 0]}. Messages already sent keep their variant; you can withdraw the winner later and testing resumes.`}
      </ConfirmDialog>
    </>
  );
}
