/**
 * /campaign-intelligence/automation: What did automation do to campaign leads, and did it help?
 * Per rule and nurture sequence: runs, leads acted on, actions, and the replies and meetings of those
 * leads afterwards against the same campaigns' other members, with intervals and a z-test.
 */
import { Button, Card, Chip, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { LoadError } from "../../../ui/load-error.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useAutomationEffect } from "../api/use-campaign-intelligence.ts";
import { PeriodSelect, RateCell, Source, VerdictChip, when } from "../components/ci-figures.tsx";

export default function CampaignIntelligenceAutomationPage() {
  const [days, setDays] = useState(30);
  const q = useAutomationEffect(days);
  const d = q.data;
  return (
    <Stack spacing={2}>
      <PageIntro
        title="Campaign Automation"
        question="What did automation do to campaign leads, and did it help?"
        summary={d ? `Runs on campaign leads in the last ${d.days} days (since ${d.since.slice(0, 10)}, UTC)` : undefined}
        actions={<PeriodSelect days={days} onChange={setDays} />}
      />
      {q.isError && <LoadError error={q.error} onRetry={() => q.refetch()} />}
      {d && d.rules.length === 0 && (
        <EmptyState
          title="Automation has not acted on campaign leads in this period"
          hint="Create an automation rule or a nurture sequence on campaign events (opened, replied, no reply…), or widen the period."
        >
          <Button component={RouterLink} to="/automation" variant="contained">
            Go to automation
          </Button>
        </EmptyState>
      )}
      {d && d.rules.length > 0 && (
        <Card variant="outlined" sx={{ p: 2 }}>
          <TableContainer>
            <Table size="small" aria-label="Automation on campaign leads">
              <TableHead>
                <TableRow>
                  <TableCell>Rule or sequence</TableCell>
                  <TableCell align="right">Runs</TableCell>
                  <TableCell align="right">Leads acted on</TableCell>
                  <TableCell>Actions</TableCell>
                  <TableCell>Replied afterwards</TableCell>
                  <TableCell>Others in the same campaigns</TableCell>
                  <TableCell>Meetings afterwards</TableCell>
                  <TableCell>Others</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {d.rules.map((r) => (
                  <TableRow key={r.owner}>
                    <TableCell sx={{ minWidth: 200 }}>
                      <Typography variant="body2">{r.name}</Typography>
                      <Typography variant="caption" color="textSecondary">
                        {r.kind === "rule" ? "rule" : "nurture sequence"} · {r.campaigns} campaign{r.campaigns === 1 ? "" : "s"} · last run{" "}
                        {when(r.last_run_at)}
                      </Typography>
                    </TableCell>
                    <TableCell align="right">
                      {r.runs}
                      {r.failed_runs > 0 && (
                        <Typography variant="caption" color="error" component="div">
                          {r.failed_runs} failed or partial
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell align="right">{r.leads_acted_on}</TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: "wrap" }}>
                        {Object.entries(r.actions).map(([type, n]) => (
                          <Chip key={type} size="small" label={`${type.replaceAll("_", " ")} ${n}`} />
                        ))}
                        {Object.keys(r.actions).length === 0 && <Typography variant="caption">none succeeded</Typography>}
                      </Stack>
                    </TableCell>
                    <TableCell>
                      <RateCell rate={r.acted_reply} />
                      <div>
                        <VerdictChip c={r.reply_effect} />
                      </div>
                    </TableCell>
                    <TableCell>
                      <RateCell rate={r.comparison_reply} />
                    </TableCell>
                    <TableCell>
                      <RateCell rate={r.acted_meeting} />
                      <div>
                        <VerdictChip c={r.meeting_effect} />
                      </div>
                    </TableCell>
                    <TableCell>
                      <RateCell rate={r.comparison_meeting} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Source>
            automation's run log (runs that named a campaign; actions that succeeded), and the campaigns' reply and meeting events.
            "Afterwards": after the first run that touched the lead. "Others": the same campaigns' members this rule did not act on, from
            its first run in the period. Rates with 95 % Wilson intervals; the verdict is a two-proportion z-test (5 %), "too few to tell"
            under 20 leads on either side. The groups are not randomised: a rule that acts on openers picks leads more likely to reply
            anyway.
          </Source>
        </Card>
      )}
    </Stack>
  );
}
