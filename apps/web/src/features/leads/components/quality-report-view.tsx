/**
 * The data-quality report: totals, completeness per field, email status breakdown, score
 * distribution, duplicates (with the merge review) and stale leads. Charts follow the user's
 * reduced-motion setting, which also keeps screenshots still.
 */
import CallMergeOutlined from "@mui/icons-material/CallMergeOutlined";
import { Alert, Box, Button, Card, CardContent, CardHeader, Typography } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { PieChart } from "@mui/x-charts/PieChart";
import type { EmailStatus, QualityReport } from "@prospector/contracts";
import { useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { useQualityReport } from "../api/use-lead-quality.ts";
import { EMAIL_STATUS_LABELS, fieldLabel } from "../lib/lead-labels.ts";
import { MergeDuplicatesDialog } from "./merge-duplicates-dialog.tsx";

const EMAIL_COLORS: Record<EmailStatus, string> = { valid: "#2e7d32", risky: "#ed6c02", invalid: "#d32f2f", unknown: "#9e9e9e" };

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="body2" color="textSecondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p">
          {value}
        </Typography>
        {hint && (
          <Typography variant="caption" color="textSecondary">
            {hint}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

function Report({ report, onMerge }: { report: QualityReport; onMerge: () => void }) {
  const pct = (n: number) => (report.total ? `${Math.round((n / report.total) * 100)}%` : "0%");
  const completeness = [...report.completeness].sort((a, b) => a.percent - b.percent);
  const emailData = (Object.entries(report.email_status) as Array<[EmailStatus, number]>)
    .filter(([, n]) => n > 0)
    .map(([status, n]) => ({ id: status, value: n, label: EMAIL_STATUS_LABELS[status], color: EMAIL_COLORS[status] }));
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(4, 1fr)" } }}>
        <Stat label="Leads" value={report.total.toLocaleString()} />
        <Stat
          label="Without email"
          value={report.leads_without_email.toLocaleString()}
          hint={`${pct(report.leads_without_email)} of leads`}
        />
        <Stat
          label="Duplicates"
          value={report.duplicate_leads.toLocaleString()}
          hint={`${report.duplicate_groups.toLocaleString()} groups to merge`}
        />
        <Stat label="Stale leads" value={report.stale_leads.toLocaleString()} hint={`No activity for ${report.stale_days} days`} />
      </Box>
      {report.duplicate_groups > 0 && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" startIcon={<CallMergeOutlined />} onClick={onMerge}>
              Review and merge
            </Button>
          }
        >
          {`${report.duplicate_leads.toLocaleString()} leads look like duplicates of others.`}
        </Alert>
      )}
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", lg: "3fr 2fr" } }}>
        <Card variant="outlined">
          <CardHeader
            title="Completeness per field"
            subheader="Share of leads with a value"
            slotProps={{ title: { variant: "subtitle1" } }}
          />
          <CardContent>
            <BarChart
              layout="horizontal"
              height={Math.max(240, completeness.length * 28 + 60)}
              yAxis={[{ scaleType: "band", data: completeness.map((c) => fieldLabel(c.field)), width: 120 }]}
              xAxis={[{ min: 0, max: 100, valueFormatter: (v: number) => `${v}%` }]}
              series={[{ data: completeness.map((c) => c.percent), label: "Filled", valueFormatter: (v) => `${v ?? 0}%` }]}
              hideLegend
              aria-label="Completeness per field"
            />
          </CardContent>
        </Card>
        <Box sx={{ display: "grid", gap: 2, alignContent: "start" }}>
          <Card variant="outlined">
            <CardHeader title="Email status" slotProps={{ title: { variant: "subtitle1" } }} />
            <CardContent>
              {emailData.length === 0 ? (
                <Typography color="textSecondary">No emails to check yet.</Typography>
              ) : (
                <PieChart
                  series={[{ data: emailData, innerRadius: 40, paddingAngle: 1 }]}
                  height={220}
                  aria-label="Email status breakdown"
                />
              )}
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardHeader
              title="Score distribution"
              subheader={report.unscored > 0 ? `${report.unscored.toLocaleString()} leads not scored yet` : undefined}
              slotProps={{ title: { variant: "subtitle1" } }}
            />
            <CardContent>
              <BarChart
                height={220}
                xAxis={[{ scaleType: "band", data: report.score_distribution.map((b) => b.bucket) }]}
                yAxis={[{ tickMinStep: 1 }]}
                series={[{ data: report.score_distribution.map((b) => b.count), label: "Leads" }]}
                hideLegend
                aria-label="Score distribution"
              />
            </CardContent>
          </Card>
        </Box>
      </Box>
    </Box>
  );
}

export function QualityReportView() {
  const report = useQualityReport();
  const [merging, setMerging] = useState(false);
  if (report.isPending) return <LoadingScreen />;
  if (report.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => report.refetch()}>
            Try again
          </Button>
        }
      >
        {errorMessage(report.error)}
      </Alert>
    );
  return (
    <>
      {report.data.total === 0 ? (
        <Box sx={{ py: 8, textAlign: "center" }}>
          <Typography variant="subtitle1">No leads yet</Typography>
          <Typography variant="body2" color="textSecondary">
            Import a CSV or start a discovery job; the report fills in as leads arrive.
          </Typography>
        </Box>
      ) : (
        <Report report={report.data} onMerge={() => setMerging(true)} />
      )}
      <MergeDuplicatesDialog open={merging} onClose={() => setMerging(false)} />
    </>
  );
}
