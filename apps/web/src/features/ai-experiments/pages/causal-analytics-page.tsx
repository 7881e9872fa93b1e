/**
 * /ai-tools/causal-analytics: Did this change cause more replies, and by how much?
 * Two designs over the workspace's own sends (docs/ai/experiments.md): a step's A/B variants
 * (randomized) and a change at a date (difference in differences against the other campaigns).
 */
import {
  Alert,
  Card,
  CardContent,
  CardHeader,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import type { CausalCell } from "@prospector/contracts";
import { useState } from "react";
import { LoadError } from "../../../ui/load-error.tsx";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useCausalAb, useCausalChange, useCausalOptions } from "../api/use-ai-experiments.ts";
import { points } from "../components/format.ts";

const QUESTION = "Did this change cause more replies, and by how much?";

const cellText = (c: CausalCell) => `${c.rate === null ? "—" : `${c.rate}%`} (${c.replied} of ${c.sent})`;

function Caveats({ items }: { items: string[] }) {
  return (
    <Alert severity="warning">
      <Stack component="ul" sx={{ m: 0, pl: 2 }}>
        {items.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </Stack>
    </Alert>
  );
}

function AbView({ campaignId, step }: { campaignId: string; step: number }) {
  const q = useCausalAb(campaignId, step);
  if (q.isPending) return <LoadingScreen />;
  if (q.isError) return <LoadError error={q.error} onRetry={() => q.refetch()} />;
  const r = q.data;
  return (
    <Card variant="outlined">
      <CardHeader
        title="Design: randomized A/B comparison"
        subheader={`Step ${r.step} of ${r.campaign_name}; each arm needs ${r.min_sends_per_arm} sends`}
      />
      <CardContent>
        <Stack spacing={2}>
          <Typography>{r.explanation}</Typography>
          <Typography variant="body2">Control A: {cellText(r.control.cell)}</Typography>
          {r.effects.map((e) => (
            <Typography key={e.variant} variant="body2">
              Variant {e.label}: {cellText(e.cell)} · uplift {points(e.uplift)}
              {e.low !== null && e.high !== null
                ? ` (95 % CI ${points(e.low)} to ${points(e.high)}, p = ${e.p_value})`
                : " · not enough data"}
            </Typography>
          ))}
          <Caveats items={r.caveats} />
        </Stack>
      </CardContent>
    </Card>
  );
}

function ChangeView({ campaignId, date, windowDays }: { campaignId: string; date: string; windowDays: number }) {
  const q = useCausalChange(campaignId, date, windowDays);
  if (!date) return <Typography color="textSecondary">Choose the day of the change.</Typography>;
  if (q.isPending) return <LoadingScreen />;
  if (q.isError) return <LoadError error={q.error} onRetry={() => q.refetch()} />;
  const r = q.data;
  return (
    <Card variant="outlined">
      <CardHeader
        title="Design: difference in differences (not randomized)"
        subheader={`${r.window_days} days either side of ${r.date}, against ${r.comparison.campaigns} other campaign${r.comparison.campaigns === 1 ? "" : "s"}; 95 % bootstrap interval from ${r.resamples.toLocaleString()} seeded resamples`}
      />
      <CardContent>
        <Stack spacing={2}>
          <Typography>{r.explanation}</Typography>
          <Typography variant="body2">
            This campaign: before {cellText(r.treated.before)}, after {cellText(r.treated.after)}
          </Typography>
          <Typography variant="body2">
            Other campaigns: before {cellText(r.comparison.before)}, after {cellText(r.comparison.after)}
          </Typography>
          {r.uplift !== null && (
            <Typography variant="h6">
              {points(r.uplift)} (95 % CI {points(r.low)} to {points(r.high)})
            </Typography>
          )}
          <Caveats items={r.caveats} />
        </Stack>
      </CardContent>
    </Card>
  );
}

export default function CausalAnalyticsPage() {
  const options = useCausalOptions();
  const [campaignId, setCampaignId] = useState("");
  const [design, setDesign] = useState<"ab" | "change">("ab");
  const [step, setStep] = useState<number | null>(null);
  const [date, setDate] = useState("");
  const [windowDays, setWindowDays] = useState(28);
  const chosen = options.data?.campaigns.find((c) => c.id === campaignId);
  return (
    <Stack spacing={3}>
      <PageIntro
        question={QUESTION}
        summary="From the workspace's own sends: a step's A/B variants (randomized, so causal) or a change at a date (compared with the other campaigns over the same days: a correlation)."
      />
      {options.isPending ? (
        <LoadingScreen />
      ) : options.isError ? (
        <LoadError error={options.error} onRetry={() => options.refetch()} />
      ) : options.data.campaigns.length === 0 ? (
        <EmptyState
          title="No campaigns to analyse"
          hint="Create a campaign and send it; add a variant to a step for a randomized test, or change a campaign and come back once it has sent on both sides of the change."
        />
      ) : (
        <>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            <TextField
              select
              label="Campaign"
              value={campaignId}
              onChange={(e) => {
                setCampaignId(e.target.value);
                const c = options.data.campaigns.find((x) => x.id === e.target.value);
                setStep(c?.ab_steps[0] ?? null);
                setDate(c?.changes[0]?.day ?? "");
              }}
              sx={{ minWidth: 260 }}
            >
              {options.data.campaigns.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
            <ToggleButtonGroup exclusive size="small" value={design} onChange={(_, v) => v && setDesign(v)} aria-label="Design">
              <ToggleButton value="ab">A/B variants</ToggleButton>
              <ToggleButton value="change">A change at a date</ToggleButton>
            </ToggleButtonGroup>
          </Stack>
          {!chosen ? (
            <Typography color="textSecondary">Choose a campaign.</Typography>
          ) : design === "ab" ? (
            chosen.ab_steps.length === 0 ? (
              <EmptyState
                title="No randomized test in this campaign"
                hint="Add a variant to one of its steps in the campaign editor; the sender then splits its leads at random between them."
              />
            ) : (
              <>
                <TextField select label="Step" value={step ?? ""} onChange={(e) => setStep(Number(e.target.value))} sx={{ maxWidth: 160 }}>
                  {chosen.ab_steps.map((s) => (
                    <MenuItem key={s} value={s}>
                      Step {s}
                    </MenuItem>
                  ))}
                </TextField>
                {step !== null && <AbView campaignId={chosen.id} step={step} />}
              </>
            )
          ) : (
            <>
              <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
                <TextField
                  type="date"
                  label="Day of the change"
                  value={date}
                  onChange={(e) => setDate(e.target.value)}
                  slotProps={{ inputLabel: { shrink: true } }}
                  helperText={
                    chosen.changes.length
                      ? `Recorded changes: ${chosen.changes
                          .slice(0, 3)
                          .map((c) => c.day)
                          .join(", ")}`
                      : undefined
                  }
                />
                <TextField
                  select
                  label="Days either side"
                  value={windowDays}
                  onChange={(e) => setWindowDays(Number(e.target.value))}
                  sx={{ minWidth: 160 }}
                >
                  {[7, 14, 28, 56, 90].map((d) => (
                    <MenuItem key={d} value={d}>
                      {d} days
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
              <ChangeView campaignId={chosen.id} date={date} windowDays={windowDays} />
            </>
          )}
        </>
      )}
    </Stack>
  );
}
