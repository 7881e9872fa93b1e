/**
 * /business-optimizer/roi and /optimization/roi-analytics: what outreach cost and returned, campaign
 * by campaign, under the workspace's saved cost model (docs/analytics/optimization.md).
 */
import {
  Alert,
  Card,
  CardContent,
  CardHeader,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import type { RoiAnswer, RoiCampaign } from "@prospector/contracts";
import { useState } from "react";
import { permits } from "../../../app/layout/nav-items.ts";
import { ChartCard } from "../../../ui/charts/chart-card.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { PeriodSelect } from "../../../ui/period-select.tsx";
import { useSession } from "../../auth/api/use-session.ts";
import { lastDays, useCostModel, useRoi } from "../api/use-optimization.ts";
import { CostModelForm } from "../components/cost-model-form.tsx";
import { money } from "../components/optimization-format.ts";

const PERIODS = [30, 90, 180, 365] as const;

function RoiTable({ a }: { a: RoiAnswer }) {
  const m = (v: number | null) => money(v, a.currency);
  const roi = (v: number | null) => (v === null ? "—" : `${(v * 100).toFixed(0)}%`);
  const row = (name: string, c: Omit<RoiCampaign, "campaign_id" | "name">, key: string, bold = false) => (
    <TableRow key={key} sx={bold ? { "& td": { fontWeight: 600 } } : undefined}>
      <TableCell>{name}</TableCell>
      <TableCell align="right">{c.sent.toLocaleString()}</TableCell>
      <TableCell align="right">{c.replies.toLocaleString()}</TableCell>
      <TableCell align="right">{c.meetings.toLocaleString()}</TableCell>
      <TableCell align="right">{`${c.deals_created} · ${m(c.pipeline)}`}</TableCell>
      <TableCell align="right">{`${c.deals_won} · ${m(c.revenue)}`}</TableCell>
      <TableCell align="right" title={`Inboxes ${m(c.inbox_cost)} · leads ${m(c.lead_cost)} · tooling ${m(c.tooling_cost)}`}>
        {m(c.cost)}
      </TableCell>
      <TableCell align="right">{roi(c.roi)}</TableCell>
      <TableCell align="right">{m(c.cost_per_reply)}</TableCell>
      <TableCell align="right">{m(c.cost_per_meeting)}</TableCell>
      <TableCell align="right">{m(c.cost_per_won)}</TableCell>
    </TableRow>
  );
  return (
    <Card variant="outlined">
      <CardHeader title="Campaign by campaign" slotProps={{ title: { variant: "subtitle1", component: "h3" } }} subheader={a.allocation} />
      <CardContent sx={{ pt: 0 }}>
        <TableContainer sx={{ overflowX: "auto" }}>
          <Table size="small" aria-label="ROI by campaign">
            <TableHead>
              <TableRow>
                <TableCell>Campaign</TableCell>
                <TableCell align="right">Sent</TableCell>
                <TableCell align="right">Replies</TableCell>
                <TableCell align="right">Meetings</TableCell>
                <TableCell align="right">Pipeline created</TableCell>
                <TableCell align="right">Won</TableCell>
                <TableCell align="right">Cost</TableCell>
                <TableCell align="right">ROI</TableCell>
                <TableCell align="right">Per reply</TableCell>
                <TableCell align="right">Per meeting</TableCell>
                <TableCell align="right">Per won deal</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {a.campaigns.map((c) => row(c.name, c, c.campaign_id))}
              {row("Total", a.totals, "total", true)}
            </TableBody>
          </Table>
        </TableContainer>
        <Stack component="dl" spacing={0.5} sx={{ mt: 2, mb: 0, color: "text.secondary", typography: "body2" }}>
          {Object.entries(a.sources).map(([k, v]) => (
            <Typography key={k} variant="body2" color="textSecondary">
              <strong>{k.replace("_", " ")}:</strong> {v}
            </Typography>
          ))}
          <Typography variant="body2" color="textSecondary">
            ROI = (revenue won − cost) ÷ cost. Deal values are added as stored, without currency conversion.
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}

export default function RoiPage() {
  const { user } = useSession();
  const [days, setDays] = useState(90);
  const period = lastDays(days);
  const q = useRoi(period);
  const model = useCostModel();
  const a = q.data;
  return (
    <Stack spacing={2}>
      <PageIntro
        question="What has outreach cost, and what has it returned, campaign by campaign?"
        summary={a ? `${a.from} to ${a.to} (UTC days) · amounts in ${a.currency}` : " "}
        actions={<PeriodSelect value={days} onChange={setDays} days={PERIODS} />}
      />
      {model.data && <CostModelForm model={model.data} canEdit={permits(user?.permissions ?? [], "analytics:update")} />}
      {model.isError && <LoadError error={model.error} onRetry={() => model.refetch()} />}
      {q.isPending && <LoadingScreen />}
      {q.isError && <LoadError error={q.error} onRetry={() => q.refetch()} />}
      {a && !a.cost_model_saved && a.campaigns.length > 0 && (
        <Alert severity="info">No cost model is saved yet: costs show as 0 and ROI is unknown until you enter your costs above.</Alert>
      )}
      {a && a.campaigns.length === 0 && (
        <EmptyState
          title="No campaign sent, got replies or produced deals in this period"
          hint="Launch a campaign, and link CRM deals to the campaign they came from (a deal's source campaign), to see cost and return here."
        />
      )}
      {a && a.campaigns.length > 0 && (
        <>
          <ChartCard
            title="Cost and revenue won per campaign"
            subheader={`${a.from} to ${a.to} · cost under the saved cost model · revenue of deals whose source is the campaign`}
            table={{
              columns: [
                { key: "name", label: "Campaign" },
                { key: "cost", label: "Cost", numeric: true, format: (v) => money(v as number, a.currency) },
                { key: "revenue", label: "Revenue won", numeric: true, format: (v) => money(v as number, a.currency) },
              ],
              rows: a.campaigns.map((c) => ({ name: c.name, cost: c.cost, revenue: c.revenue })),
            }}
          >
            <BarChart
              height={280}
              xAxis={[{ scaleType: "band", data: a.campaigns.map((c) => c.name) }]}
              series={[
                { data: a.campaigns.map((c) => c.cost), label: "Cost" },
                { data: a.campaigns.map((c) => c.revenue), label: "Revenue won" },
              ]}
            />
          </ChartCard>
          <RoiTable a={a} />
        </>
      )}
    </Stack>
  );
}
