/**
 * The lead's editable fields, grouped (contact, company, outreach), each with its error or, when
 * an enricher, scraper or import set it, where the value came from and when.
 */
import { Autocomplete, Box, Chip, MenuItem, TextField, Typography } from "@mui/material";
import { type FieldProvenance, LeadStatus } from "@prospector/contracts";
import { type Control, Controller, type FieldErrors, type FieldValues, type UseFormRegister } from "react-hook-form";
import { timeAgo } from "../../../lib/format.ts";
import { muiField } from "../../auth/lib/auth-form.ts";
import type { LeadFormValues, TextField as LeadTextField } from "../lib/lead-form.ts";
import { fieldLabel, provenanceSource, STATUS_LABELS } from "../lib/lead-labels.ts";

const GROUPS: Array<{ title: string; fields: Array<{ name: LeadTextField; multiline?: boolean; label?: string; type?: string }> }> = [
  {
    title: "Contact",
    fields: [{ name: "first_name" }, { name: "last_name" }, { name: "email", type: "email" }, { name: "phone" }, { name: "linkedin_url" }],
  },
  {
    title: "Company",
    fields: [
      { name: "company_name" },
      { name: "role" },
      { name: "seniority" },
      { name: "department" },
      { name: "industry" },
      { name: "website" },
      { name: "city" },
      { name: "country" },
    ],
  },
  {
    title: "Outreach",
    fields: [
      { name: "pain_point", multiline: true },
      { name: "company_insight", multiline: true },
    ],
  },
];

interface Props<TOut extends FieldValues> {
  /** The form's values after its schema's transforms differ per form (create vs update). */
  control: Control<LeadFormValues, unknown, TOut>;
  register: UseFormRegister<LeadFormValues>;
  errors: FieldErrors<LeadFormValues>;
  provenance?: Record<string, FieldProvenance>;
  /** The create form calls pain_point "Notes", as the spec's create call does. */
  painPointLabel?: string;
}

function provenanceText(p: FieldProvenance | undefined): string | undefined {
  if (!p) return undefined;
  return `From ${provenanceSource(p.source)} · ${timeAgo(p.at)}`;
}

export function LeadFormFields<TOut extends FieldValues>({ control, register, errors, provenance = {}, painPointLabel }: Props<TOut>) {
  return (
    <Box sx={{ display: "grid", gap: 2.5 }}>
      {GROUPS.map((group) => (
        <Box key={group.title} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="overline" color="textSecondary" sx={{ mb: 1 }}>
            {group.title}
          </Typography>
          <Box sx={{ display: "grid", gap: 1.5, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
            {group.fields.map((f) => {
              const error = errors[f.name]?.message;
              const origin = provenanceText(provenance[f.name]);
              return (
                <TextField
                  key={f.name}
                  size="small"
                  label={f.name === "pain_point" && painPointLabel ? painPointLabel : fieldLabel(f.name)}
                  type={f.type ?? "text"}
                  multiline={f.multiline}
                  minRows={f.multiline ? 2 : undefined}
                  error={Boolean(error)}
                  helperText={error ?? origin}
                  sx={f.multiline ? { gridColumn: "1 / -1" } : undefined}
                  // Values arrive through reset() (a save, an enrichment), which MUI cannot see on an
                  // uncontrolled input: a floating label would sit on top of the new value.
                  slotProps={{ inputLabel: { shrink: true } }}
                  {...muiField(register(f.name))}
                />
              );
            })}
            {group.title === "Outreach" && (
              <>
                <Controller
                  control={control}
                  name="status"
                  render={({ field, fieldState }) => (
                    <TextField
                      select
                      size="small"
                      label="Status"
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error?.message}
                    >
                      {LeadStatus.options.map((s) => (
                        <MenuItem key={s} value={s}>
                          {STATUS_LABELS[s]}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
                <Controller
                  control={control}
                  name="tags"
                  render={({ field, fieldState }) => (
                    <Autocomplete
                      multiple
                      freeSolo
                      size="small"
                      options={[] as string[]}
                      value={field.value}
                      onChange={(_, v) => field.onChange([...new Set(v.map((t) => t.trim()).filter(Boolean))])}
                      renderValue={(v, getItemProps) =>
                        v.map((option, index) => {
                          const { key, ...itemProps } = getItemProps({ index });
                          return <Chip key={key} size="small" label={option} {...itemProps} />;
                        })
                      }
                      renderInput={(params) => (
                        <TextField
                          {...params}
                          label="Tags"
                          error={Boolean(fieldState.error)}
                          helperText={fieldState.error?.message ?? "Press Enter after each tag"}
                        />
                      )}
                    />
                  )}
                />
              </>
            )}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
