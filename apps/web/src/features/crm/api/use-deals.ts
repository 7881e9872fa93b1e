/**
 * The pipeline's calls: stages (list, add, edit, reorder, delete), the board's columns (each stage's
 * deals in board order), moving a deal (optimistic: the card moves at once and goes back, with a
 * toast, if the server refuses), a deal's stage history, and booking a meeting.
 */
import type {
  BookedMeeting,
  BookMeeting,
  CrmDeal,
  CrmOverview,
  CrmStage,
  DealHistoryEntry,
  DealMove,
  StageCreate,
  StageUpdate,
} from "@prospector/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { crmKeys } from "./crm-keys.ts";
import { useInvalidateCrm } from "./use-records.ts";

/** Cards a board column loads (the column's count and value still cover every deal). */
export const BOARD_COLUMN_LIMIT = 100;

export type BoardColumn = { items: CrmDeal[]; total: number };

export function useStages() {
  return useQuery({
    queryKey: crmKeys.stages(),
    queryFn: ({ signal }) => api.get<CrmStage[]>("/crm/stages", { signal }),
    staleTime: 30_000,
  });
}

export function useOverview() {
  return useQuery({ queryKey: crmKeys.overview(), queryFn: ({ signal }) => api.get<CrmOverview>("/crm/overview", { signal }) });
}

export function useBoardColumn(stageId: string, search: string) {
  return useQuery({
    queryKey: crmKeys.board(stageId, search),
    queryFn: ({ signal }) =>
      api.getList<CrmDeal>("/crm/deals/", {
        params: { stage_id: stageId, sort: "position", order: "asc", limit: BOARD_COLUMN_LIMIT, ...(search ? { search } : {}) },
        signal,
      }),
    staleTime: 10_000,
  });
}

export interface MoveInput {
  deal: CrmDeal;
  to: CrmStage;
  /** Where it lands among the target column's other cards (0 = top). */
  index: number;
  search: string;
}

/** The move body: the neighbours it lands between in the target column (without the card itself). */
export function moveBody(target: CrmDeal[], dealId: string, stageId: string, index: number): DealMove {
  const others = target.filter((d) => d.id !== dealId);
  const at = Math.max(0, Math.min(index, others.length));
  return { stage_id: stageId, after_id: others[at - 1]?.id ?? null, before_id: others[at]?.id ?? null };
}

export function useMoveDeal(onFailed: (deal: CrmDeal, error: unknown) => void) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCrm();
  return useMutation({
    mutationFn: ({ deal, to, index, search }: MoveInput) => {
      const target = queryClient.getQueryData<BoardColumn>(crmKeys.board(to.id, search))?.items ?? [];
      return api.post<CrmDeal>(`/crm/deals/${encodeURIComponent(deal.id)}/move`, moveBody(target, deal.id, to.id, index));
    },
    onMutate: async ({ deal, to, index, search }) => {
      const fromKey = crmKeys.board(deal.stage_id, search);
      const toKey = crmKeys.board(to.id, search);
      await queryClient.cancelQueries({ queryKey: fromKey });
      await queryClient.cancelQueries({ queryKey: toKey });
      const before = { from: queryClient.getQueryData<BoardColumn>(fromKey), to: queryClient.getQueryData<BoardColumn>(toKey) };
      // A deal without a probability of its own takes its new stage's at once, as the server will.
      const moved: CrmDeal = {
        ...deal,
        stage_id: to.id,
        stage: to.name,
        status: to.is_won ? "won" : to.is_lost ? "lost" : "open",
        effective_probability: deal.probability ?? to.probability,
      };
      const same = deal.stage_id === to.id;
      queryClient.setQueryData<BoardColumn>(fromKey, (col) =>
        col ? { items: col.items.filter((d) => d.id !== deal.id), total: same ? col.total : Math.max(0, col.total - 1) } : col,
      );
      queryClient.setQueryData<BoardColumn>(toKey, (col) => {
        const items = (col?.items ?? []).filter((d) => d.id !== deal.id);
        items.splice(Math.max(0, Math.min(index, items.length)), 0, moved);
        return { items, total: (col?.total ?? 0) + (same ? 0 : 1) };
      });
      return { before, fromKey, toKey };
    },
    onError: (error, { deal }, context) => {
      if (context) {
        queryClient.setQueryData(context.fromKey, context.before.from);
        queryClient.setQueryData(context.toKey, context.before.to);
      }
      onFailed(deal, error);
    },
    onSettled: () => invalidate(),
  });
}

export function useDealHistory(id: string) {
  return useQuery({
    queryKey: crmKeys.dealHistory(id),
    queryFn: ({ signal }) => api.get<DealHistoryEntry[]>(`/crm/deals/${encodeURIComponent(id)}/history`, { signal }),
  });
}

export function useBookMeeting() {
  const invalidate = useInvalidateCrm();
  return useMutation({
    mutationFn: (input: BookMeeting) => api.post<BookedMeeting>("/crm/meetings", input),
    onSuccess: () => invalidate(),
  });
}

export function useStageMutations() {
  const invalidate = useInvalidateCrm();
  const done = { onSettled: () => invalidate() };
  return {
    create: useMutation({ mutationFn: (input: StageCreate) => api.post<CrmStage>("/crm/stages", input), ...done }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: string; input: StageUpdate }) => api.put<CrmStage>(`/crm/stages/${encodeURIComponent(id)}`, input),
      ...done,
    }),
    reorder: useMutation({
      mutationFn: (stageIds: string[]) => api.put<CrmStage[]>("/crm/stages/order", { stage_ids: stageIds }),
      ...done,
    }),
    remove: useMutation({ mutationFn: (id: string) => api.delete<void>(`/crm/stages/${encodeURIComponent(id)}`), ...done }),
  };
}
