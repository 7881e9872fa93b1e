/**
 * /pipeline: how healthy the pipeline is and what it will bring in (outreach-core §7 "Pipeline").
 * Headline figures, funnel and value by stage from the health overview, the forecast as a fan
 * chart, bottlenecks, alerts with their actions and data quality; every figure says what it was
 * computed from. "My deals" limits everything to the caller's deals (the API's role=sales_rep).
 */
import { Alert, Box, Button, Stack, ToggleButton, ToggleButtonGroup, Typography } from "@mui/material";
import { type ForecastMethod, ForecastMethod as ForecastMethods } from "@prospector/contracts";
import { useMemo } from "react";
import { Link as RouterLink, useSearchParams } from "react-router";
import { permits } from "../../../app/layout/nav-items.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { PageIntro } from "../../../ui/page-intro.tsx";
import { useSession } from "../../auth/api/use-session.ts";
import {
  type PipelineView,
  useAlerts,
  useBottlenecks,
  useDataQuality,
  useDealNames,
  useForecast,
  useHealthOverview,
} from "../api/use-pipeline.ts";
import { ALERT_DEALS_SHOWN, AlertsCard } from "../components/alerts-card.tsx";
import { BottlenecksCard } from "../components/bottlenecks-card.tsx";
import { DataQualityCard } from "../components/data-quality-card.tsx";
import { ForecastCard } from "../components/forecast-card.tsx";
import { HealthFigures } from "../components/health-figures.tsx";
import { FunnelCard, ValueByStageCard } from "../components/stages-card.tsx";

export default function PipelinePage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  // A sales rep always sees their own deals (the server decides so); others choose.
  const isRep = user?.role === "sales_rep";
  const view: PipelineView = isRep || params.get("view") === "own" ? "own" : "all";
  const methodParam = ForecastMethods.safeParse(params.get("method"));
  const method: ForecastMethod = methodParam.success ? methodParam.data : "monte_carlo";
  const setParam = (key: string, value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const overview = useHealthOverview(view);
  const forecast = useForecast(view, method);
  const bottlenecks = useBottlenecks(view);
  const alerts = useAlerts(view);
  const quality = useDataQuality(view);
  const o = overview.data;
  const empty = o ? o.stages.every((s) => s.deals === 0) : false;

  const knownNames = useMemo(() => {
    const names = new Map<string, string>();
    for (const b of bottlenecks.data?.bottlenecks ?? []) for (const d of b.deals) names.set(d.id, d.name);
    for (const d of quality.data?.stale.deals ?? []) names.set(d.id, d.name);
    return names;
  }, [bottlenecks.data, quality.data]);
  const unnamed = (alerts.data ?? []).flatMap((a) => a.deal_ids.slice(0, ALERT_DEALS_SHOWN)).filter((id) => !knownNames.has(id));
  const lookedUp = useDealNames(unnamed, permits(user?.permissions ?? [], "crm:read"));
  const dealNames = new Map<string, string>([...knownNames, ...lookedUp]);

  return (
    <Stack spacing={2}>
      <PageIntro
        question="How healthy is the pipeline, and what will it bring in?"
        summary={
          o
            ? `${view === "own" ? "Your deals" : "Everyone's deals"} · ${o.open_deals} open · computed at ${formatDateTime(o.computed_at)}${
                o.currencies.length > 1 ? ` · amounts add ${o.currencies.join(", ")} as stored, without conversion` : ""
              }`
            : " "
        }
        actions={
          isRep ? (
            <Typography variant="body2" color="textSecondary">
              Showing your deals
            </Typography>
          ) : (
            <ToggleButtonGroup
              size="small"
              exclusive
              value={view}
              onChange={(_, v: PipelineView | null) => v && setParam("view", v === "own" ? "own" : null)}
              aria-label="Whose deals"
            >
              <ToggleButton value="own">My deals</ToggleButton>
              <ToggleButton value="all">Everyone</ToggleButton>
            </ToggleButtonGroup>
          )
        }
      />

      {overview.isPending && <LoadingScreen />}
      {overview.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => overview.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(overview.error)}
        </Alert>
      )}

      {o && empty && (
        <Box sx={{ py: 6, px: 2, textAlign: "center", border: 1, borderColor: "divider", borderRadius: 2 }}>
          <Typography variant="h6" component="p">
            {view === "own" ? "None of the deals are yours yet" : "No deals yet"}
          </Typography>
          <Typography color="textSecondary" sx={{ mt: 1, mb: 2 }}>
            Add deals in the CRM or convert a lead that replied
          </Typography>
          <Stack direction="row" spacing={1} sx={{ justifyContent: "center", flexWrap: "wrap" }} useFlexGap>
            <Button component={RouterLink} to="/crm/deals" variant="contained">
              Add a deal
            </Button>
            <Button component={RouterLink} to="/leads" variant="outlined">
              Convert a lead
            </Button>
            {view === "own" && !isRep && <Button onClick={() => setParam("view", null)}>See everyone's deals</Button>}
          </Stack>
        </Box>
      )}

      {o && !empty && (
        <>
          <HealthFigures overview={o} />
          <ForecastCard
            forecast={forecast.data}
            method={method}
            onMethodChange={(m) => setParam("method", m === "monte_carlo" ? null : m)}
            currencies={o.currencies}
            loading={forecast.isFetching}
            error={forecast.isError ? forecast.error : null}
            onRetry={() => forecast.refetch()}
          />
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", lg: "1fr 1fr" } }}>
            <FunnelCard overview={o} />
            <ValueByStageCard overview={o} />
          </Box>
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", lg: "1fr 1fr" }, alignItems: "start" }}>
            <AlertsCard
              alerts={alerts.data}
              error={alerts.isError ? alerts.error : null}
              onRetry={() => alerts.refetch()}
              stages={o.stages}
              user={user}
              dealNames={dealNames}
              canAct={permits(user?.permissions ?? [], "crm:update")}
            />
            <BottlenecksCard
              answer={bottlenecks.data}
              error={bottlenecks.isError ? bottlenecks.error : null}
              onRetry={() => bottlenecks.refetch()}
            />
          </Box>
          <DataQualityCard quality={quality.data} error={quality.isError ? quality.error : null} onRetry={() => quality.refetch()} />
        </>
      )}
    </Stack>
  );
}
