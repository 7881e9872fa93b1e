/** The content of each dashboard widget: real figures, an empty state, or why there is none. */
import { Box, Chip, LinearProgress, List, ListItem, ListItemText, Stack, Typography } from "@mui/material";
import type { Me } from "@prospector/contracts";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { permits } from "../../../../app/layout/nav-items.ts";
import { errorMessage } from "../../../../lib/errors.ts";
import { formatDateTime, timeAgo } from "../../../../lib/format.ts";
import { useHealth } from "../../../../lib/use-health.ts";
import { useNotificationSummary } from "../../../notifications/api/use-notifications.ts";
import { useBillingOverview } from "../../../settings/api/use-billing.ts";
import { UsageBars } from "../../../settings/components/usage-bars.tsx";
import { useGettingStarted } from "../../api/use-getting-started.ts";
import { useLeadCount, useQualityReport, useRecentImports, useRecentScrapingJobs } from "../../api/use-widget-data.ts";
import { GettingStartedList } from "../getting-started-card.tsx";

function Big({ value, caption }: { value: ReactNode; caption?: ReactNode }) {
  return (
    <Box>
      <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
        {value}
      </Typography>
      {caption && (
        <Typography variant="body2" color="textSecondary">
          {caption}
        </Typography>
      )}
    </Box>
  );
}

function Muted({ children }: { children: ReactNode }) {
  return <Typography color="textSecondary">{children}</Typography>;
}

function state(q: { isPending: boolean; isError: boolean; error: unknown }, what: string): ReactNode | null {
  if (q.isError) return <Muted>{`${what} could not be loaded: ${errorMessage(q.error)}`}</Muted>;
  if (q.isPending) return <LinearProgress aria-label={`Loading ${what}`} />;
  return null;
}

function GettingStartedWidget() {
  const { steps, loading } = useGettingStarted();
  return loading ? <LinearProgress aria-label="Loading checklist" /> : <GettingStartedList steps={steps} />;
}

function AccountWidget({ user }: { user: Me }) {
  return (
    <Stack spacing={0.5}>
      <Typography sx={{ fontWeight: 600 }}>{user.full_name || user.email}</Typography>
      <Typography variant="body2">
        {user.email}{" "}
        <Chip
          size="small"
          variant="outlined"
          color={user.email_verified ? "success" : "default"}
          label={user.email_verified ? "Verified" : "Not verified"}
        />
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {user.role_label}
        {user.is_instance_admin ? " · Instance admin" : ""}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {user.organization.name} / {user.workspace.name}
      </Typography>
      <Typography variant="caption" color="textSecondary" data-secondary-ui>
        Member since {formatDateTime(user.created_at)}
      </Typography>
    </Stack>
  );
}

function LeadsMonthWidget() {
  const q = useLeadCount(true);
  const pending = state(q, "Lead count");
  if (pending || !q.data) return pending;
  const { plan } = q.data;
  return (
    <Stack spacing={1}>
      <Big value={q.data.count.toLocaleString()} caption="new leads this month" />
      {plan.limit !== null && plan.limit > 0 && (
        <>
          <LinearProgress variant="determinate" value={Math.min(100, (plan.used / plan.limit) * 100)} aria-label="Plan allowance used" />
          <Typography variant="caption" color="textSecondary">
            {plan.used.toLocaleString()} of {plan.limit.toLocaleString()} on the {plan.plan} plan
          </Typography>
        </>
      )}
    </Stack>
  );
}

