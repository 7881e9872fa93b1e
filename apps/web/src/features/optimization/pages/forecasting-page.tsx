/**
 * /optimization/forecasting: how much revenue the pipeline will bring in, and how sure that is. The
 * pipeline's own forecast (GET /api/pipeline/forecasts/precomputed, the pipeline page's card), with
 * how the Monte Carlo works (docs/analytics/optimization.md, docs/pipeline.md).
 */
import { Button, Card, CardContent, CardHeader, Stack, Typography } from "@mui/material";
import { type ForecastMethod, ForecastMethod as ForecastMethods } from "@prospector/contracts";
import { Link as RouterLink, useSearchParams } from "react-router";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useSession } from "../../auth/api/use-session.ts";
import { useForecast, useHealthOverview } from "../../pipeline/api/use-pipeline.ts";
import { ForecastCard } from "../../pipeline/components/forecast-card.tsx";

export default function ForecastingPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const view = user?.role === "sales_rep" ? "own" : "all";
  const parsed = ForecastMethods.safeParse(params.get("method"));
  const method: ForecastMethod = parsed.success ? parsed.data : "monte_carlo";
  const overview = useHealthOverview(view);
  const forecast = useForecast(view, method);
  return (
    <Stack spacing={2}>
      <PageIntro
        question="How much revenue will the pipeline bring in, and how sure is that?"
        summary={view === "own" ? "Your open deals" : "The workspace's open deals"}
      />
      <ForecastCard
        forecast={forecast.data}
        method={method}
        onMethodChange={(m) => setParams(m === "monte_carlo" ? {} : { method: m }, { replace: true })}
        currencies={overview.data?.currencies ?? []}
        loading={forecast.isFetching}
        error={forecast.isError ? forecast.error : null}
        onRetry={() => forecast.refetch()}
      />
      {forecast.data?.open_deals === 0 && (
        <EmptyState
          title="No open deals to forecast"
          hint="The forecast runs over open CRM deals: add deals, or convert leads that replied."
        >
          <Button component={RouterLink} to="/crm/deals" variant="contained">
            Add a deal
          </Button>
        </EmptyState>
      )}
      <Card variant="outlined" component="section" aria-labelledby="method-title">
        <CardHeader title="How the forecast is made" slotProps={{ title: { variant: "subtitle1", component: "h3", id: "method-title" } }} />
        <CardContent sx={{ pt: 0 }}>
          <Stack spacing={1}>
            <Typography variant="body2">
              <strong>Monte Carlo</strong> (10,000 simulated futures, seeded so the same pipeline gives the same answer): in every run, each
              open deal is won or not with its own probability (else its stage's) and closes in the month of its expected close date; a deal
              with no date, or a date already past, closes in one of the next 3 months. P10, P50 and P90 are the runs' revenue per month at
              those quantiles: eight runs in ten land between P10 and P90. "Expected" is Σ probability × value.
            </Typography>
            <Typography variant="body2">
              <strong>Weighted:</strong> Σ probability × value per month, with the same placement; one figure, no spread.
            </Typography>
            <Typography variant="body2">
              <strong>Historical:</strong> a least-squares line through the value won in each of the last 12 months, continued ahead; the
              band is the line ∓ 1.28 × the spread of the past months around it.
            </Typography>
            <Typography variant="body2" color="textSecondary">
              Deal values are added as stored, without currency conversion. The forecast is recomputed when deals change.
            </Typography>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
