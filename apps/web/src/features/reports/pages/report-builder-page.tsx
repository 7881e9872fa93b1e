/**
 * /report-builder: What do my own numbers say, cut the way I choose? Pick metrics, dimensions,
 * filters and a period from the engine's catalogue; the preview is the engine's own answer. Save it,
 * email it on a schedule, export it as CSV, XLSX or PDF, and follow every delivery.
 */

import { Alert, Box, Button, ButtonGroup, Card, CardContent, CircularProgress, Stack, TextField, Typography } from "@mui/material";
import type { ReportExportFormat, SavedReport } from "@prospector/contracts";
import { useEffect, useMemo, useState } from "react";
import { usePermissions } from "../../../app/permissions/permission-provider.tsx";
import { ApiError, errorMessage } from "../../../lib/errors.ts";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useCatalog, useExport, usePreview, useSaveReport } from "../api/use-reports.ts";
import { DefinitionForm } from "../components/definition-form.tsx";
import { DeliveryLog } from "../components/delivery-log.tsx";
import { type Draft, definitionOf, NEW_DRAFT, previewQuery } from "../components/report-draft.ts";
import { ReportPreview } from "../components/report-preview.tsx";
import { SavedReports } from "../components/saved-reports.tsx";
import { ScheduleDialog } from "../components/schedule-dialog.tsx";

/** The preview asks again only once the definition has been still for a moment. */
function useSettled<T>(value: T, ms = 400): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

export default function ReportBuilderPage() {
  const { can } = usePermissions();
  const canWrite = can("reports:create");
  const catalog = useCatalog();
  const toast = useToast();
  const [draft, setDraft] = useState<Draft>(NEW_DRAFT);
  const [name, setName] = useState("");
  const [openId, setOpenId] = useState<string | null>(null);
  const [scheduling, setScheduling] = useState<SavedReport | null>(null);
  const query = useMemo(() => previewQuery(draft), [draft]);
  const settled = useSettled(query);
  const preview = usePreview(settled);
  const save = useSaveReport();
  const exporter = useExport();

  const open = (r: SavedReport) => {
    setDraft({ ...r.definition, filters: r.definition.filters ?? {} });
    setName(r.name);
    setOpenId(r.id);
  };
  const saveAs = (asNew: boolean) =>
    save.mutate(
      { id: asNew ? undefined : (openId ?? undefined), name: name.trim(), definition: definitionOf(draft) },
      {
        onSuccess: (r) => {
          setOpenId(r.id);
          toast.success(`Saved “${r.name}”`);
        },
      },
    );
  const download = (format: ReportExportFormat) =>
    exporter.mutate(
      { name: name.trim() || "Report", definition: definitionOf(draft), format },
      { onError: (e) => toast.error(errorMessage(e)) },
    );
  const saveError = save.error instanceof ApiError ? save.error : null;

  return (
    <Stack spacing={2}>
      <PageIntro
        question="What do my own numbers say, cut the way I choose?"
        summary="Every figure comes from the analytics engine with its source; rates carry their sample and 95 % interval. Days are UTC."
      />
      {catalog.isError && <Alert severity="error">{errorMessage(catalog.error)}</Alert>}
      {catalog.isLoading && <CircularProgress aria-label="Loading the catalogue" />}
      {catalog.data && (
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "minmax(300px, 380px) 1fr" }, alignItems: "start" }}>
          <Card variant="outlined">
            <CardContent>
              <DefinitionForm catalog={catalog.data} value={draft} onChange={setDraft} />
            </CardContent>
          </Card>
          <Stack spacing={2} sx={{ minWidth: 0 }}>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "flex-start" } }}>
              <TextField
                size="small"
                label="Report name"
                value={name}
                onChange={(e) => setName(e.target.value)}
                error={saveError?.field === "name"}
                helperText={saveError ? errorMessage(saveError) : " "}
                sx={{ flex: 1 }}
                disabled={!canWrite}
              />
              {canWrite && (
                <Stack direction="row" spacing={1}>
                  <Button variant="contained" disabled={!name.trim() || !query || save.isPending} onClick={() => saveAs(false)}>
                    {openId ? "Save" : "Save report"}
                  </Button>
                  {openId && (
                    <Button disabled={!name.trim() || !query || save.isPending} onClick={() => saveAs(true)}>
                      Save as new
                    </Button>
                  )}
                </Stack>
              )}
              <ButtonGroup
                size="small"
                aria-label="Export"
                disabled={!query || exporter.isPending}
                sx={{ alignSelf: { sm: "center" }, mb: { sm: 2.5 } }}
              >
                <Button onClick={() => download("csv")}>CSV</Button>
                <Button onClick={() => download("xlsx")}>XLSX</Button>
                <Button onClick={() => download("pdf")}>PDF</Button>
              </ButtonGroup>
            </Stack>
            {!query && <EmptyState title="Choose a metric" hint="Pick at least one metric on the left to see your figures." />}
            {query && preview.isError && <Alert severity="error">{errorMessage(preview.error)}</Alert>}
            {query && preview.isLoading && <CircularProgress aria-label="Computing the preview" />}
            {query && preview.data && (
              <ReportPreview catalog={catalog.data} result={preview.data} chart={draft.chart} title={name.trim() || "Preview"} />
            )}
            {preview.isFetching && preview.data && (
              <Typography variant="caption" color="textSecondary">
                Updating…
              </Typography>
            )}
          </Stack>
        </Box>
      )}
      <SavedReports
        openId={openId}
        canWrite={canWrite}
        onOpen={open}
        onSchedule={setScheduling}
        onDeleted={(id) => {
          if (id === openId) setOpenId(null);
        }}
      />
      <DeliveryLog reportId={null} />
      {scheduling && <ScheduleDialog report={scheduling} onClose={() => setScheduling(null)} />}
    </Stack>
  );
}
