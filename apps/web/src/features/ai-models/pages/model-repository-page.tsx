/**
 * /ai-tools/model-repository: Every version of our models: what data trained each one, and how did it score?
 * Every version per model with its window, examples, metrics; two versions compared side by side (docs/ai/models.md).
 */
import {
  Button,
  Checkbox,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import type { TrainedModelTask } from "@prospector/contracts";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { formatUtcDateTime } from "../../../lib/format.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useVersions } from "../api/use-ai-models.ts";
import { fmtAuc, TASK_LABEL, windowOf } from "../components/model-format.ts";
import { VersionCompare } from "../components/version-compare.tsx";

const QUESTION = "Every version of our models: what data trained each one, and how did it score?";
const PER_PAGE = 25;

export default function ModelRepositoryPage() {
  const [task, setTask] = useState<TrainedModelTask>("lead_score");
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [picked, setPicked] = useState<number[]>([]);
  const q = useVersions(task, cursors.at(-1), PER_PAGE);
  const page = q.data;
  const toggle = (v: number) => setPicked((p) => (p.includes(v) ? p.filter((x) => x !== v) : [...p.slice(-1), v]));
  const [a, b] = [...picked].sort((x, y) => x - y);
  return (
    <Stack spacing={3}>
      <PageIntro
        question={QUESTION}
        summary="Each version with the sends it learnt from, how many examples and positives, its AUC per fold and its size. Tick two to compare them."
        actions={
          <ToggleButtonGroup
            size="small"
            exclusive
            value={task}
            aria-label="Model"
            onChange={(_, v: TrainedModelTask | null) => {
              if (!v) return;
              setTask(v);
              setCursors([undefined]);
              setPicked([]);
            }}
          >
            <ToggleButton value="lead_score">{TASK_LABEL.lead_score}</ToggleButton>
            <ToggleButton value="send_time">{TASK_LABEL.send_time}</ToggleButton>
          </ToggleButtonGroup>
        }
      />
      {q.isPending ? (
        <LoadingScreen />
      ) : q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !page!.items.length && cursors.length === 1 ? (
        <EmptyState
          title="No model yet"
          hint={
            task === "lead_score"
              ? "Send campaigns and train on /predictive-analytics: every training adds a version here."
              : "Send campaigns, then train the send-time model on the model registry: every training adds a version here."
          }
        >
          <Button
            variant="contained"
            component={RouterLink}
            to={task === "lead_score" ? "/predictive-analytics" : "/ai-tools/mlops-registry"}
          >
            {task === "lead_score" ? "Go to /predictive-analytics" : "Go to the registry"}
          </Button>
        </EmptyState>
      ) : (
        <>
          <TableContainer sx={{ border: 1, borderColor: "divider", borderRadius: 1, overflowX: "auto" }}>
            <Table size="small" aria-label="Model versions">
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox">Compare</TableCell>
                  <TableCell>Version</TableCell>
                  <TableCell>Training window</TableCell>
                  <TableCell align="right">Examples</TableCell>
                  <TableCell align="right">Positives</TableCell>
                  <TableCell align="right">AUC</TableCell>
                  <TableCell>Fold AUCs</TableCell>
                  <TableCell align="right">Weights</TableCell>
                  <TableCell>Trained</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {page!.items.map((v) => (
                  <TableRow key={v.id} selected={picked.includes(v.version)}>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={picked.includes(v.version)}
                        onChange={() => toggle(v.version)}
                        slotProps={{ input: { "aria-label": `Compare v${v.version}` } }}
                      />
                    </TableCell>
                    <TableCell>
                      v{v.version} {v.status === "active" && <Chip size="small" color="success" label="live" />}
                    </TableCell>
                    <TableCell>{windowOf(v)}</TableCell>
                    <TableCell align="right">{v.n.toLocaleString()}</TableCell>
                    <TableCell align="right">{v.positives.toLocaleString()}</TableCell>
                    <TableCell align="right">{fmtAuc(v.cv_auc)}</TableCell>
                    <TableCell>{v.fold_aucs.map(fmtAuc).join(", ")}</TableCell>
                    <TableCell align="right">{v.size}</TableCell>
                    <TableCell>
                      {formatUtcDateTime(v.trained_at)}
                      {v.trained_by ? ` by ${v.trained_by}` : ""}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <Button size="small" disabled={cursors.length === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
              Newer
            </Button>
            <Button size="small" disabled={!page!.next_cursor} onClick={() => setCursors((c) => [...c, page!.next_cursor ?? undefined])}>
              Older
            </Button>
            <Typography variant="body2" color="textSecondary">
              {picked.length < 2 ? "Tick two versions to compare them." : ""}
            </Typography>
          </Stack>
          {a !== undefined && b !== undefined && <VersionCompare task={task} a={a} b={b} />}
        </>
      )}
    </Stack>
  );
}
