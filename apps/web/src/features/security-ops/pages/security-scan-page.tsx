/**
 * /threat-detection/scan: How well is this workspace configured against attack, and what should we
 * fix first? (docs/security-incidents.md, "Configuration scan")
 */
import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from "@mui/material";
import { errorMessage } from "../../../lib/errors.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { PageIntro } from "../../../ui/page-intro.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useRecordScan, useScan, useScanHistory } from "../api/use-scan.ts";
import { ScanChecks } from "../components/scan-checks.tsx";
import { ScanHistoryCard } from "../components/scan-history.tsx";

const QUESTION = "How well is this workspace configured against attack, and what should we fix first?";

const scoreColor = (s: number) => (s >= 80 ? "success.main" : s >= 50 ? "warning.main" : "error.main");

export default function SecurityScanPage() {
  const scan = useScan();
  const history = useScanHistory();
  const record = useRecordScan();
  const toast = useToast();
  const data = scan.data;

  return (
    <Stack spacing={3}>
      <PageIntro
        question={QUESTION}
        summary="Checked live against this workspace's members, keys, invitations and inboxes and the server's settings; no secret is shown."
        actions={
          <Button
            variant="contained"
            disabled={record.isPending || !data}
            onClick={() => record.mutate(undefined, { onSuccess: (r) => toast.success(`Scan recorded: score ${r.score}`) })}
          >
            Record this scan
          </Button>
        }
      />
      {record.isError && <Alert severity="error">{errorMessage(record.error)}</Alert>}
      {scan.isLoading ? (
        <LinearProgress aria-label="Running the checks" />
      ) : scan.isError || !data ? (
        <LoadError error={scan.error} onRetry={() => scan.refetch()} />
      ) : (
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "260px minmax(0, 1fr)" }, alignItems: "start" }}>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="overline">Security score</Typography>
              <Typography
                variant="h2"
                aria-label={`Score ${data.score} out of 100`}
                sx={{ color: scoreColor(data.score), fontWeight: 700 }}
              >
                {data.score}
              </Typography>
              <Typography variant="body2" color="textSecondary">
                out of 100 · {data.checks.filter((c) => c.status === "fail").length} failing,{" "}
                {data.checks.filter((c) => c.status === "warn").length} warnings, {data.checks.filter((c) => c.status === "pass").length}{" "}
                passing
              </Typography>
              <Typography variant="caption" color="textSecondary">
                A check counts its full weight when it passes, half on a warning, nothing when it fails.
              </Typography>
            </CardContent>
          </Card>
          <ScanChecks checks={data.checks} />
        </Box>
      )}
      {history.isError ? (
        <LoadError error={history.error} onRetry={() => history.refetch()} />
      ) : (
        history.data && <ScanHistoryCard runs={history.data.items} />
      )}
    </Stack>
  );
}
