/**
 * /ai-agents: Which AI tasks are working for us, and what is waiting for my approval?
 * The four agents with their settings and "Run", the runs with live progress and what waits for
 * approval, and a run's usage, proposals and step log (docs/ai/agents.md).
 */

import { Alert, FormControlLabel, Stack, Switch, Typography } from "@mui/material";
import type { AiAgentSetting } from "@prospector/contracts";
import { useState } from "react";
import { LoadError } from "../../../ui/load-error.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useAgentRun, useAgentRuns, useAgentSettings } from "../api/use-ai-agents.ts";
import { AgentCards } from "../components/agent-cards.tsx";
import { RunDetail } from "../components/run-detail.tsx";
import { RunDialog } from "../components/run-dialog.tsx";
import { RunList } from "../components/run-list.tsx";

const QUESTION = "Which AI tasks are working for us, and what is waiting for my approval?";
const PAGE = 20;

export default function AiAgentsPage() {
  const settings = useAgentSettings();
  const [pending, setPending] = useState(false);
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const runs = useAgentRuns({ pending, cursor: cursors.at(-1), limit: PAGE });
  const [selected, setSelected] = useState<string | null>(null);
  const detail = useAgentRun(selected);
  const [running, setRunning] = useState<AiAgentSetting | null>(null);

  const waiting = runs.data?.runs.reduce((n, r) => n + r.pending_proposals, 0) ?? 0;
  const summary = settings.data
    ? `${settings.data.llm ? "Agents use the configured language model; its answers are checked and the built-in engines take over when they fail." : "No language model is configured: agents use the built-in engines (extraction rules, templates, the reply classifier)."} Nothing is sent or changed until you approve, unless an agent is on autopilot.`
    : undefined;

  return (
    <Stack spacing={3}>
      <PageIntro question={QUESTION} summary={summary} />
      {settings.isError && <LoadError error={settings.error} onRetry={() => settings.refetch()} />}
      {settings.data && <AgentCards agents={settings.data.agents} onRun={setRunning} />}
      <Stack spacing={1}>
        <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between" }}>
          <Typography variant="h6" component="h3">
            Runs {waiting > 0 && `(${waiting} proposal${waiting === 1 ? "" : "s"} waiting on this page)`}
          </Typography>
          <FormControlLabel
            control={
              <Switch
                checked={pending}
                onChange={(e) => {
                  setPending(e.target.checked);
                  setCursors([undefined]);
                }}
              />
            }
            label="Waiting for approval only"
          />
        </Stack>
        {runs.isError && <LoadError error={runs.error} onRetry={() => runs.refetch()} />}
        {runs.data && runs.data.runs.length === 0 && (
          <EmptyState
            title={pending ? "Nothing is waiting for approval" : "No agent runs yet"}
            hint={
              pending
                ? "Every proposal has been approved or rejected."
                : "Press Run on an agent above: research a lead from its website, draft an answer to a reply, classify replies, or suggest a deal's next step."
            }
          />
        )}
        {runs.data && runs.data.runs.length > 0 && (
          <RunList
            runs={runs.data.runs}
            selected={selected}
            onSelect={setSelected}
            hasPrevious={cursors.length > 1}
            hasNext={Boolean(runs.data.next_cursor)}
            onPrevious={() => setCursors(cursors.slice(0, -1))}
            onNext={() => setCursors([...cursors, runs.data?.next_cursor ?? undefined])}
          />
        )}
      </Stack>
      {detail.isError && <Alert severity="error">The run could not be read.</Alert>}
      {detail.data && <RunDetail run={detail.data} />}
      {running && (
        <RunDialog kind={running.kind} subjectType={running.subject_type} onClose={() => setRunning(null)} onStarted={setSelected} />
      )}
    </Stack>
  );
}
