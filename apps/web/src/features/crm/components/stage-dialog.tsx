/**
 * "Manage stages": rename a stage, change its default probability, reorder (up/down), add one, or
 * delete one — refused by the server while deals use it, and its message is shown as it says.
 */
import Add from "@mui/icons-material/Add";
import ArrowDownward from "@mui/icons-material/ArrowDownward";
import ArrowUpward from "@mui/icons-material/ArrowUpward";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  InputAdornment,
  TextField,
  Typography,
} from "@mui/material";
import { type CrmStage, StageCreate, StageUpdate } from "@prospector/contracts";
import { useEffect, useState } from "react";
import { ApiError, errorMessage } from "../../../lib/errors.ts";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useStageMutations } from "../api/use-deals.ts";

type Draft = { name: string; probability: string };
type Errors = Partial<Record<"name" | "probability" | "is_lost", string>>;

function fieldErrors(error: unknown): { fields: Errors; message: string | null } {
  if (error instanceof ApiError && error.errors?.length) {
    const fields: Errors = {};
    for (const e of error.errors) if (e.field === "name" || e.field === "probability" || e.field === "is_lost") fields[e.field] = e.message;
    return { fields, message: Object.keys(fields).length ? null : errorMessage(error) };
  }
  if (error instanceof ApiError && error.code === "CRM_STAGE_NAME_EXISTS")
    return { fields: { name: error.detail ?? error.message }, message: null };
  return { fields: {}, message: errorMessage(error) };
}

function zodErrors(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }): Errors | null {
  if (result.success || !result.error) return null;
  const out: Errors = {};
  for (const i of result.error.issues) {
    const f = String(i.path[0]) as keyof Errors;
    out[f] ??= i.message;
  }
  return out;
}

function StageRow({
  stage,
  index,
  count,
  onMove,
}: {
  stage: CrmStage;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
}) {
  const { update, remove } = useStageMutations();
  const toast = useToast();
  const [draft, setDraft] = useState<Draft>({ name: stage.name, probability: String(stage.probability) });
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => setDraft({ name: stage.name, probability: String(stage.probability) }), [stage.name, stage.probability]);
  const dirty = draft.name !== stage.name || draft.probability !== String(stage.probability);
  const save = () => {
    const input = { name: draft.name, probability: draft.probability === "" ? Number.NaN : Number(draft.probability) };
    const invalid = zodErrors(StageUpdate.safeParse(input));
    setMessage(null);
    if (invalid) return setErrors(invalid);
    setErrors({});
    update.mutate(
      { id: stage.id, input },
      {
        onSuccess: () => toast.success(`${draft.name.trim()} saved`),
        onError: (e) => {
          const r = fieldErrors(e);
          setErrors(r.fields);
          setMessage(r.message);
        },
      },
    );
  };
  const label = stage.is_won ? "won" : stage.is_lost ? "lost" : null;
  return (
    <Box component="li" sx={{ listStyle: "none", display: "grid", gap: 0.5, py: 1, borderBottom: 1, borderColor: "divider" }}>
      <Box sx={{ display: "flex", gap: 1, alignItems: "flex-start", flexWrap: "wrap" }}>
        <Box sx={{ display: "flex", flexDirection: "column" }}>
          <IconButton size="small" aria-label={`Move ${stage.name} up`} disabled={index === 0} onClick={() => onMove(index, index - 1)}>
            <ArrowUpward fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={`Move ${stage.name} down`}
            disabled={index === count - 1}
            onClick={() => onMove(index, index + 1)}
          >
            <ArrowDownward fontSize="small" />
          </IconButton>
        </Box>
        <TextField
          size="small"
          label="Name"
          value={draft.name}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          error={Boolean(errors.name)}
          helperText={errors.name ?? (label ? `Deals here count as ${label}` : " ")}
          sx={{ flex: "1 1 160px" }}
          slotProps={{ htmlInput: { "aria-label": `Name of ${stage.name}` } }}
        />
        <TextField
          size="small"
          label="Probability"
          type="number"
          value={draft.probability}
          onChange={(e) => setDraft({ ...draft, probability: e.target.value })}
          error={Boolean(errors.probability)}
          helperText={errors.probability ?? " "}
          sx={{ width: 130 }}
          slotProps={{
            htmlInput: { min: 0, max: 100, "aria-label": `Probability of ${stage.name}` },
            input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
          }}
        />
        <Button onClick={save} disabled={!dirty || update.isPending} sx={{ mt: 0.25 }}>
          Save
        </Button>
        <IconButton
          aria-label={`Delete ${stage.name}`}
          disabled={remove.isPending}
          sx={{ mt: 0.25 }}
          onClick={() =>
            remove.mutate(stage.id, {
              onSuccess: () => toast.success(`${stage.name} deleted`),
              onError: (e) => setMessage(errorMessage(e)),
            })
          }
        >
          <DeleteOutline />
        </IconButton>
      </Box>
      {message && <Alert severity="error">{message}</Alert>}
    </Box>
  );
}

