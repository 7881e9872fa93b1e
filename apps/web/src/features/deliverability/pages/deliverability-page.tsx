/** /deliverability: Will my mail reach the inbox, and what must I fix? Per sending domain its DNS checks, per inbox its rates, caps and warm-up. */
import { Alert, Box, Button, Card, CardContent, CardHeader, Skeleton, Stack, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { errorMessage } from "../../../lib/errors.ts";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { TablePager } from "../../../ui/table-pager/table-pager.tsx";
import { usePager } from "../../../ui/table-pager/use-pager.ts";
import { useDeliverability } from "../api/use-deliverability.ts";
import { DomainCard } from "../components/domain-card.tsx";
import { InboxTable } from "../components/inbox-table.tsx";
import { RecheckButton, RunProgress } from "../components/recheck-bar.tsx";
import { percent, StatusChip } from "../components/status-chip.tsx";

export default function DeliverabilityPage() {
  const pager = usePager({ perPageOptions: [50, 100] });
  const q = useDeliverability(pager.page + 1, pager.perPage);
  const data = q.data;
  const failing = data?.domains.flatMap((d) => d.checks.filter((c) => c.status === "fail")).length ?? 0;
  return (
    <Stack spacing={3}>
      <PageIntro
        question="Will my mail reach the inbox, and what must I fix?"
        summary="SPF, DKIM, DMARC and MX of every domain you send from, checked in DNS, and each inbox's bounces, spam complaints, warm-up and volume against the limits mailbox providers enforce."
        actions={
          <>
            <Button component={RouterLink} to="/deliverability/enhanced" variant="outlined">
              Blocklists, trends and headers
            </Button>
            {data && data.domains.length > 0 && <RecheckButton run={data.run} />}
          </>
        }
      />
      {q.isPending && <Skeleton variant="rounded" height={240} />}
      {q.isError && (
        <Alert severity="error" action={<Button onClick={() => void q.refetch()}>Retry</Button>}>
          {errorMessage(q.error)}
        </Alert>
      )}
      {data && data.inbox_total === 0 && (
        <EmptyState
          title="No sending inbox yet"
          hint="Deliverability is checked for the domains your inboxes send from. Connect an SMTP inbox; its domain is checked at once."
        >
          <Button component={RouterLink} to="/inboxes" variant="contained">
            Connect an inbox
          </Button>
        </EmptyState>
      )}
      {data && data.inbox_total > 0 && (
        <>
          <RunProgress run={data.run} />
          {failing > 0 && (
            <Alert severity="error">
              {failing} check{failing === 1 ? "" : "s"} failing: publish the records shown below at your DNS host, then press Re-check.
            </Alert>
          )}
          <Box component="section" aria-label="Sending domains">
            <Typography variant="h6" component="h3" gutterBottom>
              Sending domains
            </Typography>
            <Stack spacing={2}>
              {data.domains.map((d) => (
                <DomainCard key={d.domain} report={d} />
              ))}
            </Stack>
          </Box>
          <Card variant="outlined" component="section" aria-label="One-click unsubscribe">
            <CardHeader
              title="One-click unsubscribe (RFC 8058)"
              slotProps={{ title: { component: "h3", variant: "h6" } }}
              action={<StatusChip status={data.one_click.status} />}
            />
            <CardContent sx={{ pt: 0 }}>
              <Typography variant="body2">{data.one_click.summary}</Typography>
            </CardContent>
          </Card>
          <Card variant="outlined" component="section" aria-label="Inboxes">
            <CardHeader
              title="Inboxes"
              slotProps={{ title: { component: "h3", variant: "h6" } }}
              subheader={`Last ${data.thresholds.window_days} days; a rate needs ${data.thresholds.min_sends} sends to be judged. The app pauses an inbox at ${percent(data.thresholds.bounce_pause)} bounces.`}
            />
            <InboxTable inboxes={data.inboxes} thresholds={data.thresholds} />
            <TablePager pager={pager} count={data.inbox_total} />
          </Card>
        </>
      )}
    </Stack>
  );
}