function NotificationsWidget() {
  const q = useNotificationSummary(5);
  const pending = state(q, "Notifications");
  if (pending || !q.data) return pending;
  return (
    <Stack spacing={1}>
      <Big value={q.data.unread_count.toLocaleString()} caption={<Link to="/notifications">unread notifications</Link>} />
      <List dense disablePadding>
        {q.data.notifications.slice(0, 3).map((n) => (
          <ListItem key={n.id} disableGutters>
            <ListItemText
              primary={n.title}
              secondary={timeAgo(n.created_at)}
              slotProps={{ primary: { noWrap: true, sx: { fontWeight: n.read ? 400 : 600 } } }}
            />
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}

function InstanceHealthWidget() {
  const q = useHealth();
  const pending = state(q, "Health");
  if (pending || !q.data) return pending;
  return (
    <Stack spacing={1}>
      <Typography>{q.data.status === "ok" ? "Everything is running." : "Something needs attention."}</Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1 }}>
        {Object.entries(q.data.checks).map(([name, c]) => (
          <Chip
            key={name}
            size="small"
            variant="outlined"
            color={c.status === "ok" ? "success" : c.status === "error" ? "error" : "default"}
            label={`${name}: ${c.status === "disabled" ? "not configured" : c.status}`}
          />
        ))}
      </Stack>
      <Typography variant="caption" color="textSecondary">
        Version {q.data.version}
      </Typography>
    </Stack>
  );
}

function PlanUsageWidget() {
  const q = useBillingOverview();
  const pending = state(q, "Plan usage");
  if (pending || !q.data) return pending;
  return (
    <Stack spacing={1}>
      <Typography>
        <strong>{q.data.plan.name}</strong> · <Link to="/settings/billing">Billing</Link>
      </Typography>
      <UsageBars usage={q.data.usage} compact />
    </Stack>
  );
}

function LeadQualityWidget() {
  const q = useQualityReport(true);
  const pending = state(q, "Lead quality");
  if (pending || !q.data) return pending;
  const r = q.data;
  if (r.total === 0) return <Muted>No leads yet: import or add some to see their quality.</Muted>;
  const rows = [
    ["Leads", r.total],
    ["Without email", r.leads_without_email],
    ["In duplicate groups", r.duplicate_leads],
    [`Inactive for ${r.stale_days} days`, r.stale_leads],
    ["Not scored", r.unscored],
  ] as const;
  return (
    <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "1fr auto", rowGap: 0.5, m: 0 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: "contents" }}>
          <Typography component="dt" variant="body2" color="textSecondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, textAlign: "right" }}>
            {value.toLocaleString()}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function RecentImportsWidget() {
  const q = useRecentImports(true);
  const pending = state(q, "Imports");
  if (pending || !q.data) return pending;
  if (q.data.length === 0) return <Muted>No imports yet.</Muted>;
  return (
    <List dense disablePadding>
      {q.data.map((j) => (
        <ListItem
          key={j.id}
          disableGutters
          secondaryAction={
            <Chip size="small" label={j.status} color={j.status === "completed" ? "success" : j.status === "failed" ? "error" : "info"} />
          }
        >
          <ListItemText
            primary={j.file_name}
            secondary={`${j.created} created · ${j.updated} updated · ${j.skipped} skipped · ${j.failed} failed · ${timeAgo(j.created_at)}`}
            slotProps={{ primary: { noWrap: true } }}
            sx={{ pr: 10 }}
          />
        </ListItem>
      ))}
    </List>
  );
}

function ScrapingJobsWidget() {
  const q = useRecentScrapingJobs(true);
  const pending = state(q, "Scraping jobs");
  if (pending || !q.data) return pending;
  if (q.data.length === 0) return <Muted>No scraping jobs yet.</Muted>;
  return (
    <List dense disablePadding>
      {q.data.map((j) => (
        <ListItem
          key={j.id}
          disableGutters
          secondaryAction={
            <Chip size="small" label={j.status} color={j.status === "completed" ? "success" : j.status === "failed" ? "error" : "info"} />
          }
        >
          <ListItemText
            primary={`${j.source.replace("_", " ")} · ${j.counts.created} leads`}
            secondary={j.status === "running" ? `${Math.round(j.progress)}% done` : timeAgo(j.created_at)}
            sx={{ pr: 10, textTransform: "capitalize" }}
          />
        </ListItem>
      ))}
    </List>
  );
}

export function WidgetBody({ type, user }: { type: string; user: Me }) {
  const needsLeads = ["leads-month", "lead-quality", "recent-imports", "scraping-jobs"].includes(type);
  if (needsLeads && !permits(user.permissions, "leads:read")) return <Muted>Your role cannot see leads.</Muted>;
  switch (type) {
    case "getting-started":
      return <GettingStartedWidget />;
    case "account":
      return <AccountWidget user={user} />;
    case "leads-month":
      return <LeadsMonthWidget />;
    case "notifications":
      return <NotificationsWidget />;
    case "instance-health":
      return <InstanceHealthWidget />;
    case "plan-usage":
      return <PlanUsageWidget />;
    case "lead-quality":
      return <LeadQualityWidget />;
    case "recent-imports":
      return <RecentImportsWidget />;
    case "scraping-jobs":
      return <ScrapingJobsWidget />;
    default:
      return <Muted>This widget is no longer available.</Muted>;
  }
}
