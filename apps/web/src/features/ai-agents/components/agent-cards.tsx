/** The four agents: on/off, autopilot, the default budget (and classify_replies' schedule), and "Run". */

import { Box, Button, Card, CardActions, CardContent, FormControlLabel, Stack, Switch, TextField, Typography } from "@mui/material";
import type { AiAgentSetting } from "@prospector/contracts";
import { useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useUpdateAgentSettings } from "../api/use-ai-agents.ts";
import { AGENT_HINTS, AGENT_NAMES } from "./agent-words.ts";

export function AgentCards({ agents, onRun }: { agents: AiAgentSetting[]; onRun: (a: AiAgentSetting) => void }) {
  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr", xl: "repeat(4, 1fr)" } }}>
      {agents.map((a) => (
        <AgentCard key={a.kind} agent={a} onRun={() => onRun(a)} />
      ))}
    </Box>
  );
}

function AgentCard({ agent, onRun }: { agent: AiAgentSetting; onRun: () => void }) {
  const update = useUpdateAgentSettings();
  const toast = useToast();
  const [budget, setBudget] = useState({ ...agent.budget, schedule: agent.schedule_hours?.toString() ?? "" });
  const name = AGENT_NAMES[agent.kind];
  const save = async (change: Partial<Omit<AiAgentSetting, "kind" | "subject_type">>) => {
    try {
      await update.mutateAsync({ agents: [{ kind: agent.kind, ...change }] });
      toast.success(`${name}: settings saved`);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  const changed =
    budget.tokens !== agent.budget.tokens ||
    budget.pages !== agent.budget.pages ||
    budget.seconds !== agent.budget.seconds ||
    budget.schedule !== (agent.schedule_hours?.toString() ?? "");
  const num = (key: "tokens" | "pages" | "seconds", label: string) => (
    <TextField
      size="small"
      type="number"
      label={label}
      value={budget[key]}
      onChange={(e) => setBudget({ ...budget, [key]: Number(e.target.value) })}
      slotProps={{ htmlInput: { "aria-label": `${name}: ${label}` } }}
    />
  );
  return (
    <Card variant="outlined" component="section" aria-label={name}>
      <CardContent>
        <Typography variant="h6" component="h3">
          {name}
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
          {AGENT_HINTS[agent.kind]}
        </Typography>
        <Stack>
          <FormControlLabel
            control={<Switch checked={agent.enabled} onChange={(e) => save({ enabled: e.target.checked })} />}
            label="Enabled"
          />
          <FormControlLabel
            control={<Switch checked={agent.autopilot} onChange={(e) => save({ autopilot: e.target.checked })} />}
            label="Autopilot (apply without approval)"
          />
        </Stack>
        <Typography variant="subtitle2" sx={{ mt: 1, mb: 1 }}>
          Default budget per run
        </Typography>
        <Box sx={{ display: "grid", gap: 1, gridTemplateColumns: "1fr 1fr 1fr" }}>
          {num("tokens", "Tokens")}
          {num("pages", "Pages")}
          {num("seconds", "Seconds")}
        </Box>
        {agent.kind === "classify_replies" && (
          <TextField
            size="small"
            type="number"
            label="Every N hours (empty: by hand)"
            value={budget.schedule}
            onChange={(e) => setBudget({ ...budget, schedule: e.target.value })}
            sx={{ mt: 1 }}
            fullWidth
          />
        )}
      </CardContent>
      <CardActions>
        <Button variant="contained" onClick={onRun} disabled={!agent.enabled} aria-label={`Run ${name}`}>
          Run
        </Button>
        <Button
          disabled={!changed || update.isPending}
          onClick={() =>
            save({
              budget: { tokens: budget.tokens, pages: budget.pages, seconds: budget.seconds },
              ...(agent.kind === "classify_replies" ? { schedule_hours: budget.schedule === "" ? null : Number(budget.schedule) } : {}),
            })
          }
        >
          Save budget
        </Button>
      </CardActions>
    </Card>
  );
}
