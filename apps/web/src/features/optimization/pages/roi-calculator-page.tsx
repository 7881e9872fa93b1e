/**
 * /roi-calculator: what pipeline and revenue an outreach plan would produce at the workspace's own
 * rates (docs/analytics/optimization.md). Inputs start from the workspace's measured rates (each
 * with its sample and interval; a labelled planning assumption only where it has none); outputs per month with
 * a range from the intervals; scenarios are saved on the server.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import {
  type CalculatorInputs,
  type CalculatorPrefill,
  type CalculatorRateKey,
  CalculatorInputs as InputsSchema,
  projectPlan,
} from "@prospector/contracts";
import { useEffect, useState } from "react";
import { permits } from "../../../app/layout/nav-items.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { PageIntro } from "../../../ui/page-intro.tsx";
import { useSession } from "../../auth/api/use-session.ts";
import { usePrefill, useScenarioActions } from "../api/use-optimization.ts";
import { money, pct } from "../components/optimization-format.ts";
import { ScenarioList } from "../components/scenario-list.tsx";

const RATES: { key: CalculatorRateKey; label: string }[] = [
  { key: "delivered_share", label: "Delivered share" },
  { key: "reply_rate", label: "Reply rate" },
  { key: "meeting_rate", label: "Meeting rate (of replies)" },
  { key: "deal_rate", label: "Meeting → deal" },
  { key: "win_rate", label: "Win rate" },
];

function fromPrefill(p: CalculatorPrefill): CalculatorInputs {
  const r = (k: CalculatorRateKey) => ({ rate: p.rates[k].rate ?? 0, low: p.rates[k].low ?? 0, high: p.rates[k].high ?? 0 });
  return {
    leads_per_month: p.leads_per_month.value,
    delivered_share: r("delivered_share"),
    reply_rate: r("reply_rate"),
    meeting_rate: r("meeting_rate"),
    deal_rate: r("deal_rate"),
    win_rate: r("win_rate"),
    average_deal_value: p.average_deal_value.value,
    monthly_cost: p.cost_model.tooling_monthly_cost + p.cost_model.inbox_monthly_cost,
    cost_per_lead: p.cost_model.default_lead_cost,
  };
}

const same = (a: { rate: number; low: number; high: number }, b: { rate: number; low: number; high: number }) =>
  a.rate === b.rate && a.low === b.low;

export default function RoiCalculatorPage() {
  const { user } = useSession();
  const canEdit = permits(user?.permissions ?? [], "analytics:update");
  const prefill = usePrefill();
  const p = prefill.data;
  const [inputs, setInputs] = useState<CalculatorInputs | null>(null);
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);
  const { create } = useScenarioActions();
  useEffect(() => {
    if (p && !inputs) setInputs(fromPrefill(p));
  }, [p, inputs]);

  const currency = p?.cost_model.currency ?? "EUR";
  const parsed = inputs ? InputsSchema.safeParse(inputs) : null;
  const plan = parsed?.success ? projectPlan(parsed.data) : null;
  const original = p ? fromPrefill(p) : null;

  const setRate = (k: CalculatorRateKey, percent: string) => {
    if (!inputs) return;
    const v = Number(percent) / 100;
    // A rate typed in is the user's own figure: it has no interval.
    setInputs({ ...inputs, [k]: { rate: v, low: v, high: v } });
  };
  const setNumber = (k: "leads_per_month" | "average_deal_value" | "monthly_cost" | "cost_per_lead", v: string) =>
    inputs && setInputs({ ...inputs, [k]: Number(v) });

  const save = () => {
    if (!inputs) return;
    if (!name.trim()) return setNameError("Give the scenario a name");
    setNameError(null);
    create.mutate({ name: name.trim(), inputs }, { onSuccess: () => setName("") });
  };

  const outputRows: { key: keyof NonNullable<typeof plan>["expected"]; label: string; fmt: (v: number | null) => string }[] = [
    { key: "delivered", label: "Delivered leads", fmt: (v) => (v === null ? "—" : Math.round(v).toLocaleString()) },
    { key: "replies", label: "Replies", fmt: (v) => (v === null ? "—" : v.toFixed(1)) },
    { key: "meetings", label: "Meetings", fmt: (v) => (v === null ? "—" : v.toFixed(1)) },
    { key: "deals", label: "Deals created", fmt: (v) => (v === null ? "—" : v.toFixed(1)) },
    { key: "won", label: "Deals won", fmt: (v) => (v === null ? "—" : v.toFixed(1)) },
    { key: "revenue", label: "Revenue", fmt: (v) => money(v, currency) },
    { key: "cost", label: "Cost", fmt: (v) => money(v, currency) },
    { key: "roi", label: "ROI", fmt: (v) => (v === null ? "—" : `${(v * 100).toFixed(0)}%`) },
  ];

  return (
    <Stack spacing={2}>
      <PageIntro
        question="What pipeline and revenue would an outreach plan produce at our own rates?"
        summary={p ? `Rates measured over the last ${p.days} days (UTC); change any input to plan your own case` : " "}
        actions={
          inputs &&
          p && (
            <Button onClick={() => setInputs(fromPrefill(p))} variant="outlined">
              Reset to our rates
            </Button>
          )
        }
      />
      {prefill.isPending && <LoadingScreen />}
      {prefill.isError && <LoadError error={prefill.error} onRetry={() => prefill.refetch()} />}
      {p && inputs && original && (
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", lg: "3fr 2fr" }, alignItems: "start" }}>
          <Card variant="outlined" component="section" aria-labelledby="inputs-title">
            <CardHeader title="The plan, per month" slotProps={{ title: { variant: "subtitle1", component: "h3", id: "inputs-title" } }} />
            <CardContent sx={{ pt: 0 }}>
              <Stack spacing={2}>
                <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap" }}>
                  <TextField
                    size="small"
                    type="number"
                    label="Leads per month"
                    value={inputs.leads_per_month}
                    onChange={(e) => setNumber("leads_per_month", e.target.value)}
                    helperText={p.leads_per_month.source}
                    sx={{ flex: "1 1 200px" }}
                  />
                  <TextField
                    size="small"
                    type="number"
                    label={`Average deal value (${currency})`}
                    value={inputs.average_deal_value}
                    onChange={(e) => setNumber("average_deal_value", e.target.value)}
                    helperText={`${p.average_deal_value.origin === "industry_default" ? "Assumption · " : ""}${p.average_deal_value.source}${p.average_deal_value.n ? ` (${p.average_deal_value.n} deals)` : ""}`}
                    sx={{ flex: "1 1 200px" }}
                  />
                  <TextField
                    size="small"
                    type="number"
                    label={`Monthly cost (${currency})`}
                    value={inputs.monthly_cost}
                    onChange={(e) => setNumber("monthly_cost", e.target.value)}
                    helperText="From the cost model: tooling + one inbox; add your other inboxes"
                    sx={{ flex: "1 1 200px" }}
                  />
                  <TextField
                    size="small"
                    type="number"
                    label={`Cost per lead (${currency})`}
                    value={inputs.cost_per_lead}
                    onChange={(e) => setNumber("cost_per_lead", e.target.value)}
                    helperText="From the cost model's default cost per lead"
                    sx={{ flex: "1 1 200px" }}
                  />
                </Box>
                <TableContainer sx={{ overflowX: "auto" }}>
                  <Table size="small" aria-label="Rates">
                    <TableHead>
                      <TableRow>
                        <TableCell>Rate</TableCell>
                        <TableCell sx={{ width: 120 }}>Value (%)</TableCell>
                        <TableCell>Where it comes from</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {RATES.map(({ key, label }) => {
                        const pr = p.rates[key];
                        const own = same(inputs[key], original[key]);
                        return (
                          <TableRow key={key}>
                            <TableCell>{label}</TableCell>
                            <TableCell>
                              <TextField
                                size="small"
                                type="number"
                                value={Math.round(inputs[key].rate * 10_000) / 100}
                                onChange={(e) => setRate(key, e.target.value)}
                                slotProps={{ htmlInput: { "aria-label": label, step: 0.1, min: 0, max: 100 } }}
                              />
                            </TableCell>
                            <TableCell sx={{ color: "text.secondary" }}>
                              {!own ? (
                                "Your figure (no interval)"
                              ) : pr.origin === "industry_default" ? (
                                <>
                                  <Chip size="small" label="Assumption" sx={{ mr: 1 }} />
                                  {pr.source}
                                </>
                              ) : (
                                `${pr.successes.toLocaleString()} of ${pr.n.toLocaleString()} · 95% interval ${pct(pr.low)}–${pct(pr.high)} · ${pr.source}`
                              )}
                            </TableCell>
                          </TableRow>
                        );
                      })}
                    </TableBody>
                  </Table>
                </TableContainer>
                {parsed && !parsed.success && <Alert severity="error">{parsed.error.issues[0]?.message}</Alert>}
                <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start", flexWrap: "wrap" }} useFlexGap>
                  <TextField
                    size="small"
                    label="Scenario name"
                    value={name}
                    onChange={(e) => setName(e.target.value)}
                    error={Boolean(nameError) || create.isError}
                    helperText={
                      nameError ?? (create.isError ? errorMessage(create.error) : canEdit ? undefined : "Saving needs analytics:update")
                    }
                    disabled={!canEdit}
                  />
                  <Button variant="contained" onClick={save} disabled={!canEdit || create.isPending || !parsed?.success}>
                    Save scenario
                  </Button>
                </Stack>
              </Stack>
            </CardContent>
          </Card>
          <Stack spacing={2}>
            <Card variant="outlined" component="section" aria-labelledby="outputs-title">
              <CardHeader
                title="What it would produce, per month"
                slotProps={{ title: { variant: "subtitle1", component: "h3", id: "outputs-title" } }}
                subheader="Range: every rate at the low, then at the high end of its 95% interval (wider than a joint interval)"
              />
              <CardContent sx={{ pt: 0 }}>
                {plan && (
                  <Table size="small" aria-label="Projected outcome">
                    <TableHead>
                      <TableRow>
                        <TableCell />
                        <TableCell align="right">Expected</TableCell>
                        <TableCell align="right">Range</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {outputRows.map((r) => (
                        <TableRow key={r.key}>
                          <TableCell>{r.label}</TableCell>
                          <TableCell align="right">{r.fmt(plan.expected[r.key])}</TableCell>
                          <TableCell align="right">
                            {r.key === "cost" ? "—" : `${r.fmt(plan.low[r.key])} – ${r.fmt(plan.high[r.key])}`}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                )}
                <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
                  Leads × delivered × reply × meeting × deal × win = deals won; × average value = revenue. ROI = (revenue − cost) ÷ cost.
                </Typography>
              </CardContent>
            </Card>
            <ScenarioList onLoad={setInputs} canEdit={canEdit} currency={currency} />
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
