/** The access audit log: one page of entries for the filters, and the same filters as a CSV download. */
import type { AuditFilters, AuditPage } from "@prospector/contracts";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api, downloadBlob } from "../../../lib/api-client.ts";
import { RBAC, rbacKeys } from "./rbac-keys.ts";

export type AuditParams = AuditFilters & { page: number; per_page: number };

export function useAuditLog(params: AuditParams, enabled = true) {
  return useQuery({
    enabled,
    queryKey: rbacKeys.audit(params),
    queryFn: ({ signal }) => api.get<z.infer<typeof AuditPage>>(`${RBAC}/audit/logs`, { params: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAuditCsv() {
  return useMutation({
    mutationFn: async (filters: AuditFilters) => {
      const blob = await api.getBlob(`${RBAC}/audit/logs.csv`, { params: { ...filters } });
      downloadBlob(blob, `access-audit-${new Date().toISOString().slice(0, 10)}.csv`);
    },
  });
}
