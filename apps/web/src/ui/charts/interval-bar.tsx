/**
 * A rate drawn with its 95 % interval: a dot at the rate, a whisker from low to high, on a 0–max
 * scale, with optional reference marks (a benchmark, the workspace's history). Plain MUI, so a
 * table row can carry one without loading MUI X. The text beside it repeats the figures.
 */
import { Box, Tooltip, Typography } from "@mui/material";
import { formatRate, formatRateWithInterval, type RateLike } from "./chart-format.ts";

export interface IntervalMark {
  /** A single value, or a range (low–high) drawn as a band. */
  low: number;
  high: number;
  label: string;
}

export function IntervalBar({
  estimate,
  max,
  marks = [],
  color = "primary.main",
  width = 160,
  showText = true,
}: {
  estimate: RateLike;
  /** The scale's right end (a rate); at least the interval's high end. */
  max: number;
  marks?: IntervalMark[];
  color?: string;
  width?: number;
  showText?: boolean;
}) {
  const top = Math.max(max, estimate.high ?? 0, ...marks.map((m) => m.high), 0.0001);
  const pos = (v: number) => `${Math.min(100, Math.max(0, (v / top) * 100))}%`;
  const text = formatRateWithInterval(estimate);
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
      <Tooltip
        title={[
          text,
          ...marks.map((m) => `${m.label}: ${m.low === m.high ? formatRate(m.low) : `${formatRate(m.low)}–${formatRate(m.high)}`}`),
        ].join(" · ")}
      >
        <Box
          role="img"
          aria-label={text}
          sx={{ position: "relative", width, minWidth: width, height: 16, bgcolor: "action.hover", borderRadius: 1, flexShrink: 0 }}
        >
          {marks.map((m) => (
            <Box
              key={m.label}
              sx={{
                position: "absolute",
                top: 0,
                bottom: 0,
                left: pos(m.low),
                width: m.high > m.low ? `calc(${pos(m.high)} - ${pos(m.low)})` : "2px",
                bgcolor: "warning.light",
                opacity: 0.8,
              }}
            />
          ))}
          {estimate.low !== null && estimate.high !== null && (
            <Box
              sx={{
                position: "absolute",
                top: 7,
                height: 2,
                left: pos(estimate.low),
                width: `calc(${pos(estimate.high)} - ${pos(estimate.low)})`,
                bgcolor: color,
              }}
            />
          )}
          {estimate.rate !== null && (
            <Box
              sx={{
                position: "absolute",
                top: 4,
                width: 8,
                height: 8,
                borderRadius: "50%",
                left: `calc(${pos(estimate.rate)} - 4px)`,
                bgcolor: color,
              }}
            />
          )}
        </Box>
      </Tooltip>
      {showText && (
        <Typography variant="body2" sx={{ whiteSpace: "nowrap" }}>
          {text}
        </Typography>
      )}
    </Box>
  );
}
