/** "All campaigns" or one of the workspace's campaigns. */
import { MenuItem, TextField } from "@mui/material";
import { useCampaignOptions } from "../api/use-optimization.ts";

export function CampaignFilter({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const campaigns = useCampaignOptions();
  return (
    <TextField
      select
      size="small"
      label="Campaign"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 180 }}
    >
      <MenuItem value="">All campaigns</MenuItem>
      {(campaigns.data?.campaigns ?? []).map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
