/**
 * /command-center: What needs a human today, and how is today going? Today's sends, replies,
 * meetings, bounces and unsubscribes against yesterday and the 7-day average (days in the
 * workspace's zone), the open alerts, and the lists that need a person — unanswered replies,
 * overdue tasks, paused or stalled campaigns, failing inboxes — each with where to act.
 * Refreshes every minute.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Link,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from "@mui/material";
import type { CommandCenter, TodayFigure } from "@prospector/contracts";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { LoadError } from "../../../ui/load-error.tsx";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useCommandCenter } from "../api/use-executive.ts";
import { count, dateTime, rateText } from "../components/executive-format.ts";

const QUESTION = "What needs a human today, and how is today going?";

function FigureCard({ f }: { f: TodayFigure }) {
  const diff = f.today - f.avg_7d;
  return (
    <Card variant="outlined" sx={{ flex: "1 1 160px", minWidth: 150 }}>
      <CardContent>
        <Typography variant="overline" color="textSecondary" component="h3">
          {f.label} today
        </Typography>
        <Typography variant="h4" component="p" aria-label={`${f.label} today: ${f.today}`}>
          {count(f.today)}
        </Typography>
        <Typography variant="body2">
          Yesterday {count(f.yesterday)} · 7-day average {f.avg_7d.toLocaleString("en-US")}
          {f.avg_7d > 0 && (
            <Typography component="span" variant="body2" color={diff >= 0 ? "success.main" : "textSecondary"}>
              {" "}
              ({diff >= 0 ? "+" : "−"}
              {Math.abs(diff).toFixed(1)})
            </Typography>
          )}
        </Typography>
        <Typography variant="caption" color="textSecondary">
          {f.source}
        </Typography>
      </CardContent>
    </Card>
  );
}

function Section({ title, total, empty, children }: { title: string; total: number; empty: string; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ flex: "1 1 420px", minWidth: 0 }}>
      <CardHeader title={`${title} (${count(total)})`} slotProps={{ title: { variant: "subtitle1", component: "h3" } }} sx={{ pb: 0 }} />
      <CardContent sx={{ pt: 1 }}>
        {total === 0 ? (
          <Typography color="textSecondary" variant="body2">
            {empty}
          </Typography>
        ) : (
          <List dense disablePadding>
            {children}
          </List>
        )}
      </CardContent>
    </Card>
  );
}

/** One row of a "needs a human" list, with an Open link to where to act. */
function OpenItem({ link, primary, secondary, noWrap = false }: { link: string; primary: ReactNode; secondary: string; noWrap?: boolean }) {
  return (
    <ListItem
      disableGutters
      secondaryAction={
        <Button component={RouterLink} to={link} size="small">
          Open
        </Button>
      }
    >
      <ListItemText
        sx={{ pr: 8 }}
        primary={primary}
        secondary={secondary}
        slotProps={noWrap ? { secondary: { noWrap: true } } : undefined}
      />
    </ListItem>
  );
}

const more = (shown: number, total: number) =>
  total > shown ? (
    <Typography variant="caption" color="textSecondary">
      Showing {shown} of {count(total)}.
    </Typography>
  ) : null;

function NeedsHuman({ cc }: { cc: CommandCenter }) {
  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2 }}>
      <Section title="Replies waiting for an answer" total={cc.replies.total} empty="No unanswered replies in the last 14 days.">
        {cc.replies.items.map((r) => (
          <OpenItem
            key={r.event_id}
            link={r.link}
            primary={
              <>
                {r.positive && <Chip label="Interested" color="success" size="small" sx={{ mr: 1 }} />}
                {r.lead_name ?? r.lead_email ?? "Deleted lead"} · {r.campaign_name}
              </>
            }
            secondary={`${dateTime(r.received_at)}${r.snippet ? ` — ${r.snippet}` : ""}`}
            noWrap
          />
        ))}
        {more(cc.replies.items.length, cc.replies.total)}
      </Section>
      <Section title="Overdue tasks" total={cc.tasks.total} empty="No overdue CRM tasks.">
        {cc.tasks.items.map((t) => (
          <OpenItem
            key={t.id}
            link={t.link}
            primary={
              <>
                {t.mine && <Chip label="Yours" color="primary" size="small" sx={{ mr: 1 }} />}
                {t.title}
              </>
            }
            secondary={`Due ${dateTime(t.due_at)} · ${t.assignee_name ?? "Unassigned"}`}
          />
        ))}
        {more(cc.tasks.items.length, cc.tasks.total)}
      </Section>
      <Section title="Campaigns paused or stalled" total={cc.campaigns.total} empty="Every active campaign is sending.">
        {cc.campaigns.items.map((c) => (
          <OpenItem
            key={c.id}
            link={c.link}
            primary={
              <>
                <Chip label={c.state === "paused" ? "Paused" : "Stalled"} color="warning" size="small" sx={{ mr: 1 }} />
                {c.name}
              </>
            }
            secondary={`${c.reason}${c.since ? ` · since ${dateTime(c.since)}` : ""}`}
          />
        ))}
        {more(cc.campaigns.items.length, cc.campaigns.total)}
      </Section>
      <Section title="Inboxes failing" total={cc.inboxes.total} empty="Every sending inbox is healthy.">
        {cc.inboxes.items.map((i) => (
          <OpenItem key={i.id} link={i.link} primary={`${i.email} · ${i.status}`} secondary={i.reason} />
        ))}
      </Section>
    </Box>
  );
}

