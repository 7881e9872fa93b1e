/**
 * The CSV import wizard: upload → column mapping (the server's automatic matches preselected) →
 * preview → duplicate policy → progress → result with counts and the error report.
 */
import UploadFile from "@mui/icons-material/UploadFile";
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Step,
  StepLabel,
  Stepper,
  Typography,
} from "@mui/material";
import type { DuplicatePolicy, ImportJob, ImportMapping, ImportPreview } from "@prospector/contracts";
import { useState } from "react";
import { errorMessage } from "../../../../lib/errors.ts";
import { isActiveJob } from "../../api/use-job-progress.ts";
import { useImportJob, useImportPreview, useStartImport } from "../../api/use-lead-import.ts";
import { identifiesLeads } from "../../lib/import-mapping.ts";
import { ImportProgress } from "./import-progress.tsx";
import { MappingStep } from "./mapping-step.tsx";
import { PreviewStep } from "./preview-step.tsx";

const STEPS = ["Upload", "Map columns", "Preview", "Duplicates", "Import"];
const MAX_MB = 50;

// A duplicate is a row with an existing lead's email, or, when one side has no email, the same name at the same company.
const POLICIES: Array<{ value: DuplicatePolicy; label: string; help: string }> = [
  { value: "skip", label: "Skip duplicates", help: "Rows matching an existing lead are left out; existing leads stay as they are." },
  { value: "update", label: "Update existing leads", help: "Rows matching an existing lead fill in and overwrite that lead's fields." },
  {
    value: "keep_both",
    label: "Keep both",
    help: "Rows matching only by name and company become new leads. A row with an email already in use is reported as failed: emails are unique.",
  },
];

export function ImportWizard({ open, onClose, onFinished }: { open: boolean; onClose: () => void; onFinished: () => void }) {
  const [step, setStep] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [policy, setPolicy] = useState<DuplicatePolicy>("skip");
  const [job, setJob] = useState<ImportJob | null>(null);
  const previewCall = useImportPreview();
  const mappedCall = useImportPreview();
  const start = useStartImport();

  const resetAll = () => {
    setStep(0);
    setFile(null);
    setPreview(null);
    setMapping({});
    setPolicy("skip");
    setJob(null);
    previewCall.reset();
    mappedCall.reset();
    start.reset();
  };
  const close = () => {
    if (job) onFinished();
    resetAll();
    onClose();
  };

  const choose = (f: File | undefined) => {
    if (!f) return;
    setFile(f);
    previewCall.mutate(
      { file: f },
      {
        onSuccess: (p) => {
          setPreview(p);
          setMapping(Object.fromEntries(p.headers.map((h) => [h, p.mapping[h] ?? null])));
          setStep(1);
        },
      },
    );
  };

  const begin = () => {
    if (!file) return;
    start.mutate(
      { file, mapping, duplicatePolicy: policy },
      {
        onSuccess: (j) => {
          setJob(j);
          setStep(4);
        },
      },
    );
  };

  const canNext = step === 1 ? identifiesLeads(mapping) : !mappedCall.isPending && !mappedCall.isError;
  const next = () => {
    // The preview is the server's reading of the file with this mapping, not a guess made here.
    if (step === 1 && file) mappedCall.mutate({ file, mapping });
    setStep(step + 1);
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" aria-labelledby="import-title">
      <DialogTitle id="import-title">Import leads from CSV</DialogTitle>
      <DialogContent dividers>
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
          {STEPS.map((label) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {step === 0 && (
          <Box sx={{ textAlign: "center", py: 3, border: 2, borderStyle: "dashed", borderColor: "divider", borderRadius: 2 }}>
            <UploadFile color="primary" sx={{ fontSize: 48 }} aria-hidden />
            <Typography sx={{ mb: 1 }}>
              A CSV with a header row: exports from Apollo, HubSpot, LinkedIn Sales Navigator or Google Sheets are matched automatically.
            </Typography>
            <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
              {`Up to ${MAX_MB} MB. Comma, semicolon or tab separated.`}
            </Typography>
            <Button variant="contained" component="label" disabled={previewCall.isPending}>
              {previewCall.isPending ? "Reading the file…" : "Choose a CSV file"}
              <input
                hidden
                type="file"
                accept=".csv,text/csv,text/plain"
                aria-label="CSV file"
                onChange={(e) => {
                  choose(e.target.files?.[0]);
                  e.target.value = "";
                }}
              />
            </Button>
            {file && previewCall.isError && (
              <Alert severity="error" sx={{ mt: 2, textAlign: "left" }}>
                {`${file.name}: ${errorMessage(previewCall.error)}`}
              </Alert>
            )}
          </Box>
        )}
        {step === 1 && preview && <MappingStep preview={preview} mapping={mapping} onChange={setMapping} />}
        {step === 2 && <PreviewStep preview={mappedCall.data} pending={mappedCall.isPending} error={mappedCall.error} />}
        {step === 3 && (
          <>
            <Typography variant="body2" sx={{ mb: 1 }}>
              When a row matches a lead already in this workspace (same email, or same name at the same company):
            </Typography>
            <RadioGroup value={policy} onChange={(e) => setPolicy(e.target.value as DuplicatePolicy)} aria-label="Duplicate policy">
              {POLICIES.map((p) => (
                <FormControlLabel
                  key={p.value}
                  value={p.value}
                  control={<Radio />}
                  sx={{ alignItems: "flex-start", mb: 1, "& .MuiRadio-root": { pt: 0.5 } }}
                  label={
                    <Box>
                      <Typography>{p.label}</Typography>
                      <Typography variant="body2" color="textSecondary">
                        {p.help}
                      </Typography>
                    </Box>
                  }
                />
              ))}
            </RadioGroup>
            {start.isError && <Alert severity="error">{errorMessage(start.error)}</Alert>}
          </>
        )}
        {step === 4 && job && <ImportProgress job={job} />}
      </DialogContent>
      <DialogActions>
        {step < 4 && <Button onClick={close}>Cancel</Button>}
        {step > 0 && step < 4 && <Button onClick={() => setStep(step - 1)}>Back</Button>}
        {step > 0 && step < 3 && (
          <Button variant="contained" onClick={next} disabled={!canNext}>
            Next
          </Button>
        )}
        {step === 3 && (
          <Button variant="contained" onClick={begin} disabled={start.isPending}>
            {start.isPending ? "Starting…" : "Start import"}
          </Button>
        )}
        {step === 4 && <ImportDone job={job} onAnother={resetAll} onClose={close} />}
      </DialogActions>
    </Dialog>
  );
}

function ImportDone({ job, onAnother, onClose }: { job: ImportJob | null; onAnother: () => void; onClose: () => void }) {
  const current = useImportJob(job).data ?? job;
  const running = current !== null && isActiveJob(current);
  return (
    <>
      {!running && <Button onClick={onAnother}>Import another file</Button>}
      <Button variant="contained" onClick={onClose}>
        {running ? "Hide" : "Done"}
      </Button>
    </>
  );
}