function NewStage() {
  const { create } = useStageMutations();
  const toast = useToast();
  const empty = { name: "", probability: "", is_won: false, is_lost: false };
  const [draft, setDraft] = useState(empty);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const add = () => {
    const input = {
      name: draft.name,
      probability: draft.probability === "" ? Number.NaN : Number(draft.probability),
      is_won: draft.is_won,
      is_lost: draft.is_lost,
    };
    const invalid = zodErrors(StageCreate.safeParse(input));
    setMessage(null);
    if (invalid) return setErrors(invalid);
    setErrors({});
    create.mutate(input, {
      onSuccess: (s) => {
        toast.success(`${s.name} added`);
        setDraft(empty);
      },
      onError: (e) => {
        const r = fieldErrors(e);
        setErrors(r.fields);
        setMessage(r.message);
      },
    });
  };
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: "grid", gap: 1 }}>
      <Typography component="legend" variant="overline" color="textSecondary">
        Add a stage
      </Typography>
      <Box sx={{ display: "flex", gap: 1, alignItems: "flex-start", flexWrap: "wrap" }}>
        <TextField
          size="small"
          label="New stage name"
          value={draft.name}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          error={Boolean(errors.name)}
          helperText={errors.name ?? " "}
          sx={{ flex: "1 1 160px" }}
        />
        <TextField
          size="small"
          label="Probability"
          type="number"
          value={draft.probability}
          onChange={(e) => setDraft({ ...draft, probability: e.target.value })}
          error={Boolean(errors.probability)}
          helperText={errors.probability ?? " "}
          sx={{ width: 130 }}
          slotProps={{
            htmlInput: { min: 0, max: 100, "aria-label": "New stage probability" },
            input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
          }}
        />
        <Button startIcon={<Add />} variant="outlined" onClick={add} disabled={create.isPending} sx={{ mt: 0.25 }}>
          Add stage
        </Button>
      </Box>
      <Box sx={{ display: "flex", gap: 2 }}>
        <FormControlLabel
          control={<Checkbox checked={draft.is_won} onChange={(e) => setDraft({ ...draft, is_won: e.target.checked })} />}
          label="Deals here are won"
        />
        <FormControlLabel
          control={<Checkbox checked={draft.is_lost} onChange={(e) => setDraft({ ...draft, is_lost: e.target.checked })} />}
          label="Deals here are lost"
        />
      </Box>
      {errors.is_lost && <Alert severity="error">{errors.is_lost}</Alert>}
      {message && <Alert severity="error">{message}</Alert>}
    </Box>
  );
}

export function StageDialog({ open, stages, onClose }: { open: boolean; stages: CrmStage[]; onClose: () => void }) {
  const { reorder } = useStageMutations();
  const toast = useToast();
  const move = (from: number, to: number) => {
    const ids = stages.map((s) => s.id);
    const [id] = ids.splice(from, 1);
    if (!id) return;
    ids.splice(to, 0, id);
    reorder.mutate(ids, { onError: (e) => toast.error(errorMessage(e)) });
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Pipeline stages</DialogTitle>
      <DialogContent dividers sx={{ display: "grid", gap: 2 }}>
        <Typography variant="body2" color="textSecondary">
          Deals move through these stages left to right on the board. A stage's probability is the default chance a deal in it is won.
        </Typography>
        <Box component="ol" aria-label="Stages" sx={{ p: 0, m: 0 }}>
          {stages.map((s, i) => (
            <StageRow key={s.id} stage={s} index={i} count={stages.length} onMove={move} />
          ))}
        </Box>
        <NewStage />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
