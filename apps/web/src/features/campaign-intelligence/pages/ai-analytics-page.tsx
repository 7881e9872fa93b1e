/**
 * /campaign-intelligence/ai-analytics (Reply Intelligence): What are recipients saying in their
 * replies, campaign by campaign? The class of every received answer (the replies feature's
 * classification, then phrase rules on a person's reply) with shares and intervals, by campaign and
 * step, a weekly trend, and the latest answers of a class with the rule that fired.
 */

import {
  Button,
  Card,
  CardContent,
  CardHeader,
  MenuItem,
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
import { BarChart } from "@mui/x-charts/BarChart";
import type { CiReplyClass } from "@prospector/contracts";
import { useState } from "react";
import { Link as RouterLink, useSearchParams } from "react-router";
import { ChartCard } from "../../../ui/charts/chart-card.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useLatestReplies, useReplyIntel } from "../api/use-campaign-intelligence.ts";
import { PeriodSelect, pct, RateCell, Source, when } from "../components/ci-figures.tsx";

const CLASS_LABEL: Record<CiReplyClass, string> = {
  interested: "Interested",
  not_now: "Not now",
  not_interested: "Not interested",
  wrong_person: "Wrong person",
  unsubscribe_request: "Unsubscribe request",
  other_reply: "Other reply",
  out_of_office: "Out of office / auto-reply",
  complaint: "Spam complaint",
};

export default function CampaignIntelligenceAiAnalyticsPage() {
  const [params, setParams] = useSearchParams();
  const campaignId = params.get("campaign_id") ?? undefined;
  const [days, setDays] = useState(30);
  const [cls, setCls] = useState<CiReplyClass>("interested");
  const [cursors, setCursors] = useState<string[]>([]);
  const q = useReplyIntel(days, campaignId);
  const latest = useLatestReplies({ class: cls, days, campaign_id: campaignId, limit: 10, cursor: cursors.at(-1) });
  const d = q.data;
  const classes = d?.classes.filter((c) => c.share.count > 0) ?? [];
  const trendRows = (d?.trend ?? []).map((t) => ({
    week: t.week,
    ...Object.fromEntries(Object.keys(CLASS_LABEL).map((k) => [k, t.counts[k] ?? 0])),
  }));
  return (
    <Stack spacing={2}>
      <PageIntro
        title="Reply Intelligence"
        question="What are recipients saying in their replies, campaign by campaign?"
        summary={
          d
            ? `${d.total} answers received in the last ${d.days} days (since ${d.since.slice(0, 10)}, UTC)${campaignId ? ` · ${d.by_campaign[0]?.name ?? "one campaign"} only` : ""}`
            : undefined
        }
        actions={
          <>
            {campaignId && (
              <Button
                onClick={() => {
                  setParams({});
                  setCursors([]);
                }}
              >
                All campaigns
              </Button>
            )}
            <PeriodSelect
              days={days}
              onChange={(v) => {
                setDays(v);
                setCursors([]);
              }}
            />
          </>
        }
      />
      {q.isError && <LoadError error={q.error} onRetry={() => q.refetch()} />}
      {d && d.total === 0 && (
        <EmptyState
          title="No replies received in this period"
          hint="Replies are read from the campaign inboxes' IMAP every few minutes: connect IMAP on an inbox and send a campaign, or widen the period."
        >
          <Button component={RouterLink} to="/inboxes" variant="contained">
            Go to inboxes
          </Button>
        </EmptyState>
      )}
      {d && d.total > 0 && (
        <>
          <ChartCard
            title="What recipients said"
            subheader={`Share of the ${d.total} answers in each class, with 95 % Wilson intervals in the table`}
            table={{
              columns: [
                { key: "label", label: "Class" },
                { key: "count", label: "Answers", numeric: true },
                { key: "share", label: "Share", numeric: true, format: (v) => pct(v as number) },
                { key: "interval", label: "95 % interval" },
              ],
              rows: classes.map((c) => ({
                label: CLASS_LABEL[c.class],
                count: c.share.count,
                share: c.share.rate,
                interval: `${pct(c.share.low)}–${pct(c.share.high)}`,
              })),
            }}
          >
            <BarChart
              height={260}
              layout="horizontal"
              dataset={classes.map((c) => ({ label: CLASS_LABEL[c.class], share: (c.share.rate ?? 0) * 100 }))}
              yAxis={[{ scaleType: "band", dataKey: "label", width: 170 }]}
              series={[{ dataKey: "share", label: "Share of answers (%)", valueFormatter: (v) => `${(v ?? 0).toFixed(1)}%` }]}
            />
          </ChartCard>
          <ChartCard
            title="Weekly trend"
            subheader="Answers per class per week (weeks start Monday, UTC)"
            table={{
              columns: [
                { key: "week", label: "Week of" },
                ...classes.map((c) => ({ key: c.class, label: CLASS_LABEL[c.class], numeric: true })),
              ],
              rows: trendRows,
            }}
          >
            <BarChart
              height={260}
              dataset={trendRows}
              xAxis={[{ scaleType: "band", dataKey: "week" }]}
              series={classes.map((c) => ({ dataKey: c.class, label: CLASS_LABEL[c.class], stack: "all" }))}
            />
          </ChartCard>
          <Card variant="outlined">
            <CardHeader title="By campaign and step" slotProps={{ title: { variant: "h6", component: "h3" } }} />
            <CardContent sx={{ pt: 0 }}>
              <TableContainer>
                <Table size="small" aria-label="Replies by campaign and step">
                  <TableHead>
                    <TableRow>
                      <TableCell>Campaign</TableCell>
                      <TableCell>Step</TableCell>
                      <TableCell align="right">Answers</TableCell>
                      {classes.map((c) => (
                        <TableCell key={c.class}>{CLASS_LABEL[c.class]}</TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {d.by_campaign.map((b) => (
                      <TableRow key={`${b.id}-${b.step}`}>
                        <TableCell>
                          <RouterLink to={`/campaigns/${b.id}`}>{b.name}</RouterLink>
                        </TableCell>
                        <TableCell>{b.step == null ? "—" : b.step + 1}</TableCell>
                        <TableCell align="right">{b.total}</TableCell>
                        {classes.map((c) => (
                          <TableCell key={c.class}>
                            <RateCell rate={b.classes.find((x) => x.class === c.class)!.share} />
                          </TableCell>
                        ))}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </CardContent>
          </Card>
        </>
      )}
      {d && d.total > 0 && (
        <Card variant="outlined">
          <CardHeader
            title="Latest answers"
            slotProps={{ title: { variant: "h6", component: "h3" } }}
            action={
              <TextField
                select
                size="small"
                label="Class"
                value={cls}
                onChange={(e) => {
                  setCls(e.target.value as CiReplyClass);
                  setCursors([]);
                }}
                sx={{ minWidth: 200 }}
              >
                {(Object.keys(CLASS_LABEL) as CiReplyClass[]).map((k) => (
                  <MenuItem key={k} value={k}>
                    {CLASS_LABEL[k]}
                  </MenuItem>
                ))}
              </TextField>
            }
          />
          <CardContent sx={{ pt: 0 }}>
            {latest.data?.items.length === 0 && <Typography color="textSecondary">No answers of this class in the period.</Typography>}
            <Stack spacing={1.5} component="ul" sx={{ listStyle: "none", p: 0, m: 0 }} aria-label="Latest answers">
              {latest.data?.items.map((r) => (
                <li key={r.id}>
                  <Typography variant="subtitle2">
                    {r.from ?? "(unknown sender)"} · <RouterLink to={`/campaigns/${r.campaign_id}`}>{r.campaign_name}</RouterLink>
                    {r.step != null ? ` · step ${r.step + 1}` : ""} · {when(r.occurred_at)}
                  </Typography>
                  {r.subject && <Typography variant="body2">{r.subject}</Typography>}
                  {r.snippet && (
                    <Typography variant="body2" color="textSecondary" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                      {r.snippet}
                    </Typography>
                  )}
                  <Typography variant="caption" color="textSecondary">
                    Why: {r.why}
                  </Typography>
                </li>
              ))}
            </Stack>
            <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: "flex-end" }}>
              <Button disabled={!cursors.length} onClick={() => setCursors((c) => c.slice(0, -1))}>
                Newer
              </Button>
              <Button
                disabled={!latest.data?.next_cursor}
                onClick={() => latest.data?.next_cursor && setCursors((c) => [...c, latest.data!.next_cursor!])}
              >
                Older
              </Button>
            </Stack>
          </CardContent>
        </Card>
      )}
      {d && (
        <Source>
          replies, auto-replies, unsubscribe mails and complaints the reply poller matched to campaign messages (their headers decide the
          first four kinds); a person's reply is then sorted by the first phrase rule that matches its subject and first 280 characters:{" "}
          {d.rules.map((r) => `${r.id} → ${CLASS_LABEL[r.class]}`).join("; ")}. No language model is involved.
        </Source>
      )}
    </Stack>
  );
}
