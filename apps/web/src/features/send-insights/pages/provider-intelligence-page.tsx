/**
 * /provider-intelligence: How does my mail do at Gmail, Outlook, Yahoo and company mail servers?
 * Sends, human opens, clicks, replies and bounces per recipient mailbox provider (from the leads'
 * MX records, looked up by a job with progress), with rate bars and the domains behind each
 * provider, paged (GET /api/send-insights/providers…, POST …/providers/refresh).
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardHeader,
  Chip,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import {
  MAIL_PROVIDER_LABELS,
  MailProvider,
  type MxLookupStatus,
  type ProviderFigures,
  type ProviderInsights,
} from "@prospector/contracts";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { usePermissions } from "../../../app/permissions/permission-provider.tsx";
import { errorMessage } from "../../../lib/errors.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { useDebounced } from "../../../lib/use-debounced.ts";
import { JobProgress } from "../../../ui/job-progress.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { PeriodSelect } from "../../../ui/period-select.tsx";
import { TablePager } from "../../../ui/table-pager/table-pager.tsx";
import { usePager } from "../../../ui/table-pager/use-pager.ts";
import { isActiveJob } from "../../leads/api/use-job-progress.ts";
import {
  useLatestLookupJob,
  useLookupJob,
  useProviderDomains,
  useProviders,
  useRecompute,
  useRefreshLookups,
} from "../api/use-send-insights.ts";
import { ComputedNote } from "../components/computed-note.tsx";
import { count, formatInterval, formatRate } from "../components/send-insights-format.ts";

const PERIODS = [30, 90, 180, 365];

const STATUS_LABELS: Record<MxLookupStatus, string> = {
  known_domain: "Well-known domain",
  mx: "MX records",
  no_mx: "No MX record",
  no_domain: "Domain does not exist",
  error: "DNS failed",
  pending: "Not looked up yet",
};

export default function ProviderIntelligencePage() {
  const [days, setDays] = useState(90);
  const query = useProviders(days);
  const recompute = useRecompute("providers");
  const data = query.data;
  return (
    <Stack spacing={3}>
      <PageIntro
        question="How does my mail do at Gmail, Outlook, Yahoo and company mail servers?"
        summary={
          data
            ? `${count(data.totals.sent)} sends since ${formatDateTime(data.from)} by the mailbox provider behind each lead's address (from its domain's MX records). Opens and clicks count people only.`
            : "Results by the mailbox provider behind each lead's address, from its domain's MX records."
        }
        actions={<PeriodSelect value={days} onChange={setDays} days={PERIODS} />}
      />
      {data && (
        <ComputedNote
          cache={data.cache}
          onRefresh={() => recompute.mutate({ days })}
          starting={recompute.isPending}
          error={recompute.isError ? errorMessage(recompute.error) : null}
        />
      )}
      <LookupPanel data={data} />
      {query.isPending && <LoadingScreen />}
      {query.isError && <LoadError error={query.error} onRetry={() => query.refetch()} />}
      {data && data.lookups.domains === 0 && data.totals.sent === 0 && (
        <EmptyState
          title="No leads with an email address yet"
          hint="Add or import leads with addresses and send a campaign: their providers and results per provider show here."
        >
          <Button component={RouterLink} to="/leads" variant="contained">
            Go to leads
          </Button>
        </EmptyState>
      )}
      {data && (data.lookups.domains > 0 || data.totals.sent > 0) && <ProviderTable data={data} />}
      {data && data.lookups.domains > 0 && <DomainsTable />}
    </Stack>
  );
}

/** The lookup state: how many domains are classified, pending or unresolved, and the refresh with its progress. */
function LookupPanel({ data }: { data: ProviderInsights | undefined }) {
  const { can } = usePermissions();
  const latest = useLatestLookupJob();
  const job = useLookupJob(latest.data);
  const refresh = useRefreshLookups();
  const current = job.data ?? latest.data ?? null;
  const running = isActiveJob(current ?? undefined);
  const l = data?.lookups;
  return (
    <Card variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap" }}>
        <Box sx={{ flex: 1, minWidth: 240 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            Provider lookups
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {l
              ? `${count(l.classified)} of ${count(l.domains)} email domains classified · ${count(l.pending)} not looked up yet · ${count(l.unresolved)} unknown (no MX, DNS failed)` +
                (l.last_checked_at ? ` · last lookup ${formatDateTime(l.last_checked_at)}` : "")
              : " "}
          </Typography>
        </Box>
        <Button
          variant={l && l.pending > 0 ? "contained" : "outlined"}
          disabled={running || refresh.isPending || !can("leads:update")}
          title={can("leads:update") ? undefined : "Looking providers up needs leads:update"}
          onClick={() => refresh.mutate(false)}
        >
          {running ? "Looking up…" : "Refresh provider lookups"}
        </Button>
        <Button size="small" disabled={running || refresh.isPending || !can("leads:update")} onClick={() => refresh.mutate(true)}>
          Look up all again
        </Button>
      </Box>
      {running && current && (
        <JobProgress
          label="Lookup progress"
          percent={current.total ? current.progress : null}
          text={
            current.total ? `${count(current.processed)} of ${count(current.total)} domains looked up (${current.progress}%)` : "Starting…"
          }
          sx={{ mt: 2 }}
        />
      )}
      {current && current.status === "completed" && !running && (
        <Typography variant="caption" color="textSecondary" sx={{ display: "block", mt: 1 }}>
          {`Last run ${formatDateTime(current.finished_at)}: ${count(current.total)} domains looked up, ${count(current.classified)} classified, ${count(current.unresolved)} unknown.`}
        </Typography>
      )}
      {current?.status === "failed" && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {current.error}
        </Alert>
      )}
      {refresh.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(refresh.error)}
        </Alert>
      )}
    </Card>
  );
}

