/**
 * /ai-tools/deployment-pipeline: Which version of each model is deployed, what changed, and how do I promote or roll back?
 * Promote a version, roll back to the one before, and the history of both (docs/ai/models.md).
 */
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import type { AiModelVersion, TrainedModelTask } from "@prospector/contracts";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { usePermissions } from "../../../app/permissions/index.ts";
import { formatUtcDateTime } from "../../../lib/format.ts";
import { ConfirmDialog } from "../../../ui/confirm-dialog.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useDeployments, useRegistry, useRollback, useVersions } from "../api/use-ai-models.ts";
import { DeployDialog } from "../components/deploy-dialog.tsx";
import { fmtAuc, TASK_LABEL, windowOf } from "../components/model-format.ts";

const QUESTION = "Which version of each model is deployed, what changed, and how do I promote or roll back?";
const TASKS: TrainedModelTask[] = ["lead_score", "send_time"];

function TaskCard({ task, floor }: { task: TrainedModelTask; floor: number }) {
  const canDeploy = usePermissions().can("analytics:update");
  const q = useVersions(task, undefined, 10);
  const rollback = useRollback();
  const toast = useToast();
  const [deploying, setDeploying] = useState<AiModelVersion | null>(null);
  const [confirmRollback, setConfirmRollback] = useState(false);
  const items = q.data?.items ?? [];
  const live = items.find((v) => v.status === "active");
  return (
    <Card variant="outlined" component="section" aria-label={TASK_LABEL[task]}>
      <CardHeader
        title={TASK_LABEL[task]}
        subheader={live ? `v${live.version} is live · AUC ${fmtAuc(live.cv_auc)} · trained on ${windowOf(live)}` : "No version is live"}
        slotProps={{ title: { variant: "subtitle1", component: "h3" } }}
        action={
          canDeploy && live && items.length > 1 ? (
            <Button size="small" color="warning" onClick={() => setConfirmRollback(true)}>
              Roll back
            </Button>
          ) : undefined
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {q.isError ? (
          <LoadError error={q.error} onRetry={() => void q.refetch()} />
        ) : !items.length ? (
          <Typography color="textSecondary">
            {task === "lead_score"
              ? "No model yet: send campaigns and train on /predictive-analytics."
              : "No model yet: train it on the model registry."}
          </Typography>
        ) : (
          <Table size="small" aria-label={`${TASK_LABEL[task]} versions`}>
            <TableHead>
              <TableRow>
                <TableCell>Version</TableCell>
                <TableCell align="right">AUC</TableCell>
                <TableCell align="right">Examples</TableCell>
                <TableCell>Trained</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((v) => (
                <TableRow key={v.id}>
                  <TableCell>
                    v{v.version} {v.status === "active" && <Chip size="small" color="success" label="live" />}
                  </TableCell>
                  <TableCell align="right">
                    {fmtAuc(v.cv_auc)}
                    {(v.cv_auc === null || v.cv_auc < floor) && <Chip size="small" color="warning" label="below floor" sx={{ ml: 1 }} />}
                  </TableCell>
                  <TableCell align="right">{v.n.toLocaleString()}</TableCell>
                  <TableCell>{formatUtcDateTime(v.trained_at)}</TableCell>
                  <TableCell align="right">
                    {canDeploy && v.status !== "active" && (
                      <Button size="small" onClick={() => setDeploying(v)} aria-label={`Deploy v${v.version}`}>
                        Deploy
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      {deploying && <DeployDialog version={deploying} floor={floor} onClose={() => setDeploying(null)} />}
      <ConfirmDialog
        open={confirmRollback}
        title={`Roll back ${TASK_LABEL[task]}?`}
        confirmLabel="Roll back"
        pending={rollback.isPending}
        error={rollback.error ?? undefined}
        onClose={() => setConfirmRollback(false)}
        onConfirm={() =>
          rollback.mutate(
            { task, reason: "Rolled back from the deployment pipeline" },
            {
              onSuccess: (r) => {
                toast.success(`Rolled back: v${r.live.version} is live`);
                setConfirmRollback(false);
              },
            },
          )
        }
      >
        The version that was live before v{live?.version} goes live again; every lead is rescored with it.
      </ConfirmDialog>
    </Card>
  );
}

function History() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const q = useDeployments(null, cursors.at(-1), 20);
  if (q.isPending) return null;
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  const page = q.data;
  return (
    <Card variant="outlined" component="section" aria-label="Deployment history">
      <CardHeader title="Deployment history" slotProps={{ title: { variant: "subtitle1", component: "h3" } }} />
      <CardContent sx={{ pt: 0 }}>
        {!page.items.length ? (
          <Typography color="textSecondary">
            No deployment yet: every training makes its version live; deploys and rollbacks show here.
          </Typography>
        ) : (
          <TableContainer sx={{ overflowX: "auto" }}>
            <Table size="small" aria-label="Deployments">
              <TableHead>
                <TableRow>
                  <TableCell>When</TableCell>
                  <TableCell>Model</TableCell>
                  <TableCell>Action</TableCell>
                  <TableCell>From</TableCell>
                  <TableCell>To</TableCell>
                  <TableCell>Who</TableCell>
                  <TableCell>Reason</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {page.items.map((d) => (
                  <TableRow key={d.id}>
                    <TableCell>{formatUtcDateTime(d.at)}</TableCell>
                    <TableCell>{TASK_LABEL[d.task]}</TableCell>
                    <TableCell>
                      {d.action}
                      {d.forced && <Chip size="small" color="warning" label="forced" sx={{ ml: 1 }} />}
                    </TableCell>
                    <TableCell>{d.from_version === null ? "—" : `v${d.from_version}`}</TableCell>
                    <TableCell>v{d.to_version}</TableCell>
                    <TableCell>{d.by ?? "—"}</TableCell>
                    <TableCell>{d.reason || "—"}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button size="small" disabled={cursors.length === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
            Newer
          </Button>
          <Button size="small" disabled={!page.next_cursor} onClick={() => setCursors((c) => [...c, page.next_cursor ?? undefined])}>
            Older
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

export default function DeploymentPipelinePage() {
  const reg = useRegistry();
  return (
    <Stack spacing={3}>
      <PageIntro
        question={QUESTION}
        summary={`A training makes its version live. Here you promote another version or roll back to the one before; a version whose AUC is below ${reg.data?.auc_floor ?? "the floor"} needs force and a reason.`}
      />
      {reg.isPending ? (
        <LoadingScreen />
      ) : reg.isError ? (
        <LoadError error={reg.error} onRetry={() => void reg.refetch()} />
      ) : (
        <>
          {!reg.data.tasks.some((t) => t.trainable && t.versions > 0) && (
            <EmptyState
              title="No model yet"
              hint="Send campaigns and train on /predictive-analytics: each training adds a version you can deploy or roll back."
            >
              <Button variant="contained" component={RouterLink} to="/predictive-analytics">
                Go to /predictive-analytics
              </Button>
            </EmptyState>
          )}
          {TASKS.map((t) => (
            <TaskCard key={t} task={t} floor={reg.data.auc_floor} />
          ))}
          <History />
        </>
      )}
    </Stack>
  );
}
