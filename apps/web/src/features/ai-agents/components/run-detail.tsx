/** One run: usage against its budget, its proposals (approve, reject, revert) and the log of every step. */

import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import type { AiAgentProposal, AiAgentRunDetail } from "@prospector/contracts";
import { Link as RouterLink } from "react-router";
import { errorMessage } from "../../../lib/errors.ts";
import { JobProgress } from "../../../ui/job-progress.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { type Decision, isActive, useCancelRun, useDecideProposal } from "../api/use-ai-agents.ts";
import { AGENT_NAMES, LEDGER_KIND, proposalTitle, STATUS_COLORS, statusLabel } from "./agent-words.ts";

export function RunDetail({ run }: { run: AiAgentRunDetail }) {
  const cancel = useCancelRun();
  const toast = useToast();
  return (
    <Card variant="outlined" component="section" aria-label="Run detail">
      <CardContent>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap", mb: 1 }}>
          <Typography variant="h6" component="h3" sx={{ flex: 1 }}>
            {AGENT_NAMES[run.kind]}: {run.subject_label ?? "—"}
          </Typography>
          <Chip color={STATUS_COLORS[run.status]} label={statusLabel(run.status)} />
          {run.engine && <Chip variant="outlined" label={run.engine === "llm" ? "Language model" : "Built-in engine"} />}
          {isActive(run) && (
            <Button
              color="warning"
              onClick={() => cancel.mutateAsync(run.id).catch((err) => toast.error(errorMessage(err)))}
              disabled={cancel.isPending}
            >
              Cancel run
            </Button>
          )}
          <Button component={RouterLink} to={`/ai-activity?kind=${LEDGER_KIND[run.kind]}`} size="small">
            In AI activity ({run.action_ids.length} action{run.action_ids.length === 1 ? "" : "s"})
          </Button>
        </Box>
        {isActive(run) && <JobProgress label="Run progress" percent={run.progress} text={run.stage ?? "Queued"} sx={{ mb: 2 }} />}
        {run.error && run.status !== "done" && (
          <Alert severity={run.status === "over_budget" ? "warning" : run.status === "cancelled" ? "info" : "error"} sx={{ mb: 2 }}>
            {run.error}
          </Alert>
        )}
        <Typography variant="subtitle2">Usage against budget</Typography>
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: "repeat(3, 1fr)", mb: 2 }}>
          <Usage label="Tokens" used={run.usage.tokens} limit={run.budget.tokens} />
          <Usage label="Pages" used={run.usage.pages} limit={run.budget.pages} />
          <Usage label="Seconds" used={run.usage.seconds} limit={run.budget.seconds} />
        </Box>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          Proposals
        </Typography>
        {run.proposals.length === 0 ? (
          <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
            {isActive(run) ? "None yet: the run is still working." : "This run proposed nothing."}
          </Typography>
        ) : (
          <Stack spacing={1} sx={{ mb: 2 }}>
            {run.proposals.map((p) => (
              <ProposalCard key={p.id} runId={run.id} proposal={p} />
            ))}
          </Stack>
        )}
        <Typography variant="subtitle2">Step log</Typography>
        <Table size="small" aria-label="Step log">
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>Kind</TableCell>
              <TableCell>What happened</TableCell>
              <TableCell align="right">Tokens</TableCell>
              <TableCell align="right">ms</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {run.steps.map((s) => (
              <TableRow key={s.seq}>
                <TableCell>{s.seq}</TableCell>
                <TableCell>{s.kind}</TableCell>
                <TableCell sx={{ whiteSpace: "pre-wrap" }}>{s.text}</TableCell>
                <TableCell align="right">{s.tokens}</TableCell>
                <TableCell align="right">{s.duration_ms}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

function Usage({ label, used, limit }: { label: string; used: number; limit: number }) {
  const share = limit > 0 ? Math.min(100, (used / limit) * 100) : used > 0 ? 100 : 0;
  return (
    <Box>
      <Typography variant="body2">
        {label}: {used} of {limit}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={share}
        color={used > limit ? "warning" : "primary"}
        aria-label={`${label} used of budget`}
      />
    </Box>
  );
}

const DONE_LABEL: Record<string, string> = { approved: "Applied", rejected: "Rejected", reverted: "Reverted", pending: "Waiting" };

function ProposalCard({ runId, proposal: p }: { runId: string; proposal: AiAgentProposal }) {
  const decide = useDecideProposal(runId);
  const toast = useToast();
  const act = async (decision: Decision) => {
    try {
      await decide.mutateAsync({ proposalId: p.id, decision });
      toast.success(decision === "approve" ? "Applied" : decision === "reject" ? "Rejected" : "Reverted");
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  const title = proposalTitle(p.payload);
  return (
    <Box component="article" aria-label={title} sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 1.5 }}>
      <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
        <Typography variant="body1" sx={{ flex: 1, fontWeight: 500 }}>
          {title}
        </Typography>
        <Chip size="small" label={`${DONE_LABEL[p.status]}${p.autopilot ? " (autopilot)" : ""}`} />
        {p.status === "pending" && (
          <>
            <Button size="small" variant="contained" onClick={() => act("approve")} disabled={decide.isPending}>
              Approve
            </Button>
            <Button size="small" onClick={() => act("reject")} disabled={decide.isPending}>
              Reject
            </Button>
          </>
        )}
        {p.status === "approved" &&
          (p.payload.type === "lead_fields" || p.payload.type === "crm_task" || p.payload.type === "email_draft") && (
            <Button size="small" onClick={() => act("revert")} disabled={decide.isPending}>
              Revert
            </Button>
          )}
      </Box>
      <ProposalBody proposal={p} />
      <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
        Why: {p.explanation}
      </Typography>
    </Box>
  );
}

function ProposalBody({ proposal: p }: { proposal: AiAgentProposal }) {
  const v = p.payload;
  if (v.type === "lead_fields") {
    return (
      <Box component="dl" sx={{ m: 0, mt: 0.5 }}>
        {Object.entries(v.fields).map(([k, value]) => (
          <Box key={k} sx={{ display: "flex", gap: 1 }}>
            <Typography component="dt" variant="body2" sx={{ fontWeight: 500, minWidth: 120 }}>
              {k.replace("_", " ")}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {value}
              {p.previous && k in p.previous && (
                <Typography component="span" variant="body2" color="textSecondary">
                  {" "}
                  (was: {String(p.previous[k] ?? "empty")})
                </Typography>
              )}
            </Typography>
          </Box>
        ))}
      </Box>
    );
  }
  if (v.type === "email_draft") {
    return (
      <Box sx={{ mt: 0.5 }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          Subject: {v.subject}
        </Typography>
        <Typography variant="body2" component="pre" sx={{ whiteSpace: "pre-wrap", fontFamily: "inherit", m: 0 }}>
          {v.body}
        </Typography>
        {p.status === "approved" && (
          <Button size="small" onClick={() => navigator.clipboard?.writeText(`Subject: ${v.subject}\n\n${v.body}`)}>
            Copy draft
          </Button>
        )}
      </Box>
    );
  }
  if (v.type === "crm_task") {
    return (
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {v.description} Due in {v.due_in_days} day{v.due_in_days === 1 ? "" : "s"}.
      </Typography>
    );
  }
  return null;
}