function RateBar({ value, max, color, label }: { value: number | null; max: number; color: string; label: string }) {
  return (
    <Tooltip title={label} disableInteractive>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 110 }}>
        <Box sx={{ flex: 1, height: 8, bgcolor: "action.hover", borderRadius: 1, overflow: "hidden" }}>
          <Box sx={{ width: `${value === null ? 0 : Math.min(100, (value / max) * 100)}%`, height: "100%", bgcolor: color }} />
        </Box>
        <Typography variant="body2" sx={{ minWidth: 40, textAlign: "right" }}>
          {formatRate(value)}
        </Typography>
      </Box>
    </Tooltip>
  );
}

function ProviderTable({ data }: { data: ProviderInsights }) {
  const maxOf = (k: "open_rate" | "reply_rate" | "bounce_rate" | "click_rate") => Math.max(0.0001, ...data.providers.map((p) => p[k] ?? 0));
  const max = { open: maxOf("open_rate"), click: maxOf("click_rate"), reply: maxOf("reply_rate"), bounce: maxOf("bounce_rate") };
  const maxSent = Math.max(1, ...data.providers.map((p) => p.sent));
  return (
    <Card variant="outlined">
      <CardHeader
        title="Results by mailbox provider"
        subheader="Opens, clicks and replies per delivered send; bounces per send. Hover a bar for the counts."
        slotProps={{ title: { variant: "h6", component: "h3" } }}
      />
      <Box sx={{ overflowX: "auto" }}>
        <Table size="small" aria-label="Results by mailbox provider">
          <TableHead>
            <TableRow>
              <TableCell>Provider</TableCell>
              <TableCell align="right">Leads</TableCell>
              <TableCell>Sent</TableCell>
              <TableCell>Opened</TableCell>
              <TableCell>Clicked</TableCell>
              <TableCell>Replied</TableCell>
              <TableCell>Bounced</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.providers.map((p) => (
              <ProviderRow key={p.provider} p={p} max={max} maxSent={maxSent} />
            ))}
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>All providers</TableCell>
              <TableCell align="right">{count(data.totals.leads)}</TableCell>
              <TableCell>{count(data.totals.sent)}</TableCell>
              <TableCell>{formatRate(data.totals.open_rate)}</TableCell>
              <TableCell>{formatRate(data.totals.click_rate)}</TableCell>
              <TableCell>{formatRate(data.totals.reply_rate)}</TableCell>
              <TableCell>{formatRate(data.totals.bounce_rate)}</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </Box>
    </Card>
  );
}

