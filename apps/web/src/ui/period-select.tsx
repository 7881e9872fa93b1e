/** A small select of "Last N days" periods (the value is the number of days). */
import { MenuItem, TextField } from "@mui/material";

export function PeriodSelect({
  value,
  onChange,
  days,
  label = "Period",
  minWidth = 150,
}: {
  value: number;
  onChange: (days: number) => void;
  /** The periods offered, in days. */
  days: readonly number[];
  label?: string;
  minWidth?: number;
}) {
  return (
    <TextField select size="small" label={label} value={value} onChange={(e) => onChange(Number(e.target.value))} sx={{ minWidth }}>
      {days.map((d) => (
        <MenuItem key={d} value={d}>{`Last ${d} days`}</MenuItem>
      ))}
    </TextField>
  );
}
