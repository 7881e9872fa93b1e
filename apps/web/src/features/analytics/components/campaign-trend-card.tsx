/**
 * Trends on the analytics page: the server keeps day series per campaign, so the page charts the
 * campaign picked here (the one with most replies first).
 */
import { Box, MenuItem, Stack, TextField } from "@mui/material";
import { useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { useCampaignTrends } from "../../campaigns/api/use-campaign-details.ts";
import { useCampaignList } from "../../campaigns/api/use-campaigns.ts";
import { TrendChart } from "../../campaigns/components/trend-chart.tsx";

export function CampaignTrendCard({ preferred }: { preferred: string | undefined }) {
  const list = useCampaignList({ page: 1, per_page: 100, sort_by: "updated_at", sort_order: "desc" });
  const [picked, setPicked] = useState("");
  const [days, setDays] = useState(30);
  const options = (list.data?.campaigns ?? []).filter((c) => c.status !== "draft");
  const id = picked || preferred || options[0]?.id || "";
  return (
    <Stack spacing={1}>
      <Box>
        <TextField
          select
          size="small"
          label="Trend of campaign"
          value={id}
          onChange={(e) => setPicked(e.target.value)}
          sx={{ minWidth: 280 }}
          disabled={options.length === 0}
        >
          {options.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {id ? <Trend id={id} days={days} onDaysChange={setDays} /> : null}
    </Stack>
  );
}

function Trend({ id, days, onDaysChange }: { id: string; days: number; onDaysChange: (d: number) => void }) {
  const trends = useCampaignTrends(id, days);
  return (
    <TrendChart
      series={trends.data?.series}
      timezone={trends.data?.timezone}
      days={days}
      onDaysChange={onDaysChange}
      loading={trends.isFetching}
      error={trends.isError ? errorMessage(trends.error) : null}
    />
  );
}
