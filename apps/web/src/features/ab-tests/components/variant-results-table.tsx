/**
 * One step's variants side by side: sends, people who opened, clicked and replied, and each rate's
 * test against A. Shared by /ab-tests (one campaign) and /experiments/ab-testing (every test), which
 * adds the metric it judges on, each variant's traffic share and an action per row.
 */
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import type { ExperimentMetric, ProportionTest, VariantResult } from "@prospector/contracts";
import type { ReactNode } from "react";
import { pct } from "../../campaigns/lib/campaign-labels.ts";
import { SignificanceText } from "./significance-text.tsx";

type Row = VariantResult & { click_rate?: number; click_test?: ProportionTest; share?: number };

const TEST_LABEL: Record<ExperimentMetric, string> = { reply: "Reply rate vs A", open: "Open rate vs A", click: "Click rate vs A" };

const testOf = (v: Row, m: ExperimentMetric): ProportionTest | undefined =>
  m === "reply" ? v.reply_test : m === "open" ? v.open_test : v.click_test;

export function VariantResultsTable({
  variants,
  winner,
  label,
  tests = ["reply", "open"],
  showShare = false,
  action,
}: {
  variants: readonly Row[];
  winner: number | null;
  /** The table's accessible name. */
  label: string;
  /** Which rates' tests against A to show, in this order (the first is the deciding one). */
  tests?: readonly ExperimentMetric[];
  showShare?: boolean;
  action?: (v: Row) => ReactNode;
}) {
  return (
    <Box sx={{ overflowX: "auto" }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Variant</TableCell>
            <TableCell align="right">Sent</TableCell>
            <TableCell align="right">Opened</TableCell>
            <TableCell align="right">Clicked</TableCell>
            <TableCell align="right">Replied</TableCell>
            {tests.map((m) => (
              <TableCell key={m}>{TEST_LABEL[m]}</TableCell>
            ))}
            {showShare && <TableCell align="right">Traffic now</TableCell>}
            {action && <TableCell />}
          </TableRow>
        </TableHead>
        <TableBody>
          {variants.map((v) => (
            <TableRow key={v.variant} selected={winner === v.variant}>
              <TableCell sx={{ minWidth: 140 }}>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>{`${v.label}${winner === v.variant ? " (winner)" : ""}`}</Typography>
                <Typography variant="caption" color="textSecondary">
                  {v.subject}
                </Typography>
              </TableCell>
              <TableCell align="right">{v.sent.toLocaleString()}</TableCell>
              <TableCell align="right">{`${v.opened.toLocaleString()} (${pct(v.open_rate)})`}</TableCell>
              <TableCell align="right">
                {v.click_rate === undefined ? v.clicked.toLocaleString() : `${v.clicked.toLocaleString()} (${pct(v.click_rate)})`}
              </TableCell>
              <TableCell align="right">{`${v.replied.toLocaleString()} (${pct(v.reply_rate)})`}</TableCell>
              {tests.map((m) => {
                const t = testOf(v, m);
                return <TableCell key={m}>{t ? <SignificanceText test={t} isA={v.variant === 0} /> : "—"}</TableCell>;
              })}
              {showShare && <TableCell align="right">{v.share === undefined ? "—" : pct(Math.round(v.share * 1000) / 10)}</TableCell>}
              {action && <TableCell align="right">{action(v)}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
