/**
 * /ai-tools/mlops-registry: Which model is live for each task, and how good is it?
 * Per task, the live version, its metric, data window, size and who trained it when (docs/ai/models.md).
 */
import {
  Alert,
  Button,
  Chip,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import type { RegistryEntry } from "@prospector/contracts";
import { useEffect, useState } from "react";
import { Link as RouterLink } from "react-router";
import { usePermissions } from "../../../app/permissions/index.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { formatUtcDateTime } from "../../../lib/format.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useRegistry, useTrainSendTime } from "../api/use-ai-models.ts";
import { fmtAuc, fmtPct, windowOf } from "../components/model-format.ts";

const QUESTION = "Which model is live for each task, and how good is it?";

function Metric({ entry }: { entry: RegistryEntry }) {
  if (entry.live) return <>AUC {fmtAuc(entry.live.cv_auc)}</>;
  if (entry.builtin)
    return (
      <>
        Accuracy {fmtPct(entry.builtin.accuracy)} · agreement {fmtPct(entry.builtin.agreement)}
      </>
    );
  return <>—</>;
}

function TrainAction({ entry, onTrained }: { entry: RegistryEntry; onTrained: () => void }) {
  const can = usePermissions().can;
  const train = useTrainSendTime();
  const toast = useToast();
  if (entry.task === "lead_score")
    return (
      <Button size="small" component={RouterLink} to="/predictive-analytics">
        Train
      </Button>
    );
  if (entry.task !== "send_time" || !can("analytics:update")) return null;
  return (
    <Button
      size="small"
      disabled={train.isPending}
      onClick={() =>
        train.mutate(
          { days: 180 },
          {
            onSuccess: () => {
              toast.success("Training the send-time model on the last 180 days of sends");
              onTrained();
            },
            onError: (err) => toast.error(errorMessage(err)),
          },
        )
      }
    >
      Train
    </Button>
  );
}

export default function MlopsRegistryPage() {
  // While a send-time training runs: the version count it started from, polled until it grows (at most two minutes).
  const [waiting, setWaiting] = useState<{ versions: number; since: number } | null>(null);
  const q = useRegistry({ poll: waiting !== null });
  const data = q.data;
  const sendTimeVersions = data?.tasks.find((t) => t.task === "send_time")?.versions ?? 0;
  useEffect(() => {
    if (waiting && (sendTimeVersions > waiting.versions || Date.now() - waiting.since > 120_000)) setWaiting(null);
  }, [waiting, sendTimeVersions]);
  return (
    <Stack spacing={3}>
      <PageIntro
        question={QUESTION}
        summary="Each task's live version: how well it ranks outcomes it did not see (AUC: 0.5 is chance, 1 is perfect), the data it learnt from, and who trained it."
      />
      {q.isPending ? (
        <LoadingScreen />
      ) : q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <>
          {!data!.tasks.some((t) => t.live) && (
            <EmptyState
              title="No model yet"
              hint="Send campaigns and train the lead-scoring model on /predictive-analytics; the send-time model trains here once 200 messages are delivered."
            >
              <Button variant="contained" component={RouterLink} to="/predictive-analytics">
                Go to /predictive-analytics
              </Button>
            </EmptyState>
          )}
          <TableContainer sx={{ border: 1, borderColor: "divider", borderRadius: 1, overflowX: "auto" }}>
            <Table size="small" aria-label="Models by task">
              <TableHead>
                <TableRow>
                  <TableCell>Task</TableCell>
                  <TableCell>Live version</TableCell>
                  <TableCell>Metric</TableCell>
                  <TableCell>Training data</TableCell>
                  <TableCell align="right">Examples</TableCell>
                  <TableCell align="right">Size</TableCell>
                  <TableCell>Trained</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {data!.tasks.map((t) => (
                  <TableRow key={t.task}>
                    <TableCell>
                      <Typography variant="body2" sx={{ fontWeight: 500 }}>
                        {t.label}
                      </Typography>
                      <Typography variant="caption" color="textSecondary">
                        {t.metric}
                      </Typography>
                    </TableCell>
                    {t.live ? (
                      <>
                        <TableCell>
                          v{t.live.version} <Typography variant="caption">of {t.versions}</Typography>
                        </TableCell>
                        <TableCell>
                          <Metric entry={t} />
                          {t.live.cv_auc !== null && t.live.cv_auc < data!.auc_floor && (
                            <Chip size="small" color="warning" label={`below ${data!.auc_floor}`} sx={{ ml: 1 }} />
                          )}
                        </TableCell>
                        <TableCell>{windowOf(t.live)}</TableCell>
                        <TableCell align="right">
                          {t.live.n.toLocaleString()} ({t.live.positives.toLocaleString()} replied)
                        </TableCell>
                        <TableCell align="right">{t.live.size} weights</TableCell>
                        <TableCell>
                          {formatUtcDateTime(t.live.trained_at)}
                          {t.live.trained_by ? ` by ${t.live.trained_by}` : ""}
                        </TableCell>
                        <TableCell>
                          <Chip size="small" color="success" label="live" />
                        </TableCell>
                      </>
                    ) : t.builtin ? (
                      <>
                        <TableCell>built-in {t.builtin.version}</TableCell>
                        <TableCell>
                          <Metric entry={t} />
                        </TableCell>
                        <TableCell>test corpus of {t.builtin.corpus_size}</TableCell>
                        <TableCell align="right">
                          {t.builtin.classified.toLocaleString()} classified, {t.builtin.corrections.toLocaleString()} corrected
                        </TableCell>
                        <TableCell align="right">—</TableCell>
                        <TableCell>built in</TableCell>
                        <TableCell>
                          <Chip size="small" color="success" label="live" />
                        </TableCell>
                      </>
                    ) : (
                      <TableCell colSpan={7}>
                        <Alert severity="info" sx={{ py: 0 }}>
                          {t.empty_reason}
                        </Alert>
                      </TableCell>
                    )}
                    <TableCell>
                      {t.trainable && <TrainAction entry={t} onTrained={() => setWaiting({ versions: t.versions, since: Date.now() })} />}
                      {t.trainable && t.versions > 0 && (
                        <Link component={RouterLink} to="/ai-tools/model-repository" variant="body2" sx={{ ml: 1 }}>
                          Versions
                        </Link>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
    </Stack>
  );
}
