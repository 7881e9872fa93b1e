/**
 * One setting of the catalogue as a form control: its label, help and control kind decide what
 * renders; every settings page (the tabs, /settings-simple, /settings-complex) draws fields with it.
 */
import { Autocomplete, Box, Button, Chip, MenuItem, Slider, Stack, TextField, Typography } from "@mui/material";
import { useMemo } from "react";
import { Link } from "react-router";
import type { SettingDef } from "../lib/settings-catalogue.ts";
import { SwitchRow } from "./settings-ui.tsx";

function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const zones = intl.supportedValuesOf?.("timeZone") ?? [];
  return zones.includes("UTC") ? zones : ["UTC", ...zones];
}

export function SettingControlView({
  def,
  value,
  onChange,
  error,
  disabled,
  helperOverride,
  fullWidth = true,
}: {
  def: SettingDef;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string;
  disabled?: boolean;
  /** Replaces the help under a text field (a counter, a range). */
  helperOverride?: string;
  fullWidth?: boolean;
}) {
  const c = def.control;
  const zones = useMemo(() => (c.kind === "timezone" ? timeZones() : []), [c.kind]);
  const id = `setting-${def.key.replace(/\./g, "-")}`;
  if (c.kind === "switch")
    return <SwitchRow label={def.label} description={def.help} checked={Boolean(value)} onChange={onChange} disabled={disabled} />;
  if (c.kind === "status")
    return (
      <Stack direction="row" sx={{ alignItems: "center", gap: 1.5, flexWrap: "wrap", py: 0.5 }}>
        <Typography>{def.label}</Typography>
        <Chip size="small" label={c.format(value)} color={value ? "success" : "default"} />
        <Button component={Link} to={c.link.to} size="small">
          {c.link.label}
        </Button>
      </Stack>
    );
  if (c.kind === "slider")
    return (
      <Box sx={{ maxWidth: 420, px: 2, py: 1 }}>
        <Typography id={`${id}-label`} gutterBottom>
          {def.label}: {c.format(Number(value))}
        </Typography>
        <Slider
          aria-labelledby={`${id}-label`}
          value={Number(value)}
          min={c.min}
          max={c.max}
          step={c.step}
          disabled={disabled}
          marks={[
            { value: c.min, label: c.format(c.min) },
            { value: (c.min + c.max) / 2, label: c.format((c.min + c.max) / 2) },
            { value: c.max, label: c.format(c.max) },
          ]}
          onChangeCommitted={(_, v) => onChange(v as number)}
          valueLabelDisplay="auto"
          valueLabelFormat={c.format}
        />
      </Box>
    );
  const helper = error ?? helperOverride ?? def.help;
  if (c.kind === "timezone")
    return (
      <Autocomplete
        options={zones}
        value={String(value ?? "")}
        disableClearable
        disabled={disabled}
        onChange={(_, v) => onChange(v)}
        renderInput={(params) => <TextField {...params} label={def.label} error={Boolean(error)} helperText={helper} />}
      />
    );
  if (c.kind === "select") {
    const known = c.options.some((o) => o.value === value);
    return (
      <TextField
        select
        id={id}
        label={def.label}
        fullWidth={fullWidth}
        value={value ?? ""}
        disabled={disabled}
        onChange={(e) => {
          const picked = c.options.find((o) => String(o.value) === e.target.value);
          onChange(picked ? picked.value : e.target.value);
        }}
        error={Boolean(error)}
        helperText={helper}
      >
        {!known && <MenuItem value={String(value)}>{String(value)}</MenuItem>}
        {c.options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  const number = c.inputType === "number";
  return (
    <TextField
      id={id}
      label={def.label}
      type={c.inputType ?? "text"}
      fullWidth={fullWidth}
      multiline={c.multiline}
      minRows={c.multiline ? 5 : undefined}
      value={number ? (Number.isFinite(value) ? (value as number) : "") : String(value ?? "")}
      disabled={disabled}
      onChange={(e) => onChange(number ? (e.target.value === "" ? Number.NaN : Number(e.target.value)) : e.target.value)}
      error={Boolean(error)}
      helperText={helper}
      slotProps={{
        htmlInput: {
          min: c.min,
          max: c.max,
          ...(c.monospace ? { spellCheck: false, style: { fontFamily: "monospace", fontSize: 13 } } : {}),
        },
        inputLabel: c.inputType === "time" ? { shrink: true } : undefined,
      }}
    />
  );
}
