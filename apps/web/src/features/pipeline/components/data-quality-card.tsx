/** What is missing from open deals (owner, close date, value…) and which deals went stale. */
import { Box, Card, CardContent, CardHeader, LinearProgress, Link, Stack, Typography } from "@mui/material";
import type { DataQuality } from "@prospector/contracts";
import { Link as RouterLink } from "react-router";
import { LoadError } from "../../../ui/load-error.tsx";
import { dealLink, deals, formatShare } from "./pipeline-format.ts";

const FIELD_LABEL: Record<string, string> = {
  owner_id: "Owner",
  expected_close_date: "Expected close date",
  value: "Value",
  customer_id: "Customer",
  probability: "Probability",
};
const fieldLabel = (f: string) =>
  FIELD_LABEL[f] ??
  f
    .replace(/_id$/, "")
    .replace(/_/g, " ")
    .replace(/^./, (c) => c.toUpperCase());
const STALE_SHOWN = 5;

export function DataQualityCard({ quality, error, onRetry }: { quality: DataQuality | undefined; error: unknown; onRetry: () => void }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby="quality-title">
      <CardHeader
        title="Data quality"
        subheader={quality ? `Across ${deals(quality.open_deals)} open` : " "}
        slotProps={{ title: { variant: "subtitle1", component: "h3", id: "quality-title" } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {error ? (
          <LoadError error={error} onRetry={onRetry} />
        ) : !quality ? (
          <Typography color="textSecondary">Checking the deals…</Typography>
        ) : (
          <Stack spacing={1.5}>
            {quality.missing.map((m) => (
              <Box key={m.field}>
                <Stack direction="row" sx={{ justifyContent: "space-between" }}>
                  <Typography variant="body2" id={`missing-${m.field}`}>
                    {fieldLabel(m.field)} missing
                  </Typography>
                  <Typography variant="body2">
                    {m.missing} ({formatShare(m.share)})
                  </Typography>
                </Stack>
                <LinearProgress
                  variant="determinate"
                  value={Math.min(100, m.share * 100)}
                  color={m.share > 0.25 ? "warning" : "primary"}
                  aria-labelledby={`missing-${m.field}`}
                  sx={{ my: 0.5, height: 6, borderRadius: 3 }}
                />
                <Typography variant="caption" color="textSecondary">
                  {m.basis}
                </Typography>
              </Box>
            ))}
            <Box>
              <Typography variant="body2">
                {quality.stale.count} stale {quality.stale.count === 1 ? "deal" : "deals"} (no change in {quality.stale.threshold_days}{" "}
                days)
              </Typography>
              <Typography variant="caption" color="textSecondary" component="p">
                {quality.stale.basis}
              </Typography>
              {quality.stale.deals.length > 0 && (
                <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }} aria-label="Stale deals">
                  {quality.stale.deals.slice(0, STALE_SHOWN).map((d) => (
                    <Typography component="li" variant="body2" key={d.id}>
                      <Link component={RouterLink} to={dealLink(d.id)}>
                        {d.name}
                      </Link>
                    </Typography>
                  ))}
                </Box>
              )}
            </Box>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
