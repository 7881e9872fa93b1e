/** A CRM form's fields from their specs: text, numbers, dates, pick lists and tags, each with its error under it. */
import { Autocomplete, Box, Chip, InputAdornment, MenuItem, TextField } from "@mui/material";
import { type Control, Controller } from "react-hook-form";
import type { FieldSpec, FormValues } from "../lib/record-field-spec.ts";
import { CustomerPicker } from "./customer-picker.tsx";

const INPUT_TYPES: Partial<Record<FieldSpec["kind"], string>> = {
  email: "email",
  number: "number",
  percent: "number",
  date: "date",
  datetime: "datetime-local",
};

export function RecordFields({ control, fields }: { control: Control<FormValues>; fields: FieldSpec[] }) {
  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
      {fields.map((spec) => (
        <Controller
          key={spec.name}
          control={control}
          name={spec.name}
          render={({ field, fieldState }) => {
            const error = fieldState.error?.message;
            const span = spec.wide || spec.kind === "multiline" || spec.kind === "tags" ? { gridColumn: "1 / -1" } : undefined;
            if (spec.kind === "customer") {
              return (
                <CustomerPicker
                  label={spec.label}
                  value={(field.value as string) ?? ""}
                  onChange={field.onChange}
                  error={Boolean(error)}
                  helperText={error ?? spec.helper}
                />
              );
            }
            if (spec.kind === "tags") {
              return (
                <Autocomplete
                  multiple
                  freeSolo
                  size="small"
                  options={[] as string[]}
                  value={(field.value as string[]) ?? []}
                  onChange={(_, v) => field.onChange([...new Set(v.map((t) => t.trim()).filter(Boolean))])}
                  renderValue={(v, getItemProps) =>
                    v.map((option, index) => {
                      const { key, ...itemProps } = getItemProps({ index });
                      return <Chip key={key} size="small" label={option} {...itemProps} />;
                    })
                  }
                  sx={span}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label={spec.label}
                      error={Boolean(error)}
                      helperText={error ?? spec.helper ?? "Press Enter after each tag"}
                    />
                  )}
                />
              );
            }
            return (
              <TextField
                size="small"
                label={spec.label}
                required={spec.required}
                select={spec.kind === "select"}
                type={INPUT_TYPES[spec.kind] ?? "text"}
                multiline={spec.kind === "multiline"}
                minRows={spec.kind === "multiline" ? 3 : undefined}
                value={(field.value as string) ?? ""}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                name={field.name}
                error={Boolean(error)}
                helperText={error ?? spec.helper}
                sx={span}
                slotProps={{
                  inputLabel: { shrink: true },
                  htmlInput:
                    spec.kind === "percent" ? { min: 0, max: 100, step: 1 } : spec.kind === "number" ? { min: 0, step: "0.01" } : undefined,
                  input: spec.kind === "percent" ? { endAdornment: <InputAdornment position="end">%</InputAdornment> } : undefined,
                }}
              >
                {spec.kind === "select" &&
                  (spec.options ?? []).map((o) => (
                    <MenuItem key={o.value} value={o.value}>
                      {o.label}
                    </MenuItem>
                  ))}
              </TextField>
            );
          }}
        />
      ))}
    </Box>
  );
}
