/** One recommendation's why: its evidence (figures with intervals), expected effect, and every application with its measured before/after. */
import { Box, Card, CardContent, CardHeader, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import type { RecommendationWhy } from "@prospector/contracts";
import { formatUtcDateTime } from "../../../lib/format.ts";
import { formatCount, formatP, formatPoints, formatRateWithInterval } from "../../../ui/charts/chart-format.ts";

const VERDICT: Record<string, { label: string; color: "success" | "default" | "error" }> = {
  helped: { label: "Helped", color: "success" },
  no_measurable_change: { label: "No measurable change", color: "default" },
  hurt: { label: "Hurt", color: "error" },
};

export function RecommendationWhyCard({ r }: { r: RecommendationWhy }) {
  return (
    <Card variant="outlined" component="article" aria-label={r.title}>
      <CardHeader
        title={r.title}
        subheader={`${r.campaign_name} · ${r.kind.replace("_", " ")} · generated ${formatUtcDateTime(r.generated_at)} · ${r.status}`}
        slotProps={{ title: { variant: "subtitle1", component: "h3" } }}
      />
      <CardContent sx={{ display: "grid", gap: 2 }}>
        <Typography variant="body2">{r.rationale}</Typography>
        <Table size="small" aria-label={`Evidence: ${r.title}`}>
          <TableHead>
            <TableRow>
              <TableCell>Evidence</TableCell>
              <TableCell align="right">Sends</TableCell>
              <TableCell align="right">Replies</TableCell>
              <TableCell align="right">Reply rate (95 % interval)</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {r.figures.map((f) => (
              <TableRow key={f.label}>
                <TableCell>{f.label}</TableCell>
                <TableCell align="right">{formatCount(f.sends)}</TableCell>
                <TableCell align="right">{formatCount(f.replies)}</TableCell>
                <TableCell align="right">{formatRateWithInterval({ ...f.estimate, n: f.sends })}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Typography variant="body2">
          Expected effect: {r.expected.replies_per_month > 0 ? "+" : ""}
          {r.expected.replies_per_month.toFixed(1)} replies a month ({r.expected.low.toFixed(1)} to {r.expected.high.toFixed(1)});{" "}
          {r.expected.basis}.{r.test ? ` ${r.test.name}: p = ${formatP(r.test.p_value)}.` : ""}
        </Typography>
        {r.applications.length === 0 ? (
          <Typography variant="body2" color="textSecondary">
            Not applied yet: apply it on Smart Recommendations, and its effect is measured here once enough mail has gone out.
          </Typography>
        ) : (
          <Box>
            <Typography variant="subtitle2" component="h4">
              Did following it help?
            </Typography>
            <Table size="small" aria-label={`Applications: ${r.title}`}>
              <TableHead>
                <TableRow>
                  <TableCell>Applied</TableCell>
                  <TableCell align="right">Before</TableCell>
                  <TableCell align="right">After</TableCell>
                  <TableCell align="right">Change</TableCell>
                  <TableCell>Verdict</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {r.applications.map((a) => (
                  <TableRow key={a.id}>
                    <TableCell>{formatUtcDateTime(a.applied_at)}</TableCell>
                    <TableCell align="right">{formatRateWithInterval({ ...a.baseline.estimate, n: a.baseline.sends })}</TableCell>
                    <TableCell align="right">{a.after ? formatRateWithInterval({ ...a.after.estimate, n: a.after.sends }) : "—"}</TableCell>
                    <TableCell align="right">{formatPoints(a.measured_change)}</TableCell>
                    <TableCell>
                      {a.verdict ? (
                        <Chip
                          size="small"
                          label={VERDICT[a.verdict]!.label}
                          color={VERDICT[a.verdict]!.color}
                          title={a.note ?? undefined}
                        />
                      ) : (
                        `Measuring (judged after ${formatUtcDateTime(a.evaluate_after)})`
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
