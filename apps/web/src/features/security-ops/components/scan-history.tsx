/** The recorded runs' score over time (chart with a table view). */
import { Typography } from "@mui/material";
import { LineChart } from "@mui/x-charts/LineChart";
import type { ScanRun } from "@prospector/contracts";
import { ChartCard } from "../../../ui/charts/chart-card.tsx";

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

export function ScanHistoryCard({ runs }: { runs: ScanRun[] }) {
  const ordered = [...runs].reverse();
  return (
    <ChartCard
      title="Score history"
      subheader="Each recorded run, oldest to newest"
      table={{
        columns: [
          { key: "at", label: "Run" },
          { key: "score", label: "Score", numeric: true },
          { key: "failed", label: "Failing", numeric: true },
          { key: "warned", label: "Warnings", numeric: true },
          { key: "by", label: "By" },
        ],
        rows: runs.map((r) => ({ at: when(r.created_at), score: r.score, failed: r.failed, warned: r.warned, by: r.ran_by?.name ?? "—" })),
      }}
      empty={
        runs.length === 0 ? (
          <Typography color="textSecondary">
            No run recorded yet: “Record this scan” keeps today's score so you can see it change.
          </Typography>
        ) : undefined
      }
    >
      <LineChart
        height={220}
        xAxis={[{ scaleType: "point", data: ordered.map((r) => when(r.created_at)) }]}
        yAxis={[{ min: 0, max: 100 }]}
        series={[{ data: ordered.map((r) => r.score), label: "Score" }]}
      />
    </ChartCard>
  );
}
