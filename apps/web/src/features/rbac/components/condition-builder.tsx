/**
 * The policy condition builder: one row per condition (type, field, operator, value), the value
 * input fitting the field and operator (a time range, a country list, CIDR ranges, an attribute
 * value, numbers). Each row shows its own problem: the form's check, or the server's field error.
 */
import Add from "@mui/icons-material/Add";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import {
  Box,
  Button,
  FormHelperText,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import type { ConditionOperator, ConditionType } from "@prospector/contracts";
import {
  CONDITION_TYPES,
  type ConditionDraft,
  FIELDS,
  type FieldInfo,
  fieldInfo,
  newDraft,
  OPERATOR_LABELS,
  OPERATORS,
  shapeOf,
  WEEKDAYS,
  withField,
} from "../lib/conditions.ts";

/** Condition types the server evaluates (GET /rbac/config condition_types); others are shown but cannot be chosen. */
export type SupportedTypes = readonly string[] | undefined;

function SingleValue({ info, value, onChange, label }: { info: FieldInfo; value: string; onChange: (v: string) => void; label: string }) {
  if (info.kind === "weekday") {
    return (
      <TextField select size="small" label={label} value={value} onChange={(e) => onChange(e.target.value)} sx={{ minWidth: 140 }}>
        {WEEKDAYS.map((d, i) => (
          <MenuItem key={d} value={String(i)}>
            {d}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  const common = { size: "small" as const, label, value, onChange: (e: { target: { value: string } }) => onChange(e.target.value) };
  switch (info.kind) {
    case "number":
      return (
        <TextField {...common} type="number" slotProps={{ htmlInput: { min: info.min, max: info.max, step: 1 } }} sx={{ width: 140 }} />
      );
    case "clock":
      return <TextField {...common} type="time" slotProps={{ inputLabel: { shrink: true } }} sx={{ width: 140 }} />;
    case "country":
      return <TextField {...common} placeholder="US" slotProps={{ htmlInput: { maxLength: 2 } }} sx={{ width: 110 }} />;
    case "cidr":
      return <TextField {...common} placeholder="10.0.0.0/8" sx={{ minWidth: 200 }} />;
    default:
      return <TextField {...common} sx={{ minWidth: 200 }} />;
  }
}

const LIST_HINTS: Record<string, { label: string; placeholder: string }> = {
  country: { label: "Countries (two-letter codes, comma separated)", placeholder: "US, CA, GB" },
  cidr: { label: "IP addresses or CIDR ranges (comma separated)", placeholder: "10.0.0.0/8, 192.168.1.10" },
  number: { label: "Values (comma separated)", placeholder: "9, 10, 11" },
  text: { label: "Values (comma separated)", placeholder: "admin, manager" },
  clock: { label: "Times (HH:MM, comma separated)", placeholder: "09:00, 17:30" },
};

function ValueInput({ draft, onChange }: { draft: ConditionDraft; onChange: (d: ConditionDraft) => void }) {
  const info = fieldInfo(draft.type, draft.field);
  const shape = shapeOf(draft.operator);
  if (shape === "none") return null;
  if (shape === "range") {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <SingleValue info={info} label="From" value={draft.from} onChange={(from) => onChange({ ...draft, from })} />
        <Typography color="textSecondary">to</Typography>
        <SingleValue info={info} label="To" value={draft.to} onChange={(to) => onChange({ ...draft, to })} />
      </Stack>
    );
  }
  if (shape === "list") {
    if (info.kind === "weekday") {
      return (
        <ToggleButtonGroup
          size="small"
          value={draft.list}
          onChange={(_, list: string[]) => onChange({ ...draft, list: [...list].sort() })}
          aria-label="Weekdays"
        >
          {WEEKDAYS.map((d, i) => (
            <ToggleButton key={d} value={String(i)} aria-label={d}>
              {d.slice(0, 3)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      );
    }
    const hint = LIST_HINTS[info.kind] ?? (LIST_HINTS.text as { label: string; placeholder: string });
    return (
      <TextField
        size="small"
        label={hint.label}
        placeholder={hint.placeholder}
        value={draft.list.join(",")}
        onChange={(e) => onChange({ ...draft, list: e.target.value.split(",") })}
        sx={{ minWidth: 280, flex: 1 }}
      />
    );
  }
  return <SingleValue info={info} label="Value" value={draft.value} onChange={(value) => onChange({ ...draft, value })} />;
}

export function ConditionBuilder({
  drafts,
  onChange,
  errors,
  supported,
}: {
  drafts: ConditionDraft[];
  onChange: (drafts: ConditionDraft[]) => void;
  /** A problem per row index: the form's own check or the server's field error. */
  errors: Record<number, string>;
  supported: SupportedTypes;
}) {
  const set = (i: number, d: ConditionDraft) => onChange(drafts.map((x, j) => (j === i ? d : x)));
  const firstSupported = (CONDITION_TYPES.find((t) => !supported || supported.includes(t.type))?.type ?? "time") as ConditionType;
  return (
    <Stack spacing={1} role="group" aria-label="Conditions">
      {drafts.length === 0 && (
        <Typography variant="body2" color="textSecondary">
          No conditions: the policy applies whenever its permissions match.
        </Typography>
      )}
      {drafts.map((d, i) => {
        const info = fieldInfo(d.type, d.field);
        const error = errors[i];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own; they move only by deletion
          <Paper key={i} variant="outlined" sx={{ p: 1.5 }} role="group" aria-label={`Condition ${i + 1}`}>
            <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "center" }}>
              <TextField
                select
                size="small"
                label="Type"
                value={d.type}
                onChange={(e) => set(i, withField(d, e.target.value as ConditionType))}
                sx={{ minWidth: 140 }}
              >
                {CONDITION_TYPES.map((t) => {
                  const off = Boolean(supported) && !supported?.includes(t.type);
                  return (
                    <MenuItem key={t.type} value={t.type} disabled={off}>
                      {t.label}
                      {off ? " (not evaluated by this server)" : ""}
                    </MenuItem>
                  );
                })}
              </TextField>
              <TextField
                select
                size="small"
                label="Field"
                value={info.field}
                onChange={(e) => set(i, withField(d, d.type, e.target.value))}
                sx={{ minWidth: 190 }}
              >
                {FIELDS[d.type].map((f) => (
                  <MenuItem key={f.field} value={f.field}>
                    {f.label}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                size="small"
                label="Operator"
                value={d.operator}
                onChange={(e) => set(i, { ...d, operator: e.target.value as ConditionOperator })}
                sx={{ minWidth: 150 }}
              >
                {OPERATORS[info.kind].map((op) => (
                  <MenuItem key={op} value={op}>
                    {OPERATOR_LABELS[op]}
                  </MenuItem>
                ))}
              </TextField>
              <ValueInput draft={d} onChange={(next) => set(i, next)} />
              <IconButton
                aria-label={`Remove condition ${i + 1}`}
                onClick={() => onChange(drafts.filter((_, j) => j !== i))}
                sx={{ ml: "auto" }}
              >
                <DeleteOutline />
              </IconButton>
            </Box>
            {error && (
              <FormHelperText error role="alert">
                {error}
              </FormHelperText>
            )}
          </Paper>
        );
      })}
      <Box>
        <Button startIcon={<Add />} onClick={() => onChange([...drafts, newDraft(firstSupported)])} disabled={drafts.length >= 20}>
          Add condition
        </Button>
      </Box>
    </Stack>
  );
}
