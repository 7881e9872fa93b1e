/**
 * Search and filters above the lead grid: the search box updates at once (the list follows 300 ms
 * after typing stops), status, source and email-status pick lists, and free-typed tags.
 */
import Search from "@mui/icons-material/Search";
import { Autocomplete, Box, Button, Chip, InputAdornment, MenuItem, TextField } from "@mui/material";
import { EmailStatus, LeadSource, LeadStatus } from "@prospector/contracts";
import { EMAIL_STATUS_LABELS, STATUS_LABELS, sourceLabel } from "../lib/lead-labels.ts";
import type { LeadFilterState } from "../lib/lead-list-params.ts";

interface Props {
  filters: LeadFilterState;
  onChange: (next: LeadFilterState) => void;
}

function MultiSelect({
  label,
  value,
  options,
  optionLabel,
  onChange,
}: {
  label: string;
  value: string[];
  options: readonly string[];
  optionLabel: (v: string) => string;
  onChange: (v: string[]) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      sx={{ minWidth: 160 }}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) => (selected as string[]).map(optionLabel).join(", "),
        },
      }}
      onChange={(e) => {
        const v = e.target.value as unknown as string[] | string;
        onChange(typeof v === "string" ? v.split(",") : v);
      }}
    >
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          {optionLabel(o)}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function LeadFiltersBar({ filters, onChange }: Props) {
  const set = <K extends keyof LeadFilterState>(key: K, value: LeadFilterState[K]) => onChange({ ...filters, [key]: value });
  const active = filters.status.length + filters.source.length + filters.tag.length + filters.email_status.length > 0;
  return (
    <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap", alignItems: "center" }}>
      <TextField
        size="small"
        label="Search leads"
        placeholder="Name, email, company…"
        value={filters.search}
        onChange={(e) => set("search", e.target.value)}
        sx={{ minWidth: 240, flex: "1 1 240px", maxWidth: 360 }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <MultiSelect
        label="Status"
        value={filters.status}
        options={LeadStatus.options}
        optionLabel={(v) => STATUS_LABELS[v as LeadStatus] ?? v}
        onChange={(v) => set("status", v)}
      />
      <MultiSelect
        label="Source"
        value={filters.source}
        options={LeadSource.options}
        optionLabel={sourceLabel}
        onChange={(v) => set("source", v)}
      />
      <MultiSelect
        label="Email status"
        value={filters.email_status}
        options={EmailStatus.options}
        optionLabel={(v) => EMAIL_STATUS_LABELS[v as EmailStatus] ?? v}
        onChange={(v) => set("email_status", v)}
      />
      <Autocomplete
        multiple
        freeSolo
        size="small"
        options={[] as string[]}
        value={filters.tag}
        onChange={(_, v) => set("tag", v.map((t) => t.trim()).filter(Boolean))}
        renderValue={(value, getItemProps) =>
          value.map((option, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            return <Chip key={key} size="small" label={option} {...itemProps} />;
          })
        }
        renderInput={(params) => <TextField {...params} label="Tags" placeholder={filters.tag.length ? "" : "Type a tag, Enter"} />}
        sx={{ minWidth: 200 }}
      />
      {active && (
        <Button size="small" onClick={() => onChange({ ...filters, status: [], source: [], tag: [], email_status: [] })}>
          Clear filters
        </Button>
      )}
    </Box>
  );
}
