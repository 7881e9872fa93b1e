/** Search, status chips (several at once) and the creation-date range of the campaign list. */
import Clear from "@mui/icons-material/Clear";
import Search from "@mui/icons-material/Search";
import { Box, Button, Chip, InputAdornment, Stack, TextField } from "@mui/material";
import { CampaignStatus } from "@prospector/contracts";
import { STATUS_LABELS } from "../lib/campaign-labels.ts";
import { type CampaignFilterState, dateRangeError, hasFilters } from "../lib/campaign-list-params.ts";

interface Props {
  filters: CampaignFilterState;
  onChange: (next: CampaignFilterState) => void;
}

export function CampaignFiltersBar({ filters, onChange }: Props) {
  const set = (patch: Partial<CampaignFilterState>) => onChange({ ...filters, ...patch, page: 1 });
  const toggle = (s: CampaignStatus) =>
    set({ status: filters.status.includes(s) ? filters.status.filter((x) => x !== s) : [...filters.status, s] });
  const rangeError = dateRangeError(filters);
  return (
    <Stack spacing={1.5}>
      <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap", alignItems: "flex-start" }}>
        <TextField
          size="small"
          placeholder="Search by name or subject"
          value={filters.search}
          onChange={(e) => set({ search: e.target.value })}
          sx={{ flex: 1, minWidth: 220 }}
          slotProps={{
            htmlInput: { "aria-label": "Search campaigns" },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <TextField
          size="small"
          type="date"
          label="Created from"
          value={filters.date_from}
          onChange={(e) => set({ date_from: e.target.value })}
          error={Boolean(rangeError)}
          helperText={rangeError}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label="Created to"
          value={filters.date_to}
          onChange={(e) => set({ date_to: e.target.value })}
          error={Boolean(rangeError)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {hasFilters(filters) && (
          <Button
            startIcon={<Clear />}
            onClick={() => onChange({ ...filters, search: "", status: [], date_from: "", date_to: "", page: 1 })}
            sx={{ mt: 0.25 }}
          >
            Clear filters
          </Button>
        )}
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }} role="group" aria-label="Filter by status">
        {CampaignStatus.options.map((s) => {
          const on = filters.status.includes(s);
          return (
            <Chip
              key={s}
              label={STATUS_LABELS[s]}
              color={on ? "primary" : "default"}
              variant={on ? "filled" : "outlined"}
              onClick={() => toggle(s)}
              aria-pressed={on}
            />
          );
        })}
      </Stack>
    </Stack>
  );
}
