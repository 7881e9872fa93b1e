/** "What would this rule do for this lead?" — pick a lead, see the trigger, each condition and the actions, nothing changes. */

import CloseIcon from "@mui/icons-material/CancelOutlined";
import CheckIcon from "@mui/icons-material/CheckCircleOutlined";
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  TextField,
  Typography,
} from "@mui/material";
import type { AutomationRule, Lead } from "@prospector/contracts";
import { useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { useDebounced } from "../../../lib/use-debounced.ts";
import { useDryRun, useLeadOptions } from "../api/use-automation.ts";
import { FIELDS, OPS } from "../lib/labels.ts";

function Mark({ ok }: { ok: boolean }) {
  return ok ? <CheckIcon color="success" aria-label="passes" /> : <CloseIcon color="error" aria-label="fails" />;
}

const leadLabel = (l: Lead) => [[l.first_name, l.last_name].filter(Boolean).join(" "), l.email].filter(Boolean).join(" · ") || l.id;

export function DryRunDialog({ rule, onClose }: { rule: AutomationRule; onClose: () => void }) {
  const [search, setSearch] = useState("");
  const debounced = useDebounced(search, 300);
  const leads = useLeadOptions(debounced);
  const [lead, setLead] = useState<Lead | null>(null);
  const dry = useDryRun(rule.id);
  const result = dry.data;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="dry-run-title">
      <DialogTitle id="dry-run-title">Dry run: {rule.name}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          What the rule would do for one lead now. Nothing is changed or sent.
        </Typography>
        <Box sx={{ display: "flex", gap: 1, alignItems: "center" }}>
          <Autocomplete
            sx={{ flex: 1 }}
            options={leads.data?.items ?? []}
            getOptionLabel={leadLabel}
            filterOptions={(x) => x}
            value={lead}
            onChange={(_, v) => {
              setLead(v);
              dry.reset();
            }}
            onInputChange={(_, v) => setSearch(v)}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            noOptionsText={debounced ? "No lead matches" : "No leads yet: add or import leads first"}
            renderInput={(params) => <TextField {...params} label="Lead" size="small" />}
          />
          <Button variant="contained" disabled={!lead || dry.isPending} onClick={() => lead && dry.mutate({ lead_id: lead.id })}>
            Try it
          </Button>
        </Box>
        {dry.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(dry.error)}
          </Alert>
        )}
        {result && (
          <Box sx={{ mt: 2 }} aria-label="Dry run result" role="region">
            <Alert severity={result.would_run ? "success" : "info"}>
              {result.would_run
                ? "The rule would run for this lead."
                : result.already_ran
                  ? "The rule already ran for this lead and this event: it runs once."
                  : "The rule would not run for this lead now."}
            </Alert>
            <List dense>
              <ListItem>
                <ListItemIcon>
                  <Mark ok={result.trigger.passed} />
                </ListItemIcon>
                <ListItemText primary="Trigger" secondary={result.trigger.note} />
              </ListItem>
              {result.conditions.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the rule's condition order.
                <ListItem key={i}>
                  <ListItemIcon>
                    <Mark ok={c.passed} />
                  </ListItemIcon>
                  <ListItemText
                    primary={`${FIELDS[c.condition.field]} ${OPS[c.condition.op]} ${c.condition.value}`}
                    secondary={`The lead: ${c.actual}`}
                  />
                </ListItem>
              ))}
            </List>
            <Typography variant="subtitle2">Actions</Typography>
            <List dense>
              {result.actions.map((a, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the rule's action order.
                <ListItem key={i}>
                  <ListItemText primary={a.description} />
                </ListItem>
              ))}
            </List>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
