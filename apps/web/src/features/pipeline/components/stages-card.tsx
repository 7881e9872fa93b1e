/**
 * The pipeline by stage: a funnel of deals per stage with the conversion from each stage to the
 * next (from the stage history), and the value and weighted value each stage holds.
 */
import { Box, Card, CardContent, CardHeader, Stack, Tooltip, Typography } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import type { HealthOverview } from "@prospector/contracts";
import { compactAmount, deals, formatAmount, formatShare } from "./pipeline-format.ts";

export function FunnelCard({ overview }: { overview: HealthOverview }) {
  const stages = [...overview.stages].filter((s) => !s.is_lost).sort((a, b) => a.position - b.position);
  const max = Math.max(1, ...stages.map((s) => s.deals));
  const conversion = new Map(overview.stage_conversion.map((c) => [c.stage_id, c]));
  const lost = overview.stages.filter((s) => s.is_lost).reduce((n, s) => n + s.deals, 0);
  return (
    <Card variant="outlined" component="section" aria-labelledby="funnel-title">
      <CardHeader
        title="Funnel"
        subheader="Deals in each stage now; the rate is how many that entered a stage in the last 180 days moved on"
        slotProps={{ title: { variant: "subtitle1", component: "h3", id: "funnel-title" } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack component="ol" spacing={0.5} sx={{ listStyle: "none", p: 0, m: 0 }} aria-label="Deals per stage">
          {stages.map((s) => {
            const c = conversion.get(s.stage_id);
            return (
              <Box component="li" key={s.stage_id} aria-label={`${s.name}: ${deals(s.deals)}`}>
                <Box sx={{ display: "grid", gridTemplateColumns: "minmax(90px, 1fr) 3fr", gap: 1, alignItems: "center" }}>
                  <Typography variant="body2" noWrap title={s.name}>
                    {s.name}
                  </Typography>
                  <Box sx={{ display: "flex", justifyContent: "center" }}>
                    <Box
                      sx={{
                        width: `${Math.max(8, (s.deals / max) * 100)}%`,
                        bgcolor: s.is_won ? "success.main" : "primary.main",
                        color: s.is_won ? "success.contrastText" : "primary.contrastText",
                        borderRadius: 1,
                        py: 0.5,
                        textAlign: "center",
                        minWidth: 36,
                      }}
                    >
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {s.deals}
                      </Typography>
                    </Box>
                  </Box>
                </Box>
                {c && !s.is_won && (
                  <Tooltip title={c.basis}>
                    <Typography
                      variant="caption"
                      color="textSecondary"
                      component="div"
                      tabIndex={0}
                      sx={{ textAlign: "center", pl: "25%" }}
                      aria-label={`${s.name} conversion ${c.rate === null ? "not known yet" : formatShare(c.rate)}: ${c.basis}`}
                    >
                      ↓{" "}
                      {c.rate === null
                        ? `${c.advanced} of ${c.entered} moved on`
                        : `${formatShare(c.rate)} moved on (${c.advanced} of ${c.entered})`}
                    </Typography>
                  </Tooltip>
                )}
              </Box>
            );
          })}
        </Stack>
        {lost > 0 && (
          <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 1 }}>
            {deals(lost)} lost, not shown in the funnel.
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

export function ValueByStageCard({ overview }: { overview: HealthOverview }) {
  const stages = [...overview.stages].filter((s) => !s.is_won && !s.is_lost).sort((a, b) => a.position - b.position);
  const money = (v: number | null) => (v === null ? "" : formatAmount(v, overview.currencies));
  return (
    <Card variant="outlined" component="section" aria-labelledby="value-title">
      <CardHeader
        title="Value by stage"
        subheader="Open deals' value, and weighted by each deal's win probability (its own, else its stage's)"
        slotProps={{ title: { variant: "subtitle1", component: "h3", id: "value-title" } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {stages.length === 0 ? (
          <Typography color="textSecondary">No open stages.</Typography>
        ) : (
          <>
            <BarChart
              height={Math.max(160, stages.length * 44 + 60)}
              layout="horizontal"
              skipAnimation
              aria-label="Value by stage"
              yAxis={[{ scaleType: "band", data: stages.map((s) => s.name), width: 100 }]}
              xAxis={[{ valueFormatter: (v: number) => compactAmount(v) }]}
              series={[
                { data: stages.map((s) => s.value), label: "Value", valueFormatter: money },
                { data: stages.map((s) => s.weighted_value), label: "Weighted", valueFormatter: money },
              ]}
            />
            <Box
              component="table"
              sx={{ width: "100%", borderCollapse: "collapse", typography: "body2", mt: 1 }}
              aria-label="Value by stage"
            >
              <thead>
                <Box
                  component="tr"
                  sx={{ "& th": { textAlign: "right", color: "text.secondary", fontWeight: 500, pb: 0.5 }, "& th + th": { pl: 1.5 } }}
                >
                  <Box component="th" sx={{ textAlign: "left !important" }}>
                    Stage
                  </Box>
                  <th>Deals</th>
                  <th>Value</th>
                  <th>Weighted</th>
                </Box>
              </thead>
              <tbody>
                {stages.map((s) => (
                  <Box component="tr" key={s.stage_id} sx={{ "& td": { textAlign: "right", py: 0.25 }, "& td + td": { pl: 1.5 } }}>
                    <Box component="td" sx={{ textAlign: "left !important" }}>
                      {s.name}{" "}
                      <Typography component="span" variant="caption" color="textSecondary">
                        ({s.probability}%)
                      </Typography>
                    </Box>
                    <td>{s.deals}</td>
                    <td>{money(s.value)}</td>
                    <td>{money(s.weighted_value)}</td>
                  </Box>
                ))}
              </tbody>
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}
