/**
 * /system-monitor (instance admins): What is failing in the background, job queues and error
 * reports, and since when? The queues now and over 24 hours with their failures (retry one or all),
 * the sampled history, and the web app's error reports grouped by type, field and component
 * (docs/operations.md, "System monitor").
 */
import { MenuItem, Stack, TextField } from "@mui/material";
import type { MonitorRange, QueueSummary } from "@prospector/contracts";
import { useState } from "react";
import { PageIntro } from "../../../ui/page-intro.tsx";
import { ErrorGroupDrawer } from "../components/error-group-drawer.tsx";
import { ErrorGroupsCard } from "../components/error-groups-card.tsx";
import { FailuresDrawer } from "../components/failures-drawer.tsx";
import { HistoryCharts } from "../components/history-charts.tsx";
import { RANGES } from "../components/monitor-format.ts";
import { QueuesCard } from "../components/queues-card.tsx";

const QUESTION = "What is failing in the background, job queues and error reports, and since when?";

export default function SystemMonitorPage() {
  const [range, setRange] = useState<MonitorRange>("24h");
  const [queue, setQueue] = useState<QueueSummary | null>(null);
  const [group, setGroup] = useState<string | null>(null);
  return (
    <Stack spacing={3}>
      <PageIntro
        question={QUESTION}
        summary="Queues refresh every 30 seconds; the history and error groups cover the range you pick."
        actions={
          <TextField
            select
            size="small"
            label="Range"
            value={range}
            onChange={(e) => setRange(e.target.value as MonitorRange)}
            sx={{ minWidth: 160 }}
          >
            {RANGES.map((r) => (
              <MenuItem key={r.value} value={r.value}>
                {r.label}
              </MenuItem>
            ))}
          </TextField>
        }
      />
      <QueuesCard onOpen={setQueue} />
      <HistoryCharts range={range} />
      <ErrorGroupsCard range={range} onOpen={setGroup} />
      <FailuresDrawer queue={queue} onClose={() => setQueue(null)} />
      <ErrorGroupDrawer id={group} range={range} onClose={() => setGroup(null)} />
    </Stack>
  );
}
