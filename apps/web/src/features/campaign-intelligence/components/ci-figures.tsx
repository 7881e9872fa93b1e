/** How campaign intelligence shows a figure: a rate with its n and 95 % interval, a z-test verdict, the period picker and the source line. */

import { Chip, Tooltip, Typography } from "@mui/material";
import type { CiComparison, CiRate, CiVerdict } from "@prospector/contracts";
import { formatUtcDateTime } from "../../../lib/format.ts";
import { formatPercent } from "../../../ui/charts/chart-format.ts";
import { PeriodSelect as SharedPeriodSelect } from "../../../ui/period-select.tsx";

export const pct = formatPercent;

/** "30.0% (30/100, 21.9–39.6%)": the rate, its sample and its 95 % Wilson interval. */
export function rateLabel(r: CiRate): string {
  if (r.n === 0) return "no data";
  return `${pct(r.rate)} (${r.count}/${r.n}, ${pct(r.low)}–${pct(r.high)})`;
}

export function RateCell({ rate }: { rate: CiRate }) {
  if (rate.n === 0)
    return (
      <Typography variant="body2" color="textSecondary">
        no data
      </Typography>
    );
  return (
    <Tooltip title={`${rate.count} of ${rate.n}; 95 % Wilson interval ${pct(rate.low)}–${pct(rate.high)}`}>
      <span>
        <Typography variant="body2" component="span">
          {pct(rate.rate)}
        </Typography>{" "}
        <Typography variant="caption" color="textSecondary" component="span" sx={{ whiteSpace: "nowrap" }}>
          {rate.count}/{rate.n} · {pct(rate.low)}–{pct(rate.high)}
        </Typography>
      </span>
    </Tooltip>
  );
}

const VERDICT: Record<CiVerdict, { label: string; color: "success" | "error" | "default" }> = {
  above: { label: "above", color: "success" },
  below: { label: "below", color: "error" },
  not_different: { label: "not measurably different", color: "default" },
  too_few: { label: "too few to tell", color: "default" },
};

/** A z-test verdict; `higherIsWorse` for bounces. */
export function VerdictChip({ c, higherIsWorse = false }: { c: CiComparison; higherIsWorse?: boolean }) {
  const v = VERDICT[c.verdict];
  const color = higherIsWorse && v.color !== "default" ? (v.color === "success" ? "error" : "success") : v.color;
  const diff = c.difference == null ? "" : ` ${c.difference >= 0 ? "+" : ""}${(c.difference * 100).toFixed(1)} pts`;
  return (
    <Tooltip title={c.p_value == null ? "Not enough data for a test" : `two-proportion z-test: z = ${c.z}, p = ${c.p_value}`}>
      <Chip size="small" variant="outlined" color={color} label={`${v.label}${c.verdict === "too_few" ? "" : diff}`} />
    </Tooltip>
  );
}

export const PERIODS = [7, 14, 30, 90, 180, 365];

export function PeriodSelect({ days, onChange }: { days: number; onChange: (d: number) => void }) {
  return <SharedPeriodSelect value={days} onChange={onChange} days={PERIODS} minWidth={140} />;
}

/** One line under a card: where its figures come from. */
export function Source({ children }: { children: React.ReactNode }) {
  return (
    <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 1 }}>
      Source: {children}
    </Typography>
  );
}

export const when = formatUtcDateTime;
