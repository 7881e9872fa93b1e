/** One discovery job: what it searched, live progress, counts, notes, cancel, and the leads it created. */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Collapse,
  LinearProgress,
  Link,
  List,
  ListItem,
  Stack,
  Typography,
} from "@mui/material";
import type { ScrapingJob } from "@prospector/contracts";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { formatDateTime, timeAgo } from "../../../lib/format.ts";
import { isActiveJob } from "../../leads/api/use-job-progress.ts";
import { useLead } from "../../leads/api/use-leads.ts";
import { leadName } from "../../leads/lib/lead-labels.ts";
import { JOB_SOURCE_LABELS, JOB_STATUS, jobSummary, leadSourcesOf } from "../lib/job-labels.ts";

const SHOWN_LEADS = 10;

function CreatedLead({ id }: { id: string }) {
  const lead = useLead(id);
  const label = lead.data
    ? `${leadName(lead.data)}${lead.data.email ? ` · ${lead.data.email}` : ""}`
    : lead.isError
      ? "Deleted lead"
      : "Loading…";
  return (
    <ListItem disableGutters sx={{ py: 0.25 }}>
      <Link component={RouterLink} to={`/leads?selected=${encodeURIComponent(id)}`}>
        {label}
      </Link>
    </ListItem>
  );
}

export function ScrapingJobCard({ job, onCancel, cancelling }: { job: ScrapingJob; onCancel: () => void; cancelling: boolean }) {
  const [showLeads, setShowLeads] = useState(false);
  const [showNotes, setShowNotes] = useState(false);
  const active = isActiveJob(job);
  const status = JOB_STATUS[job.status];
  const created = job.result_lead_ids.length;
  return (
    <Card variant="outlined" component="article" aria-label={`${JOB_SOURCE_LABELS[job.source]} job`}>
      <CardContent sx={{ display: "grid", gap: 1 }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
          <Typography sx={{ fontWeight: 600 }}>{JOB_SOURCE_LABELS[job.source] ?? job.source}</Typography>
          <Chip size="small" color={status.color} label={status.label} />
          <Typography variant="body2" color="textSecondary" sx={{ flex: 1, minWidth: 0 }} noWrap title={jobSummary(job)}>
            {jobSummary(job)}
          </Typography>
          <Typography variant="caption" color="textSecondary" title={formatDateTime(job.created_at)}>
            {timeAgo(job.created_at)}
          </Typography>
          {active && (
            <Button size="small" color="warning" onClick={onCancel} disabled={cancelling}>
              Cancel
            </Button>
          )}
        </Box>
        {active && (
          <LinearProgress
            variant={job.status === "queued" ? "indeterminate" : "determinate"}
            value={job.progress}
            aria-label="Job progress"
            sx={{ height: 6, borderRadius: 3 }}
          />
        )}
        <Typography variant="body2" aria-label="Job counts">
          {`${job.counts.found} found · ${job.counts.created} created · ${job.counts.duplicates_skipped} duplicates skipped${job.counts.failed ? ` · ${job.counts.failed} failed` : ""}${active ? ` · ${job.progress}%` : ""}`}
        </Typography>
        {job.error && <Alert severity="error">{job.error}</Alert>}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
          {created > 0 && (
            <Button size="small" onClick={() => setShowLeads((v) => !v)}>
              {showLeads ? "Hide created leads" : `Show created leads (${created})`}
            </Button>
          )}
          {job.counts.created > 0 && (
            <Button size="small" component={RouterLink} to={`/leads?source=${leadSourcesOf(job).join(",")}`}>
              {`All ${leadSourcesOf(job)
                .map((s) => JOB_SOURCE_LABELS[s] ?? s)
                .join(" and ")} leads`}
            </Button>
          )}
          {job.notes.length > 0 && (
            <Button size="small" onClick={() => setShowNotes((v) => !v)}>
              {showNotes ? "Hide notes" : `Notes (${job.notes.length})`}
            </Button>
          )}
        </Stack>
        <Collapse in={showLeads} unmountOnExit>
          <List dense aria-label="Created leads">
            {job.result_lead_ids.slice(0, SHOWN_LEADS).map((id) => (
              <CreatedLead key={id} id={id} />
            ))}
          </List>
          {created > SHOWN_LEADS && <Typography variant="body2" color="textSecondary">{`…and ${created - SHOWN_LEADS} more`}</Typography>}
        </Collapse>
        <Collapse in={showNotes} unmountOnExit>
          <List dense>
            {job.notes.map((n, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: notes are an append-only log
              <ListItem key={i} disableGutters sx={{ py: 0 }}>
                <Typography variant="body2" color="textSecondary">
                  {n}
                </Typography>
              </ListItem>
            ))}
          </List>
        </Collapse>
      </CardContent>
    </Card>
  );
}
