/** Rule tuning: each rule with its explanation, on/off and thresholds for this workspace. */

import ExpandMore from "@mui/icons-material/ExpandMore";
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Chip,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
  Typography,
} from "@mui/material";
import type { SecurityRule } from "@prospector/contracts";
import { useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { useRules, useUpdateRule } from "../api/use-threats.ts";
import { SEVERITY_COLOR } from "./threat-format.ts";

function RuleEditor({ rule, canUpdate }: { rule: SecurityRule; canUpdate: boolean }) {
  const update = useUpdateRule();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(rule.thresholds.map((t) => [t.key, String(t.value)])),
  );
  const save = () =>
    update.mutate({ rule: rule.rule, body: { thresholds: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, Number(v)])) } });
  return (
    <Accordion disableGutters>
      <AccordionSummary expandIcon={<ExpandMore />} aria-label={`${rule.name}: explanation and thresholds`}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", flex: 1, flexWrap: "wrap" }}>
          <Typography sx={{ fontWeight: 500 }}>{rule.name}</Typography>
          <Chip size="small" color={SEVERITY_COLOR[rule.severity]} label={rule.severity} />
          {!rule.enabled && <Chip size="small" variant="outlined" label="off" />}
          {rule.unavailable && <Chip size="small" variant="outlined" color="warning" label={rule.unavailable} />}
        </Stack>
      </AccordionSummary>
      <AccordionDetails>
        <Stack spacing={1.5}>
          <Typography variant="body2" color="textSecondary">
            {rule.explanation}
          </Typography>
          <FormControlLabel
            control={
              <Switch
                checked={rule.enabled}
                disabled={!canUpdate || update.isPending}
                onChange={(e) => update.mutate({ rule: rule.rule, body: { enabled: e.target.checked } })}
              />
            }
            label={`${rule.name} on`}
          />
          {rule.thresholds.length > 0 && (
            <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap", alignItems: "center" }}>
              {rule.thresholds.map((t) => (
                <TextField
                  key={t.key}
                  type="number"
                  size="small"
                  label={t.label}
                  value={values[t.key] ?? ""}
                  disabled={!canUpdate}
                  onChange={(e) => setValues((v) => ({ ...v, [t.key]: e.target.value }))}
                  helperText={`default ${t.default}, ${t.min}–${t.max}`}
                  slotProps={{ htmlInput: { min: t.min, max: t.max, step: "any" } }}
                />
              ))}
              {canUpdate && (
                <Button variant="outlined" onClick={save} disabled={update.isPending}>
                  Save thresholds
                </Button>
              )}
            </Box>
          )}
          {update.error && <Alert severity="error">{errorMessage(update.error)}</Alert>}
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}

export function ThreatRulesCard({ canUpdate }: { canUpdate: boolean }) {
  const rules = useRules();
  return (
    <Box>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        Detection rules
      </Typography>
      {rules.error && <Alert severity="error">{errorMessage(rules.error)}</Alert>}
      {rules.data?.items.map((r) => (
        <RuleEditor key={`${r.rule}:${JSON.stringify(r.thresholds.map((t) => t.value))}`} rule={r} canUpdate={canUpdate} />
      ))}
    </Box>
  );
}