function ProviderRow({
  p,
  max,
  maxSent,
}: {
  p: ProviderFigures;
  max: { open: number; click: number; reply: number; bounce: number };
  maxSent: number;
}) {
  return (
    <TableRow>
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {p.label}
        </Typography>
        <Typography variant="caption" color="textSecondary">
          {`${count(p.domains)} domain${p.domains === 1 ? "" : "s"}`}
        </Typography>
      </TableCell>
      <TableCell align="right">{count(p.leads)}</TableCell>
      <TableCell>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 110 }}>
          <Box sx={{ flex: 1, height: 8, bgcolor: "action.hover", borderRadius: 1, overflow: "hidden" }}>
            <Box sx={{ width: `${(p.sent / maxSent) * 100}%`, height: "100%", bgcolor: "text.secondary" }} />
          </Box>
          <Typography variant="body2" sx={{ minWidth: 40, textAlign: "right" }}>
            {count(p.sent)}
          </Typography>
        </Box>
      </TableCell>
      <TableCell>
        <RateBar
          value={p.open_rate}
          max={max.open}
          color="primary.main"
          label={`${count(p.opened)} of ${count(p.delivered)} delivered opened by a person`}
        />
      </TableCell>
      <TableCell>
        <RateBar
          value={p.click_rate}
          max={max.click}
          color="info.main"
          label={`${count(p.clicked)} of ${count(p.delivered)} delivered clicked by a person`}
        />
      </TableCell>
      <TableCell>
        <RateBar
          value={p.reply_rate}
          max={max.reply}
          color="success.main"
          label={`${count(p.replied)} of ${count(p.delivered)} delivered replied (95% interval ${formatInterval(p.reply)})`}
        />
      </TableCell>
      <TableCell>
        <RateBar value={p.bounce_rate} max={max.bounce} color="error.main" label={`${count(p.bounced)} of ${count(p.sent)} sent bounced`} />
      </TableCell>
    </TableRow>
  );
}

/** The email domains behind the figures, most leads first, filterable by provider and lookup state. */
function DomainsTable() {
  const [provider, setProvider] = useState<MailProvider | "">("");
  const [status, setStatus] = useState<MxLookupStatus | "">("");
  const [search, setSearch] = useState("");
  const q = useDebounced(search.trim(), 300);
  const pager = usePager({ resetKeys: [provider, status, q] });
  const domains = useProviderDomains({
    provider: provider || undefined,
    status: status || undefined,
    q: q || undefined,
    page: pager.page + 1,
    per_page: pager.perPage,
  });
  const page = domains.data;
  return (
    <Card variant="outlined">
      <CardHeader
        title="Email domains"
        subheader="Which provider each domain of your leads uses and how that was found."
        slotProps={{ title: { variant: "h6", component: "h3" } }}
      />
      <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap", px: 2, pb: 1 }}>
        <TextField size="small" label="Search domains" value={search} onChange={(e) => setSearch(e.target.value)} sx={{ minWidth: 200 }} />
        <TextField
          select
          size="small"
          label="Provider"
          value={provider}
          onChange={(e) => setProvider(e.target.value as MailProvider | "")}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">All providers</MenuItem>
          {MailProvider.options.map((p) => (
            <MenuItem key={p} value={p}>
              {MAIL_PROVIDER_LABELS[p]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Lookup"
          value={status}
          onChange={(e) => setStatus(e.target.value as MxLookupStatus | "")}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">Any</MenuItem>
          {Object.entries(STATUS_LABELS).map(([s, label]) => (
            <MenuItem key={s} value={s}>
              {label}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {domains.isError && <Alert severity="error">{errorMessage(domains.error)}</Alert>}
      <Box sx={{ overflowX: "auto" }}>
        <Table size="small" aria-label="Email domains">
          <TableHead>
            <TableRow>
              <TableCell>Domain</TableCell>
              <TableCell align="right">Leads</TableCell>
              <TableCell>Provider</TableCell>
              <TableCell>How we know</TableCell>
              <TableCell>Checked</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {page?.items.map((d) => (
              <TableRow key={d.domain}>
                <TableCell>{d.domain}</TableCell>
                <TableCell align="right">{count(d.leads)}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    label={MAIL_PROVIDER_LABELS[d.provider]}
                    color={d.provider === "unknown" ? "default" : "primary"}
                    variant="outlined"
                  />
                </TableCell>
                <TableCell>
                  <Typography variant="body2">{STATUS_LABELS[d.status]}</Typography>
                  {(d.error || d.mx_hosts.length > 0) && (
                    <Typography variant="caption" color="textSecondary">
                      {d.error ?? d.mx_hosts.slice(0, 2).join(", ")}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{d.checked_at ? formatDateTime(d.checked_at) : "—"}</TableCell>
              </TableRow>
            ))}
            {page && page.items.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>
                  <Typography color="textSecondary">No domain matches these filters.</Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Box>
      <TablePager pager={pager} count={page?.total ?? 0} />
    </Card>
  );
}
