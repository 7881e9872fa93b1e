/** One recommendation: what to change and why (figures with intervals, the test), the expected effect, and apply / snooze / dismiss. */
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CardHeader,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import type { Recommendation } from "@prospector/contracts";
import { usePermissions } from "../../../app/permissions/permission-provider.tsx";
import { errorMessage } from "../../../lib/errors.ts";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useApplyRecommendation, useDismissRecommendation, useSnoozeRecommendation } from "../api/use-recommendations.ts";
import { count, date, formatRate, pValue, rateShort, signed, VERDICT_COLORS, VERDICT_LABELS } from "./format.ts";

const KIND_LABELS: Record<Recommendation["kind"], string> = {
  ab_winner: "A/B test",
  send_window: "Sending hours",
  segment_stop: "Segment",
};

export function RecommendationCard({ rec }: { rec: Recommendation }) {
  const { can } = usePermissions();
  const toast = useToast();
  const apply = useApplyRecommendation();
  const dismiss = useDismissRecommendation();
  const snooze = useSnoozeRecommendation();
  const allowed = can(rec.action.permission);
  const actionable = rec.status === "open" || rec.status === "snoozed";
  const busy = apply.isPending || dismiss.isPending || snooze.isPending;
  const fail = (err: unknown) => toast.error(errorMessage(err));
  const e = rec.expected;
  const titleId = `rec-${rec.id}`;
  return (
    <Card variant="outlined" component="article" aria-labelledby={titleId}>
      <CardHeader
        title={rec.title}
        subheader={`${KIND_LABELS[rec.kind]} · ${rec.target.campaign_name} · generated ${date(rec.generated_at)}${rec.snoozed_until ? ` · snoozed until ${date(rec.snoozed_until)}` : ""}`}
        slotProps={{ title: { variant: "subtitle1", component: "h3", id: titleId }, subheader: { variant: "body2" } }}
        action={rec.status !== "open" ? <Chip size="small" label={rec.status} /> : undefined}
      />
      <CardContent sx={{ pt: 0 }}>
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          {rec.rationale}
        </Typography>
        <Box sx={{ overflowX: "auto" }}>
          <Table size="small" aria-label={`Evidence: ${rec.title}`}>
            <TableHead>
              <TableRow>
                <TableCell>Evidence</TableCell>
                <TableCell align="right">Replies / sends</TableCell>
                <TableCell align="right">Reply rate (95% interval)</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rec.evidence.figures.map((f) => (
                <TableRow key={f.label}>
                  <TableCell>{f.label}</TableCell>
                  <TableCell align="right">
                    {count(f.replies)} / {count(f.sends)}
                  </TableCell>
                  <TableCell align="right">{rateShort(f.estimate)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        {rec.evidence.test && (
          <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
            {rec.evidence.test.name}: {rec.evidence.test.p_value === null ? "p not computed" : pValue(rec.evidence.test.p_value)}
            {rec.evidence.test.z !== null ? `, z = ${rec.evidence.test.z}` : ""}
          </Typography>
        )}
        <Typography variant="body2" sx={{ mt: 1 }}>
          <strong>Expected:</strong> {signed(e.replies_per_month)} replies a month (range {signed(e.low)} to {signed(e.high)}). {e.basis}
        </Typography>
        <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 0.5 }}>
          Source: {rec.evidence.source}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          <strong>Apply:</strong> {rec.action.description}
        </Typography>
        {rec.application && (
          <Box sx={{ mt: 1.5, p: 1.5, borderRadius: 1, bgcolor: "action.hover" }}>
            <Typography variant="body2">
              Applied {date(rec.application.applied_at)}. Baseline: {formatRate(rec.application.baseline.estimate.rate)} on{" "}
              {count(rec.application.baseline.sends)} sends in the 30 days before.
            </Typography>
            {rec.application.outcome ? (
              <Typography variant="body2">
                <Chip
                  size="small"
                  color={VERDICT_COLORS[rec.application.outcome.verdict]}
                  label={VERDICT_LABELS[rec.application.outcome.verdict]}
                  sx={{ mr: 1 }}
                />
                {rec.application.outcome.note}
              </Typography>
            ) : (
              <Typography variant="body2" color="textSecondary">
                Not judged yet: after {count(rec.application.min_sends)} new sends, or from {date(rec.application.evaluate_after)}.
              </Typography>
            )}
          </Box>
        )}
      </CardContent>
      {actionable && (
        <CardActions sx={{ flexWrap: "wrap", gap: 1, px: 2, pb: 2 }}>
          <Button
            variant="contained"
            disabled={busy || !allowed}
            title={allowed ? undefined : `Applying needs ${rec.action.permission}`}
            onClick={() => apply.mutate({ id: rec.id }, { onSuccess: () => toast.success(`Applied: ${rec.title}`), onError: fail })}
          >
            Apply
          </Button>
          <Button
            disabled={busy || !can("campaigns:update")}
            onClick={() => snooze.mutate({ id: rec.id, days: 7 }, { onSuccess: () => toast.success("Snoozed for 7 days"), onError: fail })}
          >
            Snooze 7 days
          </Button>
          <Button
            color="inherit"
            disabled={busy || !can("campaigns:update")}
            onClick={() => dismiss.mutate({ id: rec.id }, { onSuccess: () => toast.success("Dismissed"), onError: fail })}
          >
            Dismiss
          </Button>
        </CardActions>
      )}
    </Card>
  );
}
