/**
 * What the incidents pages read and do (docs/security-incidents.md): the keyset list with filters,
 * one incident with its timeline, create (by hand or from an alert), status/severity/assignee
 * changes, comments, containment actions and the targets they may name. Keys under ["incidents"].
 */
import type {
  ContainmentAction,
  ContainmentResult,
  ContainmentTargets,
  IncidentCreate,
  IncidentDetail,
  IncidentKind,
  IncidentPage,
  IncidentSeverity,
  IncidentStatus,
  IncidentUpdate,
} from "@prospector/contracts";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export interface IncidentFilters {
  status?: IncidentStatus;
  severity?: IncidentSeverity;
  kind?: IncidentKind;
  assignee_id?: string;
}

export const incidentKeys = {
  all: ["incidents"] as const,
  list: (f: IncidentFilters, cursor: string | undefined) => ["incidents", "list", f, cursor ?? null] as const,
  detail: (id: string) => ["incidents", "detail", id] as const,
  targets: ["incidents", "targets"] as const,
};

export const INCIDENT_PAGE_SIZE = 25;

export function useIncidents(filters: IncidentFilters, cursor: string | undefined) {
  return useQuery({
    queryKey: incidentKeys.list(filters, cursor),
    queryFn: ({ signal }) => api.get<IncidentPage>("/incidents", { params: { ...filters, limit: INCIDENT_PAGE_SIZE, cursor }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useIncident(id: string | null) {
  return useQuery({
    queryKey: incidentKeys.detail(id ?? ""),
    queryFn: ({ signal }) => api.get<IncidentDetail>(`/incidents/${id}`, { signal }),
    enabled: Boolean(id),
  });
}

export function useContainmentTargets(enabled: boolean) {
  return useQuery({
    queryKey: incidentKeys.targets,
    queryFn: ({ signal }) => api.get<ContainmentTargets>("/incidents/containment-targets", { signal }),
    enabled,
    staleTime: 15_000,
  });
}

/** After a change: the detail gets the answer, lists reload. */
function useIncidentWrite<I>(write: (input: I) => Promise<IncidentDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (detail) => {
      queryClient.setQueryData(incidentKeys.detail(detail.id), detail);
      void queryClient.invalidateQueries({ queryKey: ["incidents", "list"] });
    },
  });
}

export const useCreateIncident = () => useIncidentWrite((input: IncidentCreate) => api.post<IncidentDetail>("/incidents", input));

export const useUpdateIncident = (id: string) =>
  useIncidentWrite((input: IncidentUpdate) => api.patch<IncidentDetail>(`/incidents/${id}`, input));

export const useCommentIncident = (id: string) =>
  useIncidentWrite((body: string) => api.post<IncidentDetail>(`/incidents/${id}/comments`, { body }));

export function useContainIncident(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ContainmentAction) => api.post<ContainmentResult>(`/incidents/${id}/actions`, action),
    onSuccess: (result) => {
      queryClient.setQueryData(incidentKeys.detail(id), result.incident);
      void queryClient.invalidateQueries({ queryKey: incidentKeys.targets });
    },
  });
}
