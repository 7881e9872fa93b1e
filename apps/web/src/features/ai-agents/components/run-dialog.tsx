/** "Run": pick the agent's subject (a lead, reply or deal, searched on the server) and start a run. */

import { Autocomplete, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from "@mui/material";
import type { AiAgentKind } from "@prospector/contracts";
import { useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useAgentSubjects, useStartRun } from "../api/use-ai-agents.ts";
import { AGENT_HINTS, AGENT_NAMES, SUBJECT_NAMES } from "./agent-words.ts";

type Option = { id: string; label: string; detail: string | null };

export function RunDialog({
  kind,
  subjectType,
  onClose,
  onStarted,
}: {
  kind: AiAgentKind;
  subjectType: string;
  onClose: () => void;
  onStarted: (runId: string) => void;
}) {
  const [search, setSearch] = useState("");
  const [subject, setSubject] = useState<Option | null>(null);
  const subjects = useAgentSubjects(kind, search, true);
  const start = useStartRun();
  const toast = useToast();
  const needsSubject = kind !== "classify_replies";
  const noun = SUBJECT_NAMES[subjectType]?.toLowerCase() ?? "subject";

  const submit = async () => {
    try {
      const run = await start.mutateAsync({ kind, ...(needsSubject && subject ? { subject_id: subject.id } : {}) });
      toast.success(`${AGENT_NAMES[kind]}: run started`);
      onStarted(run.id);
      onClose();
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="run-dialog-title">
      <DialogTitle id="run-dialog-title">Run: {AGENT_NAMES[kind]}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          {AGENT_HINTS[kind]} Nothing is sent or changed until you approve its proposals (unless autopilot is on).
        </Typography>
        {needsSubject && (
          <Autocomplete<Option>
            options={subjects.data?.subjects ?? []}
            value={subject}
            onChange={(_, v) => setSubject(v)}
            onInputChange={(_, v, reason) => reason === "input" && setSearch(v)}
            getOptionLabel={(o) => o.label}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            filterOptions={(x) => x}
            loading={subjects.isFetching}
            noOptionsText={`No ${noun} found: add one first`}
            renderOption={(props, o) => (
              <li {...props} key={o.id}>
                <span>
                  {o.label}
                  {o.detail && (
                    <Typography component="span" variant="body2" color="textSecondary" sx={{ display: "block" }}>
                      {o.detail}
                    </Typography>
                  )}
                </span>
              </li>
            )}
            renderInput={(params) => <TextField {...params} label={SUBJECT_NAMES[subjectType] ?? "Subject"} autoFocus />}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={(needsSubject && !subject) || start.isPending}>
          Start run
        </Button>
      </DialogActions>
    </Dialog>
  );
}
