/**
 * Where a step's new sends go: the current share of each variant as one stacked bar, and the
 * history of those shares (bandit recomputations, mode changes, winners) as small stacked columns.
 */
import { Box, Tooltip, Typography, useTheme } from "@mui/material";
import type { TrafficPoint } from "@prospector/contracts";

const percent = (x: number) => `${Math.round(x * 1000) / 10}%`;

function useVariantColors() {
  const t = useTheme().palette;
  return [
    t.grey[500],
    t.primary.main,
    t.secondary.main,
    t.success.main,
    t.warning.main,
    t.info.main,
    t.error.main,
    t.primary.dark,
    t.secondary.dark,
    t.success.dark,
  ];
}

export const sharesText = (shares: readonly number[], labels: readonly string[]) =>
  shares.map((s, i) => `${labels[i] ?? i} ${percent(s)}`).join(", ");

export function TrafficShareBar({ shares, labels }: { shares: readonly number[]; labels: readonly string[] }) {
  const colors = useVariantColors();
  const text = sharesText(shares, labels);
  return (
    <Box role="img" aria-label={`Traffic now: ${text}`} sx={{ minWidth: 120 }}>
      <Box sx={{ display: "flex", height: 10, borderRadius: 1, overflow: "hidden", bgcolor: "action.hover" }}>
        {shares.map((s, i) =>
          s > 0 ? (
            <Tooltip key={labels[i] ?? i} title={`${labels[i] ?? i}: ${percent(s)}`}>
              <Box sx={{ width: `${s * 100}%`, bgcolor: colors[i % colors.length] }} />
            </Tooltip>
          ) : null,
        )}
      </Box>
      <Typography variant="caption" color="textSecondary" sx={{ whiteSpace: "nowrap" }}>
        {text}
      </Typography>
    </Box>
  );
}

const REASON: Record<TrafficPoint["reason"], string> = {
  bandit: "bandit update",
  mode: "mode change",
  winner: "winner declared",
  winner_cleared: "winner withdrawn",
};

/** One column per change (oldest left), each stacked by variant share. */
export function TrafficHistoryBars({ history, labels }: { history: readonly TrafficPoint[]; labels: readonly string[] }) {
  const colors = useVariantColors();
  if (history.length === 0)
    return (
      <Typography variant="caption" color="textSecondary">
        No changes yet
      </Typography>
    );
  const w = 4;
  const gap = 1;
  const h = 24;
  const last = history.at(-1) as TrafficPoint;
  return (
    <Tooltip title={`Last change: ${REASON[last.reason]}, ${new Date(last.at).toLocaleString()}`}>
      <svg
        width={history.length * (w + gap)}
        height={h}
        role="img"
        aria-label={`Traffic share over the last ${history.length} change${history.length === 1 ? "" : "s"}; latest (${REASON[last.reason]}): ${sharesText(last.weights, labels)}`}
      >
        {history.map((p, x) => {
          let y = h;
          return (
            <g key={`${p.at}:${p.reason}:${p.weights.join()}`}>
              {p.weights.map((s, i) => {
                const height = s * h;
                y -= height;
                return height > 0 ? (
                  <rect key={labels[i] ?? i} x={x * (w + gap)} y={y} width={w} height={height} fill={colors[i % colors.length]} />
                ) : null;
              })}
            </g>
          );
        })}
      </svg>
    </Tooltip>
  );
}
