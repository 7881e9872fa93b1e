/**
 * /campaign-intelligence/center: Which campaigns need attention right now, and why? Campaigns
 * (active, paused, scheduled) ranked by a score made of explicit reasons, each with its evidence and
 * where to act. Rates over the last 14 days, refreshed every 30 s.
 */
import { Alert, Box, Button, Card, CardContent, CardHeader, Chip, Stack, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { LoadError } from "../../../ui/load-error.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useAttentionCenter } from "../api/use-campaign-intelligence.ts";
import { rateLabel, Source, when } from "../components/ci-figures.tsx";

const WEIGHT = {
  3: { label: "act today", color: "error" },
  2: { label: "soon", color: "warning" },
  1: { label: "watch", color: "info" },
} as const;

export default function CampaignIntelligenceCenterPage() {
  const q = useAttentionCenter();
  const d = q.data;
  return (
    <Stack spacing={2}>
      <PageIntro
        title="Campaign Intelligence"
        question="Which campaigns need attention right now, and why?"
        summary={
          d
            ? `${d.checked} active, paused or scheduled campaigns checked · rates over the last ${d.window_days} days · workspace reply rate ${rateLabel(d.workspace_reply)} · updated ${when(d.computed_at)}${d.engine_computed_at ? ` (rates as of ${when(d.engine_computed_at)})` : ""}`
            : undefined
        }
        actions={
          <Button component={RouterLink} to="/campaign-intelligence/agents" variant="outlined" size="small">
            What the workers are doing
          </Button>
        }
      />
      {q.isError && <LoadError error={q.error} onRetry={() => q.refetch()} />}
      {d && d.checked === 0 && (
        <EmptyState
          title="No running campaigns"
          hint="Launch a campaign: active, paused and scheduled campaigns are checked here every 30 seconds."
        >
          <Button component={RouterLink} to="/campaigns" variant="contained">
            Go to campaigns
          </Button>
        </EmptyState>
      )}
      {d && d.checked > 0 && d.campaigns.length === 0 && (
        <Alert severity="success">
          All clear: none of the {d.checked} campaigns has a bounce rate over 3 %, a reply rate measurably below the workspace's, stalled
          sending, a hold, unanswered replies, an inbox error or a lead shortage.
        </Alert>
      )}
      {d?.campaigns.map((c) => (
        <Card key={c.id} variant="outlined" component="section" aria-label={c.name}>
          <CardHeader
            title={
              <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
                <RouterLink to={`/campaigns/${c.id}`}>{c.name}</RouterLink>
                <Chip size="small" label={c.status} />
              </Box>
            }
            action={<Chip color={c.score >= 3 ? "error" : "warning"} label={`score ${c.score}`} />}
            slotProps={{ title: { variant: "h6", component: "h3" } }}
          />
          <CardContent sx={{ pt: 0 }}>
            <Stack spacing={1.5}>
              {c.reasons.map((r) => {
                const w = WEIGHT[r.weight as 1 | 2 | 3] ?? WEIGHT[1];
                return (
                  <Box key={r.code} sx={{ display: "flex", gap: 1.5, alignItems: "flex-start", flexWrap: { xs: "wrap", sm: "nowrap" } }}>
                    <Chip size="small" color={w.color} label={`${w.label} · ${r.weight}`} sx={{ minWidth: 96 }} />
                    <Box sx={{ flex: { xs: "1 1 100%", sm: 1 }, minWidth: 0, order: { xs: 3, sm: 0 } }}>
                      <Typography variant="subtitle2">{r.title}</Typography>
                      <Typography variant="body2" color="textSecondary">
                        {r.evidence}
                      </Typography>
                    </Box>
                    <Button size="small" component={RouterLink} to={r.link} aria-label={`${r.title}: open`}>
                      Open
                    </Button>
                  </Box>
                );
              })}
            </Stack>
          </CardContent>
        </Card>
      ))}
      {d && (
        <Source>
          the analytics engine (bounces over messages sent, replies over messages delivered, last {d.window_days} UTC days; rates with 95 %
          Wilson intervals; "below the workspace" is a two-proportion z-test at 5 % against the other campaigns), lead memberships and the
          sender's wait reasons, the kill switch's holds, inbox health and reply polling, and one-off emails sent after a reply. Score: 3 =
          act today, 2 = soon, 1 = watch, summed.
        </Source>
      )}
    </Stack>
  );
}
