/**
 * Experiments across campaigns (GET /api/experiments) and the changes to one: traffic mode, metric
 * and exploration floor (PUT), declaring or withdrawing a winner. Keys sit under ["campaigns"], so a
 * campaign change refreshes them too; a change refreshes the list and the campaign's A/B results.
 */
import type { DeclareWinnerInput, Experiment, ExperimentList, ExperimentListQuery, ExperimentSettingsInput } from "@prospector/contracts";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { campaignKeys } from "../../campaigns/api/campaign-keys.ts";

export type ExperimentFilters = Partial<Pick<ExperimentListQuery, "status" | "campaign_id" | "metric" | "mode">> & {
  page: number;
  per_page: number;
};

export const experimentKeys = {
  all: [...campaignKeys.all, "experiments"] as const,
  list: (f: ExperimentFilters) => [...experimentKeys.all, f] as const,
};

export function useExperiments(filters: ExperimentFilters) {
  return useQuery({
    queryKey: experimentKeys.list(filters),
    queryFn: ({ signal }) => api.get<ExperimentList>("/experiments", { params: { ...filters }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

const path = (e: Pick<Experiment, "campaign_id" | "step">) => `/experiments/${encodeURIComponent(e.campaign_id)}/${e.step}`;

function useExperimentChange<V>(send: (vars: V) => Promise<Experiment>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (e) => {
      void qc.invalidateQueries({ queryKey: experimentKeys.all });
      void qc.invalidateQueries({ queryKey: campaignKeys.sub(e.campaign_id, "ab-results") });
      void qc.invalidateQueries({ queryKey: campaignKeys.sub(e.campaign_id, "activity") });
    },
  });
}

export const useExperimentSettings = () =>
  useExperimentChange((v: { experiment: Experiment; input: ExperimentSettingsInput }) => api.put<Experiment>(path(v.experiment), v.input));

export const useDeclareWinner = () =>
  useExperimentChange((v: { experiment: Experiment; input: DeclareWinnerInput }) =>
    api.post<Experiment>(`${path(v.experiment)}/winner`, v.input),
  );

export const useClearWinner = () =>
  useExperimentChange((v: { experiment: Experiment }) => api.delete<Experiment>(`${path(v.experiment)}/winner`));
