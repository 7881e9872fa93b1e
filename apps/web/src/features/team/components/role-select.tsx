/** A role picker over the role catalogue, highest role first. */
import { MenuItem, TextField, type TextFieldProps } from "@mui/material";
import { ROLE_OPTIONS } from "../lib/team-labels.ts";

export function RoleSelect({
  value,
  onChange,
  label = "Role",
  ...rest
}: { value: string; onChange: (role: string) => void } & Omit<TextFieldProps, "onChange" | "value" | "select">) {
  return (
    <TextField select label={label} value={value} onChange={(e) => onChange(e.target.value)} {...rest}>
      {ROLE_OPTIONS.map((r) => (
        <MenuItem key={r.id} value={r.id}>
          {r.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
