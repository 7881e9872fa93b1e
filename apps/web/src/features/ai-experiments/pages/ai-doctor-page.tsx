/**
 * /ai-doctor: What is wrong with this campaign, and how do I fix it?
 * Pick a campaign; the doctor's rules look at deliverability, copy, targeting and timing
 * (docs/ai/experiments.md). Each finding: severity, evidence with its n, the fix and where to make it.
 */
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  FormControlLabel,
  Link,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from "@mui/material";
import type { DoctorAreaResult, DoctorSeverity } from "@prospector/contracts";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { AiFeedbackButtons } from "../../../ui/ai-feedback-buttons.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useDiagnose, useDoctorCampaigns } from "../api/use-ai-experiments.ts";

const QUESTION = "What is wrong with this campaign, and how do I fix it?";

const AREA_TITLE = { deliverability: "Deliverability", copy: "Copy", targeting: "Targeting", timing: "Timing" } as const;
const COLOR: Record<DoctorSeverity, "error" | "warning" | "info" | "success"> = {
  critical: "error",
  warning: "warning",
  info: "info",
  ok: "success",
};

function AreaCard({ area }: { area: DoctorAreaResult }) {
  return (
    <Card variant="outlined">
      <CardHeader title={AREA_TITLE[area.area]} />
      <CardContent>
        <Stack spacing={1.5}>
          {area.note && <Alert severity="info">{area.note}</Alert>}
          {area.findings.map((f) => (
            <Stack key={`${f.rule}:${f.title}`} spacing={0.5} sx={{ borderLeft: 3, borderColor: `${COLOR[f.severity]}.main`, pl: 1.5 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                <Chip size="small" color={COLOR[f.severity]} label={f.severity} />
                <Typography sx={{ fontWeight: 600 }}>{f.title}</Typography>
              </Stack>
              <Typography variant="body2" color="textSecondary">
                {f.evidence}
              </Typography>
              <Typography variant="body2">
                {f.fix}{" "}
                {f.link && (
                  <Link component={RouterLink} to={f.link}>
                    Fix it
                  </Link>
                )}
              </Typography>
            </Stack>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

export default function AiDoctorPage() {
  const campaigns = useDoctorCampaigns(undefined);
  const diagnose = useDiagnose();
  const [campaignId, setCampaignId] = useState("");
  const [summary, setSummary] = useState(false);
  const d = diagnose.data;
  return (
    <Stack spacing={3}>
      <PageIntro
        question={QUESTION}
        summary="Rules over the campaign's own sends, copy, leads and schedule, against this workspace's record. Each diagnosis is recorded in the AI activity log."
      />
      {campaigns.isPending ? (
        <LoadingScreen />
      ) : campaigns.isError ? (
        <LoadError error={campaigns.error} onRetry={() => campaigns.refetch()} />
      ) : campaigns.data.campaigns.length === 0 ? (
        <EmptyState
          title="No campaigns yet"
          hint="Create a campaign, add leads and an inbox: the doctor then reads its copy at once, and its rates once it has sent."
        >
          <Button component={RouterLink} to="/campaigns" variant="contained">
            Open campaigns
          </Button>
        </EmptyState>
      ) : (
        <>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
            <TextField select label="Campaign" value={campaignId} onChange={(e) => setCampaignId(e.target.value)} sx={{ minWidth: 280 }}>
              {campaigns.data.campaigns.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.name} ({c.status})
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel
              control={<Switch checked={summary} onChange={(e) => setSummary(e.target.checked)} />}
              label="Plain-language summary (model)"
            />
            <Button
              variant="contained"
              disabled={!campaignId || diagnose.isPending}
              onClick={() => diagnose.mutate({ campaign_id: campaignId, summary })}
            >
              Diagnose
            </Button>
          </Stack>
          {diagnose.isError && <LoadError error={diagnose.error} onRetry={() => diagnose.mutate({ campaign_id: campaignId, summary })} />}
          {diagnose.isPending && <LoadingScreen />}
          {d && (
            <Stack spacing={2}>
              <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                <Typography variant="h6">{d.campaign_name}</Typography>
                <AiFeedbackButtons actionId={d.action_id} rating={null} />
              </Stack>
              {d.summary && <Alert severity="info">{d.summary}</Alert>}
              {d.summary_note && <Alert severity="warning">{d.summary_note}</Alert>}
              {d.areas.map((a) => (
                <AreaCard key={a.area} area={a} />
              ))}
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