export default function CommandCenterPage() {
  const q = useCommandCenter();
  const cc = q.data;
  if (q.isPending) return <LoadingScreen />;
  if (!cc) return <LoadError error={q.error} onRetry={() => q.refetch()} />;
  const quiet = cc.figures.every((f) => f.today === 0 && f.yesterday === 0 && f.avg_7d === 0);
  return (
    <Stack spacing={2}>
      <PageIntro
        title="Command Center"
        question={QUESTION}
        summary={`Today is ${cc.today} in ${cc.timezone} (${
          cc.timezone_source === "workspace" ? "the workspace's time zone" : "UTC: the workspace has no time zone set"
        }). Refreshes every minute; updated ${dateTime(cc.generated_at)}.`}
        actions={
          <Button variant="outlined" onClick={() => q.refetch()} disabled={q.isFetching}>
            {q.isFetching ? "Refreshing…" : "Refresh"}
          </Button>
        }
      />
      {q.isError && <LoadError error={q.error} onRetry={() => q.refetch()} />}
      {quiet ? (
        <EmptyState
          title="Nothing sent in the last 8 days"
          hint="Today's figures fill in as campaigns send: connect an inbox, add leads and launch a campaign."
        >
          <Button component={RouterLink} to="/campaigns" variant="contained">
            Go to campaigns
          </Button>
        </EmptyState>
      ) : (
        <>
          <Box component="section" aria-label="Today" sx={{ display: "flex", flexWrap: "wrap", gap: 2 }}>
            {cc.figures.map((f) => (
              <FigureCard key={f.key} f={f} />
            ))}
          </Box>
          <Typography variant="body2" color="textSecondary">
            Today's replies per message sent today: {rateText(cc.reply_pace)} — a pace, not a reply rate: replies today may answer earlier
            sends.
          </Typography>
        </>
      )}
      <Box component="section" aria-label="Alerts">
        <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
          Open alerts ({cc.alerts.length})
        </Typography>
        {cc.alerts.length === 0 ? (
          <Typography color="textSecondary">
            No open alerts: no sending holds, reputation alerts, failing inboxes or pipeline alerts.
          </Typography>
        ) : (
          <Stack spacing={1}>
            {cc.alerts.map((a, i) => (
              <Alert
                // Alerts have no shared id across kinds; their order is the server's.
                // biome-ignore lint/suspicious/noArrayIndexKey: kind + position identify an alert in this answer
                key={`${a.kind}-${i}`}
                severity={a.severity === "critical" ? "error" : a.severity}
                action={
                  <Button component={RouterLink} to={a.link} size="small" color="inherit">
                    Open
                  </Button>
                }
              >
                <strong>{a.title}</strong> — {a.detail}
                {a.since && ` (since ${dateTime(a.since)})`}
              </Alert>
            ))}
          </Stack>
        )}
      </Box>
      <Box component="section" aria-label="Needs a human">
        <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
          Needs a human now
        </Typography>
        <NeedsHuman cc={cc} />
      </Box>
      <Box component="section" aria-label="How these are decided">
        <Typography variant="subtitle2" component="h3">
          How these are decided
        </Typography>
        {Object.entries(cc.rules).map(([k, text]) => (
          <Typography key={k} variant="body2" color="textSecondary">
            <strong>{k}</strong>: {text}
          </Typography>
        ))}
        <Typography variant="body2" color="textSecondary">
          Change the workspace's time zone in{" "}
          <Link component={RouterLink} to="/team/workspaces">
            workspace settings
          </Link>
          .
        </Typography>
      </Box>
    </Stack>
  );
}
