/** Export options (outreach-core §3 "Export options"): what to include, date range, format, compression and file splitting. */
import { Checkbox, FormControlLabel, FormGroup, FormHelperText, Grid, MenuItem, TextField } from "@mui/material";
import { DEFAULT_EXPORT_MAX_FILE_SIZE_MB, type ExportFormat } from "@prospector/contracts";

export interface ExportOptionsDraft {
  includePersonalData: boolean;
  includeCampaignData: boolean;
  includeAnalyticsData: boolean;
  includeSystemLogs: boolean;
  from: string;
  to: string;
  format: ExportFormat;
  compression: "none" | "zip";
  splitLargeFiles: boolean;
  maxFileSize: number;
}

export const DEFAULT_EXPORT_DRAFT: ExportOptionsDraft = {
  includePersonalData: true,
  includeCampaignData: false,
  includeAnalyticsData: false,
  includeSystemLogs: false,
  from: "",
  to: "",
  format: "json",
  compression: "zip",
  splitLargeFiles: false,
  maxFileSize: DEFAULT_EXPORT_MAX_FILE_SIZE_MB,
};

/** The request body: dates become the start and end of those days in UTC. */
export function toExportOptions(d: ExportOptionsDraft) {
  const from = d.from ? `${d.from}T00:00:00.000Z` : null;
  const to = d.to ? `${d.to}T23:59:59.999Z` : null;
  return {
    includePersonalData: d.includePersonalData,
    includeCampaignData: d.includeCampaignData,
    includeAnalyticsData: d.includeAnalyticsData,
    includeSystemLogs: d.includeSystemLogs,
    dateRange: from || to ? { from, to } : null,
    format: d.format,
    compression: d.compression,
    splitLargeFiles: d.splitLargeFiles,
    maxFileSize: d.maxFileSize,
  };
}

export function checkExportDraft(d: ExportOptionsDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!d.includePersonalData && !d.includeCampaignData && !d.includeAnalyticsData && !d.includeSystemLogs) {
    errors.includePersonalData = "Choose at least one kind of data";
  }
  if (d.from && d.to && d.from > d.to) errors["dateRange.to"] = "The start must be before the end";
  if (d.splitLargeFiles && !(d.maxFileSize >= 0.01)) errors.maxFileSize = "At least 0.01 MB";
  return errors;
}

const KINDS: Array<{ key: keyof ExportOptionsDraft; label: string }> = [
  { key: "includePersonalData", label: "Personal data (profile, leads)" },
  { key: "includeCampaignData", label: "Campaign data" },
  { key: "includeAnalyticsData", label: "Analytics data" },
  { key: "includeSystemLogs", label: "System logs (access and audit log)" },
];

export function ExportOptionsForm({
  value,
  onChange,
  errorFor,
}: {
  value: ExportOptionsDraft;
  onChange: (next: ExportOptionsDraft) => void;
  errorFor: (field: string) => string | undefined;
}) {
  const set = <K extends keyof ExportOptionsDraft>(key: K, v: ExportOptionsDraft[K]) => onChange({ ...value, [key]: v });
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormGroup>
          {KINDS.map((k) => (
            <FormControlLabel
              key={k.key}
              control={<Checkbox checked={value[k.key] as boolean} onChange={(e) => set(k.key, e.target.checked as never)} />}
              label={k.label}
            />
          ))}
        </FormGroup>
        {errorFor("includePersonalData") && (
          <FormHelperText error role="alert">
            {errorFor("includePersonalData")}
          </FormHelperText>
        )}
      </Grid>
      <Grid size={{ xs: 12, md: 6 }} container spacing={2}>
        <Grid size={6}>
          <TextField
            label="From"
            type="date"
            fullWidth
            value={value.from}
            onChange={(e) => set("from", e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            error={Boolean(errorFor("dateRange.from"))}
            helperText={errorFor("dateRange.from")}
          />
        </Grid>
        <Grid size={6}>
          <TextField
            label="To"
            type="date"
            fullWidth
            value={value.to}
            onChange={(e) => set("to", e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            error={Boolean(errorFor("dateRange.to"))}
            helperText={errorFor("dateRange.to")}
          />
        </Grid>
        <Grid size={6}>
          <TextField select label="Format" fullWidth value={value.format} onChange={(e) => set("format", e.target.value as ExportFormat)}>
            <MenuItem value="csv">CSV</MenuItem>
            <MenuItem value="json">JSON</MenuItem>
            <MenuItem value="xlsx">Excel (XLSX)</MenuItem>
          </TextField>
        </Grid>
        <Grid size={6}>
          <TextField
            select
            label="Compression"
            fullWidth
            value={value.compression}
            onChange={(e) => set("compression", e.target.value as "none" | "zip")}
          >
            <MenuItem value="zip">ZIP</MenuItem>
            <MenuItem value="none">None</MenuItem>
          </TextField>
        </Grid>
        <Grid size={6}>
          <FormControlLabel
            control={<Checkbox checked={value.splitLargeFiles} onChange={(e) => set("splitLargeFiles", e.target.checked)} />}
            label="Split large files"
          />
        </Grid>
        <Grid size={6}>
          <TextField
            label="Max file size (MB)"
            type="number"
            fullWidth
            disabled={!value.splitLargeFiles}
            value={value.maxFileSize}
            onChange={(e) => set("maxFileSize", Number(e.target.value))}
            error={Boolean(errorFor("maxFileSize"))}
            helperText={errorFor("maxFileSize")}
            slotProps={{ htmlInput: { min: 0.01, step: "any" } }}
          />
        </Grid>
      </Grid>
    </Grid>
  );
}
