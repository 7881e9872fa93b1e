/**
 * CSV import: preview (headers, the server's automatic mapping, first rows), start the job with
 * the chosen mapping and duplicate policy, follow it, and download its error report.
 */
import type { DuplicatePolicy, ImportJob, ImportMapping, ImportPreview } from "@prospector/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api, downloadBlob } from "../../../lib/api-client.ts";
import { leadKeys } from "./lead-keys.ts";
import { isActiveJob, useJobProgress } from "./use-job-progress.ts";

/** The file's headers, the automatic mapping, and its first rows read as leads (with `mapping` when given). */
export function useImportPreview() {
  return useMutation({
    mutationFn: ({ file, mapping }: { file: File; mapping?: ImportMapping }) => {
      const form = new FormData();
      if (mapping) form.append("mapping", JSON.stringify(mapping));
      form.append("file", file);
      return api.upload<ImportPreview>("/leads/import/preview", form);
    },
  });
}

export function useStartImport() {
  return useMutation({
    mutationFn: ({ file, mapping, duplicatePolicy }: { file: File; mapping: ImportMapping; duplicatePolicy: DuplicatePolicy }) => {
      const form = new FormData();
      // Text fields first: the server reads them whatever their order, but this keeps the request obvious.
      form.append("mapping", JSON.stringify(mapping));
      form.append("duplicate_policy", duplicatePolicy);
      form.append("file", file);
      return api.upload<ImportJob>("/leads/import", form);
    },
  });
}

export function useImportJob(job: ImportJob | null) {
  const queryClient = useQueryClient();
  const id = job?.id ?? null;
  const query = useJobProgress<ImportJob>({
    key: leadKeys.importJob(id ?? ""),
    path: id ? `/leads/import-jobs/${encodeURIComponent(id)}` : null,
    event: "lead_import.progress",
    id,
    initial: job ?? undefined,
  });
  const finished = query.data && !isActiveJob(query.data);
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: leadKeys.all, predicate: (q) => q.queryKey[1] !== "import-job" });
  }, [finished, queryClient]);
  return query;
}

export function useDownloadImportErrors() {
  return useMutation({
    mutationFn: async (jobId: string) => {
      const blob = await api.getBlob(`/leads/import-jobs/${encodeURIComponent(jobId)}/errors.csv`);
      downloadBlob(blob, `import-${jobId}-errors.csv`);
    },
  });
}
